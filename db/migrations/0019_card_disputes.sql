CREATE TABLE "payment_dispute_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"dispute_id" uuid NOT NULL,
	"event" text NOT NULL,
	"status" text NOT NULL,
	"resolution" text,
	"due_at" timestamp with time zone,
	"provider_updated_at" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_disputes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"payment_id" uuid NOT NULL,
	"provider_dispute_id" bigint NOT NULL,
	"amount" bigint NOT NULL,
	"status" text NOT NULL,
	"resolution" text,
	"category" text,
	"due_at" timestamp with time zone,
	"resolved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_disputes_provider_dispute_id_unique" UNIQUE("provider_dispute_id"),
	CONSTRAINT "payment_disputes_amount_positive" CHECK ("payment_disputes"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "vendor_ledger_entries" DROP CONSTRAINT "vendor_ledger_kind_known";--> statement-breakpoint
ALTER TABLE "vendor_ledger_entries" ADD COLUMN "dispute_id" uuid;--> statement-breakpoint
ALTER TABLE "payment_dispute_events" ADD CONSTRAINT "payment_dispute_events_dispute_id_payment_disputes_id_fk" FOREIGN KEY ("dispute_id") REFERENCES "public"."payment_disputes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_disputes" ADD CONSTRAINT "payment_disputes_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_dispute_events_once" ON "payment_dispute_events" USING btree ("dispute_id","event","provider_updated_at");--> statement-breakpoint
CREATE INDEX "payment_disputes_payment_idx" ON "payment_disputes" USING btree ("payment_id");--> statement-breakpoint
ALTER TABLE "vendor_ledger_entries" ADD CONSTRAINT "vendor_ledger_entries_dispute_id_payment_disputes_id_fk" FOREIGN KEY ("dispute_id") REFERENCES "public"."payment_disputes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "vendor_ledger_once_per_dispute_order" ON "vendor_ledger_entries" USING btree ("dispute_id","order_id","kind") WHERE "vendor_ledger_entries"."dispute_id" is not null;--> statement-breakpoint
ALTER TABLE "vendor_ledger_entries" ADD CONSTRAINT "vendor_ledger_kind_known" CHECK ("vendor_ledger_entries"."kind" in ('sale', 'release', 'refund', 'adjustment', 'payout', 'payout_returned', 'dispute', 'dispute_won'));