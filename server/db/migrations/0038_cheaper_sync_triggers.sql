-- Cheaper per-row sync triggers (docs/decisions/062): a push writes its rows in set-based
-- statements, after which the triggers fired for every row are most of a write's cost.
-- 1. The stamping trigger read its row's scope through `to_jsonb(NEW) ->> column`, which
--    converts the whole row (twice on an update). The two scope columns in use are read as
--    fields; any other column still goes through jsonb. What it does is unchanged.
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
    IF TG_OP = 'INSERT' OR old_scope IS DISTINCT FROM new_scope THEN
      DELETE FROM sync_tombstones WHERE table_name = TG_TABLE_NAME AND row_id = NEW.id::text AND scope_id = new_scope;
    END IF;
  END IF;
  NEW.version := nextval('sync_version');
  RETURN NEW;
END
$$;
--> statement-breakpoint
-- 2. The history trigger ran for every imported line only to return at once (imported lines
--    are recorded by their batch import): the insert trigger now fires only for lines typed by
--    hand, so an import queues no after-trigger event per row. Updates and deletes as before.
DROP TRIGGER transactions_record_change ON transactions;
--> statement-breakpoint
CREATE TRIGGER transactions_record_insert
AFTER INSERT ON transactions
FOR EACH ROW WHEN (NEW.import_id IS NULL) EXECUTE FUNCTION transactions_record_change();
--> statement-breakpoint
CREATE TRIGGER transactions_record_change
AFTER UPDATE OR DELETE ON transactions
FOR EACH ROW EXECUTE FUNCTION transactions_record_change();
