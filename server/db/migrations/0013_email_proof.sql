ALTER TABLE "orders" ADD COLUMN "claim_token_hash" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "claim_token_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_verified_at" timestamp with time zone;--> statement-breakpoint
-- Accounts created or linked with Google hold Google's verified email (decision 017).
UPDATE "users" SET "email_verified_at" = "created_at" WHERE "google_sub" IS NOT NULL;
