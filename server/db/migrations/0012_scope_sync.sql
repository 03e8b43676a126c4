-- Sync writes lock per scope (docs/decisions/015-per-scope-sync.md). Every write of a synced
-- row takes the transaction advisory lock of its scope — key (4207002, hashtext(scope id)),
-- the user id of a user-scoped row or the company id of a company row — before drawing its
-- version, and holds it until commit. Versions still come from the one `sync_version`
-- sequence (drawing is not a lock), but only the versions *of one scope* become visible in
-- increasing order, so a pull cursor keeps one position per scope. Writes to different
-- scopes no longer wait for each other. A row without a scope (a guest's draft) is seen by no
-- device and takes no lock. A move between scopes locks both, the lower key first.
CREATE OR REPLACE FUNCTION sync_lock_scope(scope_id text) RETURNS void LANGUAGE sql AS $$
  SELECT pg_advisory_xact_lock(4207002, hashtext(scope_id))
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION sync_stamp_row() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_scope text;
  new_scope text := to_jsonb(NEW) ->> TG_ARGV[0];
BEGIN
  IF TG_OP = 'UPDATE' THEN
    old_scope := to_jsonb(OLD) ->> TG_ARGV[0];
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
    IF TG_OP = 'INSERT' OR old_scope IS DISTINCT FROM new_scope THEN
      DELETE FROM sync_tombstones WHERE table_name = TG_TABLE_NAME AND row_id = NEW.id::text AND scope_id = new_scope;
    END IF;
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
    PERFORM sync_lock_scope(old_scope);
    INSERT INTO sync_tombstones (table_name, row_id, scope_id, version)
    VALUES (TG_TABLE_NAME, OLD.id::text, old_scope, nextval('sync_version'))
    ON CONFLICT (table_name, row_id, scope_id) DO UPDATE SET version = EXCLUDED.version, deleted_at = now();
  END IF;
  RETURN OLD;
END
$$;
--> statement-breakpoint
-- Tombstones are purged per scope now (`tombstones_purged_through:<scope id>`): a quiet
-- scope's position must not fall behind a purge of another scope's tombstones.
DELETE FROM sync_state WHERE key = 'tombstones_purged_through';
