-- A receipt file that no transaction points at any more (detached, replaced by another, or
-- its transaction deleted, also by a company's cascade) is recorded in `storage_orphans` by
-- the same transaction that dropped it: a mutation rolled back or replayed records nothing,
-- and one that commits always does. NOTIFY, delivered only at commit, wakes the sweeper
-- (server/providers/storage/orphan-sweeper.ts), which deletes the stored object.
CREATE OR REPLACE FUNCTION storage_record_receipt_orphan() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_key text := OLD.receipt ->> 'key';
  new_key text;
BEGIN
  IF TG_OP = 'UPDATE' THEN
    new_key := NEW.receipt ->> 'key';
  END IF;
  IF old_key IS NOT NULL AND old_key IS DISTINCT FROM new_key THEN
    -- Due at once ('epoch'), whichever clock the sweeper reads.
    INSERT INTO storage_orphans (key, next_attempt_at) VALUES (old_key, 'epoch')
    ON CONFLICT (key) DO UPDATE SET next_attempt_at = 'epoch';
    PERFORM pg_notify('storage_orphans', '');
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER transactions_receipt_orphan
AFTER UPDATE OF receipt OR DELETE ON transactions
FOR EACH ROW EXECUTE FUNCTION storage_record_receipt_orphan();
--> statement-breakpoint
-- The sweeper checks that no transaction still points at a key before deleting its file.
CREATE INDEX transactions_receipt_key_idx ON transactions ((receipt ->> 'key')) WHERE receipt IS NOT NULL;
