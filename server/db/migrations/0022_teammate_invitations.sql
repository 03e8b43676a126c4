CREATE TABLE "teammate_invitation_companies" (
	"invitation_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	CONSTRAINT "teammate_invitation_companies_invitation_id_company_id_pk" PRIMARY KEY("invitation_id","company_id")
);
--> statement-breakpoint
CREATE TABLE "teammate_invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"invited_by" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "teammate_invitation_companies" ADD CONSTRAINT "teammate_invitation_companies_invitation_id_teammate_invitations_id_fk" FOREIGN KEY ("invitation_id") REFERENCES "public"."teammate_invitations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teammate_invitation_companies" ADD CONSTRAINT "teammate_invitation_companies_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teammate_invitations" ADD CONSTRAINT "teammate_invitations_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "teammate_invitation_companies_company_idx" ON "teammate_invitation_companies" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "teammate_invitations_email_idx" ON "teammate_invitations" USING btree ("email");