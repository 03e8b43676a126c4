CREATE TABLE "categoriser_rules" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"contains" text NOT NULL,
	"category" text NOT NULL,
	"created_at" text NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inbox_receipts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"receipt" jsonb NOT NULL,
	"created_at" text NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "locked_years" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"year" integer NOT NULL,
	"locked_at" text NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "batch_imports" ADD COLUMN "received_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "categoriser_rules" ADD CONSTRAINT "categoriser_rules_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbox_receipts" ADD CONSTRAINT "inbox_receipts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "locked_years" ADD CONSTRAINT "locked_years_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "categoriser_rules_company_version_idx" ON "categoriser_rules" USING btree ("company_id","version");--> statement-breakpoint
CREATE INDEX "inbox_receipts_company_version_idx" ON "inbox_receipts" USING btree ("company_id","version");--> statement-breakpoint
CREATE INDEX "locked_years_company_version_idx" ON "locked_years" USING btree ("company_id","version");--> statement-breakpoint
CREATE UNIQUE INDEX "locked_years_company_year_idx" ON "locked_years" USING btree ("company_id","year");--> statement-breakpoint
CREATE INDEX "batch_imports_company_received_idx" ON "batch_imports" USING btree ("company_id","received_at");--> statement-breakpoint
-- Decision 024: locked years, categoriser rules and inbox receipts are synced per company.
SELECT sync_track_table('locked_years', 'company_id');--> statement-breakpoint
SELECT sync_track_table('categoriser_rules', 'company_id');--> statement-breakpoint
SELECT sync_track_table('inbox_receipts', 'company_id');--> statement-breakpoint
-- A sent declaration locks its year (SPEC §4) on every device: whoever writes `declarations`,
-- the synced `locked_years` follows in the same transaction.
CREATE OR REPLACE FUNCTION declarations_lock_year() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND (TG_OP = 'DELETE' OR NEW.sent_at IS NULL OR NEW.company_id <> OLD.company_id OR NEW.year <> OLD.year) THEN
    DELETE FROM locked_years WHERE company_id = OLD.company_id AND year = OLD.year;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.sent_at IS NOT NULL THEN
    INSERT INTO locked_years (company_id, year, locked_at)
    VALUES (NEW.company_id, NEW.year, to_char(NEW.sent_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
    ON CONFLICT (company_id, year) DO NOTHING;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER declarations_lock_year
AFTER INSERT OR UPDATE OR DELETE ON declarations
FOR EACH ROW EXECUTE FUNCTION declarations_lock_year();
--> statement-breakpoint
INSERT INTO locked_years (company_id, year, locked_at)
SELECT company_id, year, to_char(sent_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') FROM declarations WHERE sent_at IS NOT NULL
ON CONFLICT (company_id, year) DO NOTHING;
--> statement-breakpoint
-- The SPEC §9 import cooldown counts from the server's clock: a batch is stamped when first
-- stored and keeps that time whatever a later write (or a forged one) carries.
CREATE OR REPLACE FUNCTION batch_imports_received_at() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    NEW.received_at := now();
  ELSE
    NEW.received_at := OLD.received_at;
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER batch_imports_received_at
BEFORE INSERT OR UPDATE ON batch_imports
FOR EACH ROW EXECUTE FUNCTION batch_imports_received_at();
--> statement-breakpoint
-- An inbox receipt deleted (or matched: its key moves to a transaction) leaves storage like a
-- detached one (migration 0010); the sweeper keeps keys a transaction or an inbox row holds.
CREATE TRIGGER inbox_receipts_receipt_orphan
AFTER UPDATE OF receipt OR DELETE ON inbox_receipts
FOR EACH ROW EXECUTE FUNCTION storage_record_receipt_orphan();
--> statement-breakpoint
CREATE INDEX inbox_receipts_receipt_key_idx ON inbox_receipts ((receipt ->> 'key'));
