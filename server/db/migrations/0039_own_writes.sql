CREATE TABLE "sync_own_writes" (
	"client_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"scope_id" text NOT NULL,
	"before_version" bigint NOT NULL,
	"after_version" bigint NOT NULL,
	"through_version" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sync_own_writes_client_id_user_id_scope_id_after_version_pk" PRIMARY KEY("client_id","user_id","scope_id","after_version")
);
--> statement-breakpoint
ALTER TABLE "sync_own_writes" ADD CONSTRAINT "sync_own_writes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sync_own_writes_created_idx" ON "sync_own_writes" USING btree ("created_at");