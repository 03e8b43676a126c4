-- Payment races and unknown outcomes (issue 30 §4): a plan change claims its Idempotency-Key before charging; a withdrawal whose provider answer was lost is resolved later by a job.
CREATE TABLE "subscription_changes" (
	"subscription_id" uuid NOT NULL,
	"idempotency_key" text NOT NULL,
	"request_hash" text NOT NULL,
	"status" text NOT NULL,
	"provider_payment_id" text,
	"claimed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "subscription_changes_subscription_id_idempotency_key_pk" PRIMARY KEY("subscription_id","idempotency_key")
);
--> statement-breakpoint
ALTER TABLE "subscription_changes" ADD CONSTRAINT "subscription_changes_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_transactions" ADD COLUMN "resolve_after" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "wallet_transactions_resolve_idx" ON "wallet_transactions" USING btree ("resolve_after") WHERE "wallet_transactions"."resolve_after" is not null;--> statement-breakpoint
-- Withdrawals an instance left between claiming them and the provider's answer (the old claim state): the resolver asks about them now (past the provider's key window it logs them for a person).
UPDATE "wallet_transactions" SET "status" = 'pending', "resolve_after" = now() WHERE "direction" = 'outgoing' AND "status" = 'awaiting_funds' AND "provider_transfer_id" IS NULL;
