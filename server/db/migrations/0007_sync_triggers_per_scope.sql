-- Tombstones are kept per row and scope (0006): an id deleted in one scope and then written
-- in another must still reach the devices of the first as a delete. A write now clears only
-- the tombstone of its own scope, and a move between scopes draws the old scope's tombstone
-- version before the row's, so a device that sees both applies them in that order.
CREATE OR REPLACE FUNCTION sync_stamp_row() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_scope text;
  new_scope text := to_jsonb(NEW) ->> TG_ARGV[0];
BEGIN
  PERFORM pg_advisory_xact_lock(4207002);
  IF TG_OP = 'UPDATE' THEN
    old_scope := to_jsonb(OLD) ->> TG_ARGV[0];
    IF old_scope IS NOT NULL AND old_scope IS DISTINCT FROM new_scope THEN
      INSERT INTO sync_tombstones (table_name, row_id, scope_id, version)
      VALUES (TG_TABLE_NAME, OLD.id::text, old_scope, nextval('sync_version'))
      ON CONFLICT (table_name, row_id, scope_id) DO UPDATE SET version = EXCLUDED.version, deleted_at = now();
    END IF;
  END IF;
  IF new_scope IS NOT NULL AND (TG_OP = 'INSERT' OR old_scope IS DISTINCT FROM new_scope) THEN
    DELETE FROM sync_tombstones WHERE table_name = TG_TABLE_NAME AND row_id = NEW.id::text AND scope_id = new_scope;
  END IF;
  NEW.version := nextval('sync_version');
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION sync_record_delete() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_scope text := to_jsonb(OLD) ->> TG_ARGV[0];
BEGIN
  IF old_scope IS NOT NULL THEN
    PERFORM pg_advisory_xact_lock(4207002);
    INSERT INTO sync_tombstones (table_name, row_id, scope_id, version)
    VALUES (TG_TABLE_NAME, OLD.id::text, old_scope, nextval('sync_version'))
    ON CONFLICT (table_name, row_id, scope_id) DO UPDATE SET version = EXCLUDED.version, deleted_at = now();
  END IF;
  RETURN OLD;
END
$$;
