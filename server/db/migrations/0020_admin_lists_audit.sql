-- Admin lists at scale and the append-only audit log (docs/decisions/028-admin-area.md).
-- Trigram indexes make substring search fast; pg_trgm ships with PostgreSQL and PGlite.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
-- Lower case without accents, with built-ins only (unaccent is not IMMUTABLE, and lower() of
-- a non-ASCII letter depends on the database's locale, so accented capitals are mapped first).
CREATE OR REPLACE FUNCTION alta_fold(value text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT lower(translate(value, 'ÁÀÂÃÄÅĀĂĄáàâãäåāăąÉÈÊËĒĖĘĚéèêëēėęěÍÌÎÏĪĮíìîïīįÓÒÔÕÖØŌŐóòôõöøōőÚÙÛÜŪŮŰúùûüūůűÇĆČçćčÑŃŇñńňÝŸýÿŠŚšśŽŹŻžźżĐđŁłĞğ', 'AAAAAAAAAaaaaaaaaaEEEEEEEEeeeeeeeeIIIIIIiiiiiiOOOOOOOOooooooooUUUUUUUuuuuuuuCCCcccNNNnnnYYyySSssZZZzzzDdLlGg'))
$$;
--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "subject_company_id" uuid;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "status_changed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "status_changed_by" uuid;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "search_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "search_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "companies_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_subject_company_id_companies_id_fk" FOREIGN KEY ("subject_company_id") REFERENCES "public"."companies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_status_changed_by_users_id_fk" FOREIGN KEY ("status_changed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_subject_user_idx" ON "audit_log" USING btree ("subject_user_id","created_at");--> statement-breakpoint
CREATE INDEX "audit_log_subject_company_idx" ON "audit_log" USING btree ("subject_company_id","created_at");--> statement-breakpoint
CREATE INDEX "companies_search_trgm_idx" ON "companies" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "companies_name_idx" ON "companies" USING btree ("name_option_1","id");--> statement-breakpoint
CREATE INDEX "companies_type_idx" ON "companies" USING btree ("type","id");--> statement-breakpoint
CREATE INDEX "companies_status_idx" ON "companies" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "companies_status_owner_idx" ON "companies" USING btree ("status","owner_id");--> statement-breakpoint
CREATE INDEX "companies_state_idx" ON "companies" USING btree ("state","id");--> statement-breakpoint
CREATE INDEX "companies_migrated_idx" ON "companies" USING btree ("migrated","id");--> statement-breakpoint
CREATE INDEX "companies_requested_idx" ON "companies" USING btree ("requested_at","id");--> statement-breakpoint
CREATE INDEX "users_search_trgm_idx" ON "users" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_first_name_idx" ON "users" USING btree ("first_name","id");--> statement-breakpoint
CREATE INDEX "users_last_name_idx" ON "users" USING btree ("last_name","id");--> statement-breakpoint
CREATE INDEX "users_email_id_idx" ON "users" USING btree ("email","id");--> statement-breakpoint
CREATE INDEX "users_phone_idx" ON "users" USING btree ("phone","id");--> statement-breakpoint
CREATE INDEX "users_status_idx" ON "users" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "users_created_idx" ON "users" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "users_companies_count_idx" ON "users" USING btree ("companies_count","id");--> statement-breakpoint
CREATE OR REPLACE FUNCTION alta_user_search_text(user_id uuid, first_name text, last_name text, email text, phone text) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT alta_fold(concat_ws(' ', $2, $3, $4, $5, (
    SELECT string_agg(concat_ws(' ', c.name_option_1, c.name_option_2), ' ')
    FROM companies c
    WHERE c.id IN (SELECT o.id FROM companies o WHERE o.owner_id = $1 UNION SELECT m.company_id FROM company_members m WHERE m.user_id = $1)
  )))
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION alta_company_search_text(name_option_1 text, name_option_2 text, order_number text, owner_id uuid) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT alta_fold(concat_ws(' ', $1, $2, $3, (SELECT concat_ws(' ', u.first_name, u.last_name, u.email) FROM users u WHERE u.id = $4)))
$$;
--> statement-breakpoint
-- Recomputes the search text and company count of users whose companies changed. Owned and
-- joined companies are a UNION, not an OR: each side uses its index (an OR scans every company).
CREATE OR REPLACE FUNCTION alta_refresh_user_search(user_ids uuid[]) RETURNS void LANGUAGE sql AS $$
  UPDATE users u SET
    search_text = alta_user_search_text(u.id, u.first_name, u.last_name, u.email, u.phone),
    companies_count = (SELECT count(*) FROM (SELECT o.id FROM companies o WHERE o.owner_id = u.id UNION SELECT m.company_id FROM company_members m WHERE m.user_id = u.id) AS mine)
  WHERE u.id = ANY($1)
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION alta_users_search_stamp() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_text := alta_user_search_text(NEW.id, NEW.first_name, NEW.last_name, NEW.email, NEW.phone);
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER users_search_stamp BEFORE INSERT OR UPDATE OF first_name, last_name, email, phone ON users
  FOR EACH ROW EXECUTE FUNCTION alta_users_search_stamp();
--> statement-breakpoint
-- The owner's name and email are part of each of their companies' search text.
CREATE OR REPLACE FUNCTION alta_users_owner_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE companies c SET search_text = alta_company_search_text(c.name_option_1, c.name_option_2, c.order_number, c.owner_id)
  WHERE c.owner_id = NEW.id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER users_owner_search AFTER UPDATE OF first_name, last_name, email ON users
  FOR EACH ROW EXECUTE FUNCTION alta_users_owner_changed();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION alta_companies_search_stamp() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_text := alta_company_search_text(NEW.name_option_1, NEW.name_option_2, NEW.order_number, NEW.owner_id);
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER companies_search_stamp BEFORE INSERT OR UPDATE OF name_option_1, name_option_2, order_number, owner_id ON companies
  FOR EACH ROW EXECUTE FUNCTION alta_companies_search_stamp();
--> statement-breakpoint
-- A company's names are part of its owner's and teammates' search text.
CREATE OR REPLACE FUNCTION alta_companies_people_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed_company uuid := CASE WHEN TG_OP = 'DELETE' THEN OLD.id ELSE NEW.id END;
  people uuid[];
BEGIN
  SELECT array_agg(m.user_id) INTO people FROM company_members m WHERE m.company_id = changed_company;
  people := coalesce(people, '{}');
  IF TG_OP <> 'INSERT' THEN people := people || OLD.owner_id; END IF;
  IF TG_OP <> 'DELETE' THEN people := people || NEW.owner_id; END IF;
  PERFORM alta_refresh_user_search(people);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER companies_people_search AFTER INSERT OR DELETE OR UPDATE OF name_option_1, name_option_2, owner_id ON companies
  FOR EACH ROW EXECUTE FUNCTION alta_companies_people_changed();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION alta_members_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM alta_refresh_user_search(ARRAY[CASE WHEN TG_OP = 'DELETE' THEN OLD.user_id ELSE NEW.user_id END]);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER company_members_search AFTER INSERT OR DELETE ON company_members
  FOR EACH ROW EXECUTE FUNCTION alta_members_changed();
--> statement-breakpoint
UPDATE users u SET
  search_text = alta_user_search_text(u.id, u.first_name, u.last_name, u.email, u.phone),
  companies_count = (SELECT count(*) FROM (SELECT o.id FROM companies o WHERE o.owner_id = u.id UNION SELECT m.company_id FROM company_members m WHERE m.user_id = u.id) AS mine);
--> statement-breakpoint
UPDATE companies c SET search_text = alta_company_search_text(c.name_option_1, c.name_option_2, c.order_number, c.owner_id);
--> statement-breakpoint
-- Append-only: an audit row is never changed or removed. The one change let through is the
-- foreign keys' ON DELETE SET NULL (the row outlives the account or company it names; the
-- emails beside the ids still say who).
CREATE OR REPLACE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE'
    AND (NEW.actor_id IS NOT DISTINCT FROM OLD.actor_id OR NEW.actor_id IS NULL)
    AND (NEW.subject_user_id IS NOT DISTINCT FROM OLD.subject_user_id OR NEW.subject_user_id IS NULL)
    AND (NEW.subject_company_id IS NOT DISTINCT FROM OLD.subject_company_id OR NEW.subject_company_id IS NULL)
    AND (NEW.id, NEW.actor_email, NEW.action, NEW.subject_email, NEW.details, NEW.ip, NEW.created_at)
      IS NOT DISTINCT FROM (OLD.id, OLD.actor_email, OLD.action, OLD.subject_email, OLD.details, OLD.ip, OLD.created_at)
  THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'audit_log is append-only' USING ERRCODE = 'insufficient_privilege';
END
$$;
--> statement-breakpoint
CREATE TRIGGER audit_log_no_change BEFORE UPDATE OR DELETE ON audit_log
  FOR EACH ROW EXECUTE FUNCTION audit_log_append_only();
--> statement-breakpoint
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION audit_log_append_only();
