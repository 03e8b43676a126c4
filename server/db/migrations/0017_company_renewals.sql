CREATE TABLE "company_renewals" (
	"company_id" uuid NOT NULL,
	"due_date" date NOT NULL,
	"kind" text NOT NULL,
	"order_id" uuid,
	"renewed_by" uuid,
	"renewed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "company_renewals_company_id_due_date_pk" PRIMARY KEY("company_id","due_date")
);
--> statement-breakpoint
CREATE TABLE "renewal_reminders" (
	"company_id" uuid NOT NULL,
	"due_date" date NOT NULL,
	"stage" text NOT NULL,
	"claimed_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "renewal_reminders_company_id_due_date_stage_pk" PRIMARY KEY("company_id","due_date","stage")
);
--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "details" jsonb;--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "partner_id" uuid;--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "added_by_staff" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "status_dates" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "dissolution" text DEFAULT 'available' NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "dissolution_requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "dissolution_processed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_type" text DEFAULT 'plan' NOT NULL;--> statement-breakpoint
ALTER TABLE "company_renewals" ADD CONSTRAINT "company_renewals_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_renewals" ADD CONSTRAINT "company_renewals_renewed_by_users_id_fk" FOREIGN KEY ("renewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "renewal_reminders" ADD CONSTRAINT "renewal_reminders_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Company progress dates (SPEC §4 timeline): the time each status was reached, recorded in the
-- writing transaction by whatever changes the status; existing companies start from their order.
UPDATE "companies" SET "status_dates" = jsonb_build_object('Start', to_char("requested_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), "status", to_char("updated_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'));--> statement-breakpoint
CREATE OR REPLACE FUNCTION companies_record_status_date() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' OR NEW.status IS DISTINCT FROM OLD.status THEN
    NEW.status_dates := COALESCE(NEW.status_dates, '{}'::jsonb) || jsonb_build_object(NEW.status, to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'));
  END IF;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER companies_status_dates BEFORE INSERT OR UPDATE OF status ON "companies" FOR EACH ROW EXECUTE FUNCTION companies_record_status_date();
