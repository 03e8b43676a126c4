CREATE TABLE "bank_links" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"item_id" text NOT NULL,
	"access_token" text NOT NULL,
	"institution_id" text,
	"institution_name" text,
	"status" text DEFAULT 'active' NOT NULL,
	"error_code" text,
	"cursor" text,
	"loop_cursor" text,
	"last_synced_at" timestamp with time zone,
	"sync_lease_until" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bank_sandbox_items" (
	"item_id" text PRIMARY KEY NOT NULL,
	"institution_id" text NOT NULL,
	"client_user_id" text NOT NULL,
	"webhook" text,
	"public_token_hash" text,
	"public_token_expires_at" timestamp with time zone,
	"access_token_hash" text,
	"expires_login" boolean DEFAULT false NOT NULL,
	"login_required" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"removed_at" timestamp with time zone,
	CONSTRAINT "bank_sandbox_items_public_token_hash_unique" UNIQUE("public_token_hash"),
	CONSTRAINT "bank_sandbox_items_access_token_hash_unique" UNIQUE("access_token_hash")
);
--> statement-breakpoint
CREATE TABLE "linked_accounts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"link_id" uuid,
	"provider_account_id" text NOT NULL,
	"institution_name" text,
	"name" text NOT NULL,
	"mask" text,
	"type" text NOT NULL,
	"subtype" text,
	"created_at" text NOT NULL,
	"updated_at" text NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bank_links" ADD CONSTRAINT "bank_links_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_links" ADD CONSTRAINT "bank_links_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "linked_accounts" ADD CONSTRAINT "linked_accounts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "linked_accounts" ADD CONSTRAINT "linked_accounts_link_id_bank_links_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."bank_links"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bank_links_provider_item_idx" ON "bank_links" USING btree ("provider","item_id");--> statement-breakpoint
CREATE INDEX "bank_links_company_idx" ON "bank_links" USING btree ("company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "linked_accounts_link_account_idx" ON "linked_accounts" USING btree ("link_id","provider_account_id");--> statement-breakpoint
CREATE INDEX "linked_accounts_company_version_idx" ON "linked_accounts" USING btree ("company_id","version");--> statement-breakpoint
-- Linked bank accounts are synced per company (docs/decisions/023-linked-bank-accounts.md).
SELECT sync_track_table('linked_accounts', 'company_id');
