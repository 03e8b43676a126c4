ALTER TABLE "coupons" DROP CONSTRAINT "coupons_redemptions_within_max";--> statement-breakpoint
ALTER TABLE "sync_tombstones" DROP CONSTRAINT "sync_tombstones_table_name_row_id_pk";--> statement-breakpoint
ALTER TABLE "sync_tombstones" ADD CONSTRAINT "sync_tombstones_table_name_row_id_scope_id_pk" PRIMARY KEY("table_name","row_id","scope_id");