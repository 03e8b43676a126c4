CREATE TABLE "transaction_changes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "transaction_changes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"transaction_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"user_id" uuid,
	"action" text NOT NULL,
	"changes" jsonb NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "transaction_changes" ADD CONSTRAINT "transaction_changes_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transaction_changes" ADD CONSTRAINT "transaction_changes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "transaction_changes_transaction_idx" ON "transaction_changes" USING btree ("transaction_id","id");--> statement-breakpoint
-- The history of every transaction (domain/bookkeeping-history.ts), written in the writing
-- transaction itself: rolled back with a refused mutation, never skipped by any write path.
-- Imported lines are not recorded one by one (their batch import is their record); a
-- company's cascade delete records nothing (the history goes with the company).
CREATE OR REPLACE FUNCTION transactions_record_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  diff jsonb := '{}'::jsonb;
  actor uuid := nullif(current_setting('alta.user_id', true), '')::uuid;
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF NEW.import_id IS NOT NULL THEN
      RETURN NULL;
    END IF;
    INSERT INTO transaction_changes (transaction_id, company_id, user_id, action, changes)
    VALUES (NEW.id, NEW.company_id, actor, 'created', '{}'::jsonb);
    RETURN NULL;
  END IF;
  IF TG_OP = 'DELETE' THEN
    IF NOT EXISTS (SELECT 1 FROM companies WHERE id = OLD.company_id) THEN
      RETURN NULL;
    END IF;
    INSERT INTO transaction_changes (transaction_id, company_id, user_id, action, changes)
    VALUES (OLD.id, OLD.company_id, actor, 'deleted', '{}'::jsonb);
    RETURN NULL;
  END IF;
  IF NEW.date IS DISTINCT FROM OLD.date THEN diff := diff || jsonb_build_object('date', jsonb_build_array(OLD.date, NEW.date)); END IF;
  IF NEW.description IS DISTINCT FROM OLD.description THEN diff := diff || jsonb_build_object('description', jsonb_build_array(OLD.description, NEW.description)); END IF;
  IF NEW.amount_cents IS DISTINCT FROM OLD.amount_cents THEN diff := diff || jsonb_build_object('amountCents', jsonb_build_array(OLD.amount_cents, NEW.amount_cents)); END IF;
  IF NEW.account_id IS DISTINCT FROM OLD.account_id THEN diff := diff || jsonb_build_object('accountId', jsonb_build_array(OLD.account_id, NEW.account_id)); END IF;
  IF NEW.category IS DISTINCT FROM OLD.category THEN diff := diff || jsonb_build_object('category', jsonb_build_array(OLD.category, NEW.category)); END IF;
  IF NEW.merchant IS DISTINCT FROM OLD.merchant THEN diff := diff || jsonb_build_object('merchant', jsonb_build_array(OLD.merchant, NEW.merchant)); END IF;
  IF NEW.note IS DISTINCT FROM OLD.note THEN diff := diff || jsonb_build_object('note', jsonb_build_array(OLD.note, NEW.note)); END IF;
  IF NEW.checked IS DISTINCT FROM OLD.checked THEN diff := diff || jsonb_build_object('checked', jsonb_build_array(OLD.checked, NEW.checked)); END IF;
  IF (NEW.receipt ->> 'key') IS DISTINCT FROM (OLD.receipt ->> 'key') THEN
    diff := diff || jsonb_build_object('receipt', jsonb_build_array(OLD.receipt ->> 'name', NEW.receipt ->> 'name'));
  END IF;
  IF NEW.blocked IS DISTINCT FROM OLD.blocked THEN diff := diff || jsonb_build_object('blocked', jsonb_build_array(OLD.blocked, NEW.blocked)); END IF;
  IF diff <> '{}'::jsonb THEN
    INSERT INTO transaction_changes (transaction_id, company_id, user_id, action, changes)
    VALUES (NEW.id, NEW.company_id, actor, 'updated', diff);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER transactions_record_change
AFTER INSERT OR UPDATE OR DELETE ON transactions
FOR EACH ROW EXECUTE FUNCTION transactions_record_change();
