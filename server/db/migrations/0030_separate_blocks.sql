ALTER TABLE "users" ADD COLUMN "blocked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "payment_expired_at" timestamp with time zone;--> statement-breakpoint
UPDATE "users" SET "blocked_at" = "users"."updated_at" WHERE "users"."status" = 'blocked' AND (SELECT "audit_log"."action" FROM "audit_log" WHERE "audit_log"."subject_user_id" = "users"."id" AND "audit_log"."action" IN ('block_user', 'unblock_user') ORDER BY "audit_log"."created_at" DESC LIMIT 1) = 'block_user';--> statement-breakpoint
UPDATE "users" SET "payment_expired_at" = "updated_at" WHERE "status" = 'blocked' AND "blocked_at" IS NULL;--> statement-breakpoint
DROP INDEX "users_status_idx";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "status";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "status" text GENERATED ALWAYS AS (CASE WHEN "blocked_at" IS NULL AND "payment_expired_at" IS NULL THEN 'active' ELSE 'blocked' END) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "users_status_idx" ON "users" USING btree ("status","id");
