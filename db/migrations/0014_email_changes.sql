CREATE TABLE "email_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"new_email" text NOT NULL,
	"token_hash" text NOT NULL,
	"cancel_token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"voided_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	CONSTRAINT "email_changes_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "email_changes_cancel_token_hash_unique" UNIQUE("cancel_token_hash"),
	CONSTRAINT "email_changes_valid_one_hour" CHECK ("email_changes"."expires_at" <= "email_changes"."created_at" + interval '1 hour'),
	CONSTRAINT "email_changes_voided_or_completed" CHECK ("email_changes"."voided_at" is null or "email_changes"."completed_at" is null)
);
--> statement-breakpoint
ALTER TABLE "email_changes" ADD CONSTRAINT "email_changes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "email_changes_one_pending_per_user" ON "email_changes" USING btree ("user_id") WHERE "email_changes"."voided_at" is null and "email_changes"."completed_at" is null;