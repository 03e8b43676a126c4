CREATE TABLE "bank_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"provider_account_id" text NOT NULL,
	"region" text NOT NULL,
	"owner_type" text NOT NULL,
	"bank_name" text NOT NULL,
	"holder_name" text NOT NULL,
	"last4" text NOT NULL,
	"routing_number" text,
	"bic" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "banking_profiles" (
	"company_id" uuid PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"customer_id" text NOT NULL,
	"kyc_link_id" text NOT NULL,
	"kyc_url" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"virtual_account" jsonb,
	"wallet_id" text,
	"wallet_address" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "banking_webhook_events" (
	"event_id" text PRIMARY KEY NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "liquidation_addresses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"provider_id" text NOT NULL,
	"currency" text NOT NULL,
	"chain" text NOT NULL,
	"bank_account_id" uuid NOT NULL,
	"rail" text NOT NULL,
	"address" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_bridge_objects" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"customer_id" text,
	"idempotency_key" text,
	"request_hash" text,
	"body" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "two_factor_secrets" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"secret_ciphertext" text NOT NULL,
	"confirmed_at" timestamp with time zone,
	"failed_attempts" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"last_step" bigint,
	"reset_code_hash" text,
	"reset_expires_at" timestamp with time zone,
	"reset_requested_at" timestamp with time zone,
	"reset_failed_attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "two_factor_step_ups" (
	"family_id" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"verified_until" timestamp with time zone NOT NULL,
	"access_until" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wallet_balances" (
	"company_id" uuid NOT NULL,
	"currency" text NOT NULL,
	"available_cents" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "wallet_balances_company_id_currency_pk" PRIMARY KEY("company_id","currency"),
	CONSTRAINT "wallet_balances_not_negative" CHECK ("wallet_balances"."available_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "wallet_transactions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"direction" text NOT NULL,
	"rail" text NOT NULL,
	"currency" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"fee_cents" bigint DEFAULT 0 NOT NULL,
	"status" text NOT NULL,
	"counterparty" text NOT NULL,
	"sender_name" text,
	"from_bank" text,
	"hash" text,
	"reference" text,
	"bank_account_id" uuid,
	"idempotency_key" text,
	"request_hash" text,
	"provider_transfer_id" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bank_accounts" ADD CONSTRAINT "bank_accounts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "banking_profiles" ADD CONSTRAINT "banking_profiles_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "liquidation_addresses" ADD CONSTRAINT "liquidation_addresses_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "liquidation_addresses" ADD CONSTRAINT "liquidation_addresses_bank_account_id_bank_accounts_id_fk" FOREIGN KEY ("bank_account_id") REFERENCES "public"."bank_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "two_factor_secrets" ADD CONSTRAINT "two_factor_secrets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "two_factor_step_ups" ADD CONSTRAINT "two_factor_step_ups_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_balances" ADD CONSTRAINT "wallet_balances_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_transactions" ADD CONSTRAINT "wallet_transactions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_transactions" ADD CONSTRAINT "wallet_transactions_bank_account_id_bank_accounts_id_fk" FOREIGN KEY ("bank_account_id") REFERENCES "public"."bank_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_transactions" ADD CONSTRAINT "wallet_transactions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bank_accounts_company_idx" ON "bank_accounts" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "liquidation_addresses_company_idx" ON "liquidation_addresses" USING btree ("company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_bridge_idempotency_idx" ON "sandbox_bridge_objects" USING btree ("kind","idempotency_key");--> statement-breakpoint
CREATE INDEX "sandbox_bridge_customer_idx" ON "sandbox_bridge_objects" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "wallet_transactions_company_idx" ON "wallet_transactions" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_transactions_idempotency_idx" ON "wallet_transactions" USING btree ("company_id","idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_transactions_provider_idx" ON "wallet_transactions" USING btree ("provider_transfer_id");