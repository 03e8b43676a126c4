CREATE SEQUENCE "public"."sync_version" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "drafts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid,
	"guest_secret_hash" text,
	"kind" text NOT NULL,
	"company_id" uuid,
	"step" integer NOT NULL,
	"data" jsonb NOT NULL,
	"updated_at" text NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sync_clients" (
	"client_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"last_mutation_id" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sync_clients_client_id_user_id_pk" PRIMARY KEY("client_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "sync_rejections" (
	"client_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"mutation_id" bigint NOT NULL,
	"mutation_name" text NOT NULL,
	"code" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sync_rejections_client_id_user_id_mutation_id_pk" PRIMARY KEY("client_id","user_id","mutation_id")
);
--> statement-breakpoint
CREATE TABLE "sync_state" (
	"key" text PRIMARY KEY NOT NULL,
	"value" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sync_tombstones" (
	"table_name" text NOT NULL,
	"row_id" text NOT NULL,
	"scope_id" text NOT NULL,
	"version" bigint NOT NULL,
	"deleted_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sync_tombstones_table_name_row_id_pk" PRIMARY KEY("table_name","row_id")
);
--> statement-breakpoint
ALTER TABLE "drafts" ADD CONSTRAINT "drafts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drafts" ADD CONSTRAINT "drafts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sync_clients" ADD CONSTRAINT "sync_clients_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sync_rejections" ADD CONSTRAINT "sync_rejections_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "drafts_user_version_idx" ON "drafts" USING btree ("user_id","version");--> statement-breakpoint
CREATE INDEX "sync_rejections_created_idx" ON "sync_rejections" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "sync_tombstones_scope_idx" ON "sync_tombstones" USING btree ("scope_id","version");--> statement-breakpoint
CREATE INDEX "sync_tombstones_deleted_idx" ON "sync_tombstones" USING btree ("deleted_at");