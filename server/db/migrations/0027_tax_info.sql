CREATE TABLE "tax_info" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"nationality" text NOT NULL,
	"tax_residence_country" text NOT NULL,
	"country_tax_id" text NOT NULL,
	"countries_worked_from" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tax_info" ADD CONSTRAINT "tax_info_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;