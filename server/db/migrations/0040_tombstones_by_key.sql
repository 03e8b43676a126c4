-- A written row's tombstone is found by its key (docs/decisions/105).
-- 1. The stamping trigger looked for the tombstone of each inserted row with
--    `table_name = TG_TABLE_NAME`. TG_TABLE_NAME is a `name`, whose collation is "C", and the
--    tombstones' primary key is in the database's collation: the key could not be used, and
--    each row read every tombstone of its scope through the scope's index (7 ms a row in a
--    company with 20,000 of them). The comparison is now in the key's collation.
-- 2. The tombstones of inserted rows are removed once per statement, over the statement's
--    inserted rows, rather than by a delete per row: a 1,000-line import ran a thousand
--    deletes that almost always found nothing. The per-row trigger still removes the tombstone
--    of a row moved into another scope by an update.
CREATE OR REPLACE FUNCTION sync_stamp_row() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_scope text;
  new_scope text;
BEGIN
  IF TG_ARGV[0] = 'company_id' THEN
    new_scope := NEW.company_id::text;
    IF TG_OP = 'UPDATE' THEN old_scope := OLD.company_id::text; END IF;
  ELSIF TG_ARGV[0] = 'user_id' THEN
    new_scope := NEW.user_id::text;
    IF TG_OP = 'UPDATE' THEN old_scope := OLD.user_id::text; END IF;
  ELSE
    new_scope := to_jsonb(NEW) ->> TG_ARGV[0];
    IF TG_OP = 'UPDATE' THEN old_scope := to_jsonb(OLD) ->> TG_ARGV[0]; END IF;
  END IF;
  IF old_scope IS NOT NULL AND old_scope IS DISTINCT FROM new_scope THEN
    -- Both scopes' locks in key order, as pushes take them (the new scope's below is then re-entrant).
    IF new_scope IS NOT NULL AND hashtext(new_scope) < hashtext(old_scope) THEN
      PERFORM sync_lock_scope(new_scope);
    END IF;
    PERFORM sync_lock_scope(old_scope);
    INSERT INTO sync_tombstones (table_name, row_id, scope_id, version)
    VALUES (TG_TABLE_NAME, OLD.id::text, old_scope, nextval('sync_version'))
    ON CONFLICT (table_name, row_id, scope_id) DO UPDATE SET version = EXCLUDED.version, deleted_at = now();
  END IF;
  IF new_scope IS NOT NULL THEN
    PERFORM sync_lock_scope(new_scope);
    -- An inserted row's tombstone is removed by `sync_revive_rows`, once for its statement.
    IF TG_OP = 'UPDATE' AND old_scope IS DISTINCT FROM new_scope THEN
      DELETE FROM sync_tombstones
      WHERE table_name = TG_TABLE_NAME::text COLLATE "default" AND row_id = NEW.id::text AND scope_id = new_scope;
    END IF;
  END IF;
  NEW.version := nextval('sync_version');
  RETURN NEW;
END
$$;
--> statement-breakpoint
-- Runs after each insert statement on a synced table, over the rows it inserted (a transition
-- table): the tombstone of an id deleted from a scope and written into it again goes, as the
-- row's own insert did before. Its scope's lock is already held: the row trigger took it.
CREATE OR REPLACE FUNCTION sync_revive_rows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_ARGV[0] = 'company_id' THEN
    DELETE FROM sync_tombstones t USING sync_inserted n
    WHERE t.table_name = TG_TABLE_NAME::text COLLATE "default" AND t.row_id = n.id::text AND t.scope_id = n.company_id::text;
  ELSIF TG_ARGV[0] = 'user_id' THEN
    DELETE FROM sync_tombstones t USING sync_inserted n
    WHERE t.table_name = TG_TABLE_NAME::text COLLATE "default" AND t.row_id = n.id::text AND t.scope_id = n.user_id::text;
  ELSE
    DELETE FROM sync_tombstones t USING sync_inserted n
    WHERE t.table_name = TG_TABLE_NAME::text COLLATE "default" AND t.row_id = n.id::text AND t.scope_id = to_jsonb(n) ->> TG_ARGV[0];
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION sync_track_inserts(tracked regclass, scope_column text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %s REFERENCING NEW TABLE AS sync_inserted FOR EACH STATEMENT EXECUTE FUNCTION sync_revive_rows(%L)',
    (SELECT relname FROM pg_class WHERE oid = tracked) || '_sync_revive', tracked, scope_column);
END
$$;
--> statement-breakpoint
-- A table tracked from now on gets all three triggers.
CREATE OR REPLACE FUNCTION sync_track_table(tracked regclass, scope_column text) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  name text := (SELECT relname FROM pg_class WHERE oid = tracked);
BEGIN
  EXECUTE format('CREATE TRIGGER %I BEFORE INSERT OR UPDATE ON %s FOR EACH ROW EXECUTE FUNCTION sync_stamp_row(%L)',
    name || '_sync_stamp', tracked, scope_column);
  EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %s FOR EACH ROW EXECUTE FUNCTION sync_record_delete(%L)',
    name || '_sync_tombstone', tracked, scope_column);
  PERFORM sync_track_inserts(tracked, scope_column);
END
$$;
--> statement-breakpoint
SELECT sync_track_inserts('drafts', 'user_id');--> statement-breakpoint
SELECT sync_track_inserts('transactions', 'company_id');--> statement-breakpoint
SELECT sync_track_inserts('manual_accounts', 'company_id');--> statement-breakpoint
SELECT sync_track_inserts('batch_imports', 'company_id');--> statement-breakpoint
SELECT sync_track_inserts('linked_accounts', 'company_id');--> statement-breakpoint
SELECT sync_track_inserts('locked_years', 'company_id');--> statement-breakpoint
SELECT sync_track_inserts('categoriser_rules', 'company_id');--> statement-breakpoint
SELECT sync_track_inserts('inbox_receipts', 'company_id');
