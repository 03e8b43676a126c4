-- Bookkeeping rows are synced per company (docs/decisions/005-bookkeeping-and-import.md):
-- every write is stamped with the change sequence and deletes leave tombstones.
SELECT sync_track_table('transactions', 'company_id');--> statement-breakpoint
SELECT sync_track_table('manual_accounts', 'company_id');--> statement-breakpoint
SELECT sync_track_table('batch_imports', 'company_id');
