CREATE TABLE "tax_reminders" (
	"company_id" uuid NOT NULL,
	"deadline" date NOT NULL,
	"days_before" integer NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tax_reminders_company_id_deadline_days_before_pk" PRIMARY KEY("company_id","deadline","days_before")
);
--> statement-breakpoint
ALTER TABLE "declarations" ADD COLUMN "tax_form_data" jsonb;--> statement-breakpoint
ALTER TABLE "declarations" ADD COLUMN "draft_id" uuid;--> statement-breakpoint
ALTER TABLE "declarations" ADD COLUMN "sent_by" uuid;--> statement-breakpoint
ALTER TABLE "tax_reminders" ADD CONSTRAINT "tax_reminders_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "declarations" ADD CONSTRAINT "declarations_sent_by_users_id_fk" FOREIGN KEY ("sent_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;