-- Staff operations: a paid renewal filed with the state, a forwarded piece of mail (docs/decisions/038-staff-operations-and-admin-list-speed.md).
ALTER TABLE "company_renewals" ADD COLUMN "processed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "company_renewals" ADD COLUMN "processed_by" uuid;--> statement-breakpoint
ALTER TABLE "mail_forwarding_requests" ADD COLUMN "forwarded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "mail_forwarding_requests" ADD COLUMN "forwarded_by" uuid;--> statement-breakpoint
ALTER TABLE "company_renewals" ADD CONSTRAINT "company_renewals_processed_by_users_id_fk" FOREIGN KEY ("processed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_forwarding_requests" ADD CONSTRAINT "mail_forwarding_requests_forwarded_by_users_id_fk" FOREIGN KEY ("forwarded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Renewals settled before this migration without a payment were done when settled.
UPDATE "company_renewals" SET "processed_at" = "renewed_at", "processed_by" = "renewed_by" WHERE "kind" <> 'paid';
