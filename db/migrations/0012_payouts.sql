CREATE TABLE "payout_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"period" text NOT NULL,
	"started_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"error" text
);
--> statement-breakpoint
CREATE TABLE "vendor_bank_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"vendor_id" uuid NOT NULL,
	"bank_code" text NOT NULL,
	"bank_name" text NOT NULL,
	"account_number" text NOT NULL,
	"account_name" text NOT NULL,
	"name_mismatch" boolean DEFAULT false NOT NULL,
	"recipient_code" text NOT NULL,
	"is_test" boolean DEFAULT false NOT NULL,
	"payouts_held_until" timestamp with time zone,
	"replaced_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vendor_bank_accounts_number_format" CHECK ("vendor_bank_accounts"."account_number" ~ '^[0-9]{10}$')
);
--> statement-breakpoint
CREATE TABLE "vendor_commission_changes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"vendor_id" uuid NOT NULL,
	"old_rate" numeric(5, 2) NOT NULL,
	"new_rate" numeric(5, 2) NOT NULL,
	"reason" text NOT NULL,
	"changed_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vendor_ledger_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"vendor_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"bucket" text NOT NULL,
	"amount" bigint NOT NULL,
	"order_id" uuid,
	"refund_id" uuid,
	"payout_id" uuid,
	"note" text,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vendor_ledger_kind_known" CHECK ("vendor_ledger_entries"."kind" in ('sale', 'release', 'refund', 'adjustment', 'payout', 'payout_returned')),
	CONSTRAINT "vendor_ledger_bucket_known" CHECK ("vendor_ledger_entries"."bucket" in ('pending', 'available')),
	CONSTRAINT "vendor_ledger_amount_nonzero" CHECK ("vendor_ledger_entries"."amount" <> 0),
	CONSTRAINT "vendor_ledger_adjustment_has_reason" CHECK ("vendor_ledger_entries"."kind" <> 'adjustment' or "vendor_ledger_entries"."note" is not null)
);
--> statement-breakpoint
CREATE TABLE "vendor_payouts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"run_id" uuid NOT NULL,
	"vendor_id" uuid NOT NULL,
	"bank_account_id" uuid NOT NULL,
	"period" text NOT NULL,
	"attempt" integer DEFAULT 1 NOT NULL,
	"amount" bigint NOT NULL,
	"reference" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"requested_at" timestamp with time zone,
	"transfer_code" text,
	"failure_reason" text,
	"is_test" boolean DEFAULT false NOT NULL,
	"paid_at" timestamp with time zone,
	"last_checked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vendor_payouts_reference_unique" UNIQUE("reference"),
	CONSTRAINT "vendor_payouts_amount_positive" CHECK ("vendor_payouts"."amount" > 0),
	CONSTRAINT "vendor_payouts_status_known" CHECK ("vendor_payouts"."status" in ('pending', 'paid', 'failed', 'reversed'))
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "commission_rate" numeric(5, 2) DEFAULT 10 NOT NULL;--> statement-breakpoint
ALTER TABLE "admin_pricing_config" ADD COLUMN "payout_weekday" integer DEFAULT 5 NOT NULL;--> statement-breakpoint
ALTER TABLE "admin_pricing_config" ADD COLUMN "payout_minimum" bigint DEFAULT 500000 NOT NULL;--> statement-breakpoint
ALTER TABLE "payout_runs" ADD CONSTRAINT "payout_runs_started_by_users_id_fk" FOREIGN KEY ("started_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_bank_accounts" ADD CONSTRAINT "vendor_bank_accounts_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_commission_changes" ADD CONSTRAINT "vendor_commission_changes_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_commission_changes" ADD CONSTRAINT "vendor_commission_changes_changed_by_users_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_ledger_entries" ADD CONSTRAINT "vendor_ledger_entries_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_ledger_entries" ADD CONSTRAINT "vendor_ledger_entries_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_ledger_entries" ADD CONSTRAINT "vendor_ledger_entries_refund_id_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."refunds"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_ledger_entries" ADD CONSTRAINT "vendor_ledger_entries_payout_id_vendor_payouts_id_fk" FOREIGN KEY ("payout_id") REFERENCES "public"."vendor_payouts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_ledger_entries" ADD CONSTRAINT "vendor_ledger_entries_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_payouts" ADD CONSTRAINT "vendor_payouts_run_id_payout_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."payout_runs"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_payouts" ADD CONSTRAINT "vendor_payouts_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_payouts" ADD CONSTRAINT "vendor_payouts_bank_account_id_vendor_bank_accounts_id_fk" FOREIGN KEY ("bank_account_id") REFERENCES "public"."vendor_bank_accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payout_runs_started_idx" ON "payout_runs" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "vendor_bank_accounts_one_current" ON "vendor_bank_accounts" USING btree ("vendor_id") WHERE "vendor_bank_accounts"."replaced_at" is null;--> statement-breakpoint
CREATE INDEX "vendor_commission_changes_vendor_idx" ON "vendor_commission_changes" USING btree ("vendor_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "vendor_ledger_one_sale_per_order" ON "vendor_ledger_entries" USING btree ("order_id") WHERE "vendor_ledger_entries"."kind" = 'sale';--> statement-breakpoint
CREATE UNIQUE INDEX "vendor_ledger_one_release_per_order" ON "vendor_ledger_entries" USING btree ("order_id","bucket") WHERE "vendor_ledger_entries"."kind" = 'release';--> statement-breakpoint
CREATE UNIQUE INDEX "vendor_ledger_one_debit_per_refund_order" ON "vendor_ledger_entries" USING btree ("refund_id","order_id") WHERE "vendor_ledger_entries"."kind" = 'refund';--> statement-breakpoint
CREATE UNIQUE INDEX "vendor_ledger_once_per_payout" ON "vendor_ledger_entries" USING btree ("payout_id","kind") WHERE "vendor_ledger_entries"."payout_id" is not null;--> statement-breakpoint
CREATE INDEX "vendor_ledger_vendor_idx" ON "vendor_ledger_entries" USING btree ("vendor_id","id");--> statement-breakpoint
CREATE INDEX "vendor_ledger_order_idx" ON "vendor_ledger_entries" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "vendor_payouts_vendor_period_attempt" ON "vendor_payouts" USING btree ("vendor_id","period","attempt");--> statement-breakpoint
CREATE INDEX "vendor_payouts_vendor_idx" ON "vendor_payouts" USING btree ("vendor_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "vendor_payouts_run_idx" ON "vendor_payouts" USING btree ("run_id");--> statement-breakpoint
CREATE INDEX "vendor_payouts_pending_idx" ON "vendor_payouts" USING btree ("created_at") WHERE "vendor_payouts"."status" = 'pending';--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_commission_rate_range" CHECK ("orders"."commission_rate" >= 0 and "orders"."commission_rate" <= 100);--> statement-breakpoint
ALTER TABLE "admin_pricing_config" ADD CONSTRAINT "pricing_payout_weekday_range" CHECK ("admin_pricing_config"."payout_weekday" between 0 and 6);--> statement-breakpoint
ALTER TABLE "admin_pricing_config" ADD CONSTRAINT "pricing_payout_minimum_range" CHECK ("admin_pricing_config"."payout_minimum" between 10000 and 100000000);
--> statement-breakpoint
-- Orders placed before rates were kept on the order carry their vendor's rate of today.
UPDATE "orders" SET "commission_rate" = "vendors"."commission_rate" FROM "vendors" WHERE "vendors"."id" = "orders"."vendor_id";--> statement-breakpoint
-- The ledger is append-only: a correction is a new entry, never an edit.
CREATE FUNCTION "refuse_ledger_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'vendor_ledger_entries is append-only';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "vendor_ledger_entries_append_only" BEFORE UPDATE OR DELETE ON "vendor_ledger_entries" FOR EACH ROW EXECUTE FUNCTION "refuse_ledger_change"();--> statement-breakpoint
-- One unfinished payout run at a time: a second start finds the first and resumes it.
CREATE UNIQUE INDEX "payout_runs_one_unfinished" ON "payout_runs" ((true)) WHERE "finished_at" IS NULL;
