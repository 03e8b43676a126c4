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
CREATE INDEX "sync_own_writes_created_idx" ON "sync_own_writes" USING btree ("created_at");--> statement-breakpoint
-- The last version any writer gave a scope (decision 091): every write leaves its version on its
-- row or tombstone until a later write of that scope replaces it with a higher one, so the
-- highest of them is the scope's last write. A push step reads it for each scope once it holds
-- their locks. PL/pgSQL keeps each probe's plan; built into the push's first statement, the ten
-- subqueries were planned again at every push. VOLATILE on purpose: each probe then reads a
-- snapshot taken after the locks were granted, so it sees a write committed while the push
-- waited for them (a STABLE function reads the snapshot its statement started with, before the
-- wait). Lists every synced table by its scope column: `own-changes.test.ts` fails when one is
-- missing.
CREATE OR REPLACE FUNCTION sync_scope_last_version(scope text, user_scope boolean) RETURNS bigint LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  IF user_scope THEN
    RETURN greatest(
      (SELECT max(version) FROM drafts WHERE user_id = scope::uuid),
      (SELECT max(version) FROM sync_tombstones WHERE scope_id = scope),
      0);
  END IF;
  RETURN greatest(
    (SELECT max(version) FROM transactions WHERE company_id = scope::uuid),
    (SELECT max(version) FROM manual_accounts WHERE company_id = scope::uuid),
    (SELECT max(version) FROM batch_imports WHERE company_id = scope::uuid),
    (SELECT max(version) FROM linked_accounts WHERE company_id = scope::uuid),
    (SELECT max(version) FROM locked_years WHERE company_id = scope::uuid),
    (SELECT max(version) FROM categoriser_rules WHERE company_id = scope::uuid),
    (SELECT max(version) FROM inbox_receipts WHERE company_id = scope::uuid),
    (SELECT max(version) FROM sync_tombstones WHERE scope_id = scope),
    0);
END
$$;
