-- SPEC §1 incoming-payment rule and per-rail deposit instructions (see the bank write-up / decision record).
-- A deposit held for review says why; staff who release or return it are recorded.
ALTER TABLE "wallet_transactions" ADD COLUMN "hold_reason" text;--> statement-breakpoint
ALTER TABLE "wallet_transactions" ADD COLUMN "reviewed_by" uuid;--> statement-breakpoint
ALTER TABLE "wallet_transactions" ADD COLUMN "reviewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "wallet_transactions" ADD CONSTRAINT "wallet_transactions_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Held deposits are what staff list: a partial index keeps that list cheap however many deposits there are.
CREATE INDEX "wallet_transactions_held_idx" ON "wallet_transactions" USING btree ("company_id","created_at") WHERE "status" = 'in_review' AND "direction" = 'incoming';--> statement-breakpoint
-- The virtual account becomes one per source currency (USD, EUR, MXN), as Bridge opens them: the USD one kept under "usd".
UPDATE "banking_profiles" SET "virtual_account" = jsonb_build_object('usd', ("virtual_account" - 'iban' - 'bic') || '{"currency":"usd"}'::jsonb) WHERE "virtual_account" IS NOT NULL AND NOT ("virtual_account" ? 'usd');
