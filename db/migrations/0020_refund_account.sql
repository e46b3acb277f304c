ALTER TABLE "refunds" ADD COLUMN "needs_account_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "refund_account" text;