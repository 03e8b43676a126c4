CREATE TABLE "boi_reports" (
	"company_id" uuid PRIMARY KEY NOT NULL,
	"status" text NOT NULL,
	"form" jsonb NOT NULL,
	"submitted_by" uuid,
	"submitted_at" timestamp with time zone NOT NULL,
	"filed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "mail_forwarding_requests" (
	"mail_id" uuid PRIMARY KEY NOT NULL,
	"requested_by" uuid,
	"address" jsonb NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"requested_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mail_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"type" text DEFAULT 'Letter' NOT NULL,
	"quantity" integer DEFAULT 1 NOT NULL,
	"sender" text NOT NULL,
	"summary" text DEFAULT '' NOT NULL,
	"file_key" text NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	"added_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_at" timestamp with time zone,
	CONSTRAINT "mail_items_file_key_unique" UNIQUE("file_key"),
	CONSTRAINT "mail_items_quantity" CHECK ("mail_items"."quantity" between 1 and 999)
);
--> statement-breakpoint
CREATE TABLE "mail_reads" (
	"mail_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"read_at" timestamp with time zone NOT NULL,
	CONSTRAINT "mail_reads_mail_id_user_id_pk" PRIMARY KEY("mail_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "boi_reports" ADD CONSTRAINT "boi_reports_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "boi_reports" ADD CONSTRAINT "boi_reports_submitted_by_users_id_fk" FOREIGN KEY ("submitted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_forwarding_requests" ADD CONSTRAINT "mail_forwarding_requests_mail_id_mail_items_id_fk" FOREIGN KEY ("mail_id") REFERENCES "public"."mail_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_forwarding_requests" ADD CONSTRAINT "mail_forwarding_requests_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_items" ADD CONSTRAINT "mail_items_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_items" ADD CONSTRAINT "mail_items_file_key_uploads_key_fk" FOREIGN KEY ("file_key") REFERENCES "public"."uploads"("key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_items" ADD CONSTRAINT "mail_items_added_by_users_id_fk" FOREIGN KEY ("added_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_reads" ADD CONSTRAINT "mail_reads_mail_id_mail_items_id_fk" FOREIGN KEY ("mail_id") REFERENCES "public"."mail_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_reads" ADD CONSTRAINT "mail_reads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mail_items_company_idx" ON "mail_items" USING btree ("company_id","received_at");