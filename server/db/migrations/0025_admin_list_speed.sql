-- Admin lists at scale, second pass (docs/decisions/033-admin-list-speed-and-staff-uploads.md).
DROP INDEX "companies_owner_idx";--> statement-breakpoint
DROP INDEX "companies_status_owner_idx";--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "owner_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "companies_owner_status_idx" ON "companies" USING btree ("owner_id","status");--> statement-breakpoint
CREATE INDEX "companies_status_requested_idx" ON "companies" USING btree ("status","requested_at","id");--> statement-breakpoint
CREATE INDEX "companies_owner_name_idx" ON "companies" USING btree ("owner_name","id");
--> statement-breakpoint
-- The owner's "first last" name beside each company, so the company list sorts by owner with
-- an index instead of a join. Kept where the search text is kept (migration 0020).
CREATE OR REPLACE FUNCTION alta_companies_search_stamp() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_text := alta_company_search_text(NEW.name_option_1, NEW.name_option_2, NEW.order_number, NEW.owner_id);
  NEW.owner_name := coalesce((SELECT concat_ws(' ', u.first_name, u.last_name) FROM users u WHERE u.id = NEW.owner_id), '');
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION alta_users_owner_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE companies c SET
    search_text = alta_company_search_text(c.name_option_1, c.name_option_2, c.order_number, c.owner_id),
    owner_name = concat_ws(' ', NEW.first_name, NEW.last_name)
  WHERE c.owner_id = NEW.id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
UPDATE companies c SET owner_name = concat_ws(' ', u.first_name, u.last_name) FROM users u WHERE u.id = c.owner_id;
