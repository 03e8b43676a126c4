-- Change tracking of synced tables (docs/decisions/004-sync-engine.md), installed per table
-- with `SELECT sync_track_table('<table>', '<scope column>');`.
--
-- Every write of a synced row takes transaction advisory lock 4207002 before drawing its
-- version from `sync_version`. The lock is held until commit, so versions become visible in
-- increasing order: a pull that has seen version N has seen every version below N, and a
-- cursor can never skip a row that commits late. Deletes leave a tombstone in the row's
-- scope; an update that moves a row to another scope leaves one in the old scope.
CREATE OR REPLACE FUNCTION sync_stamp_row() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_scope text;
  new_scope text;
BEGIN
  PERFORM pg_advisory_xact_lock(4207002);
  NEW.version := nextval('sync_version');
  IF TG_OP = 'INSERT' THEN
    DELETE FROM sync_tombstones WHERE table_name = TG_TABLE_NAME AND row_id = NEW.id::text;
  ELSE
    old_scope := to_jsonb(OLD) ->> TG_ARGV[0];
    new_scope := to_jsonb(NEW) ->> TG_ARGV[0];
    IF old_scope IS NOT NULL AND old_scope IS DISTINCT FROM new_scope THEN
      INSERT INTO sync_tombstones (table_name, row_id, scope_id, version)
      VALUES (TG_TABLE_NAME, OLD.id::text, old_scope, nextval('sync_version'))
      ON CONFLICT (table_name, row_id) DO UPDATE
        SET scope_id = EXCLUDED.scope_id, version = EXCLUDED.version, deleted_at = now();
    END IF;
  END IF;
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
    ON CONFLICT (table_name, row_id) DO UPDATE
      SET scope_id = EXCLUDED.scope_id, version = EXCLUDED.version, deleted_at = now();
  END IF;
  RETURN OLD;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION sync_track_table(tracked regclass, scope_column text) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  name text := (SELECT relname FROM pg_class WHERE oid = tracked);
BEGIN
  EXECUTE format('CREATE TRIGGER %I BEFORE INSERT OR UPDATE ON %s FOR EACH ROW EXECUTE FUNCTION sync_stamp_row(%L)',
    name || '_sync_stamp', tracked, scope_column);
  EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %s FOR EACH ROW EXECUTE FUNCTION sync_record_delete(%L)',
    name || '_sync_tombstone', tracked, scope_column);
END
$$;
--> statement-breakpoint
SELECT sync_track_table('drafts', 'user_id');
