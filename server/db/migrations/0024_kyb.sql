CREATE TABLE "kyb_submissions" (
	"company_id" uuid PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"form" jsonb NOT NULL,
	"draft_id" uuid NOT NULL,
	"submitted_by" uuid NOT NULL,
	"submitted_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "kyb_submissions" ADD CONSTRAINT "kyb_submissions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kyb_submissions" ADD CONSTRAINT "kyb_submissions_submitted_by_users_id_fk" FOREIGN KEY ("submitted_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;