CREATE TYPE "public"."return_status" AS ENUM('requested', 'instructions_given', 'sent_back', 'received', 'refunded', 'rejected', 'cancelled');--> statement-breakpoint
CREATE TABLE "order_return_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"return_id" uuid NOT NULL,
	"actor_id" text,
	"actor_role" text NOT NULL,
	"kind" text NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_return_events_actor_role_known" CHECK ("order_return_events"."actor_role" in ('buyer', 'vendor', 'admin', 'system'))
);
--> statement-breakpoint
CREATE TABLE "order_returns" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"customer_id" text NOT NULL,
	"vendor_id" uuid NOT NULL,
	"status" "return_status" DEFAULT 'requested' NOT NULL,
	"reason" text NOT NULL,
	"refund_amount" bigint NOT NULL,
	"instructions" text,
	"instructions_at" timestamp with time zone,
	"carrier" text,
	"tracking_number" text,
	"sent_at" timestamp with time zone,
	"received_at" timestamp with time zone,
	"restocked" boolean DEFAULT false NOT NULL,
	"refunded_at" timestamp with time zone,
	"rejection_reason" text,
	"rejected_by" text,
	"cancelled_at" timestamp with time zone,
	"vendor_due_at" timestamp with time zone,
	"escalated_at" timestamp with time zone,
	"escalation_note" text,
	"decided_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_returns_refund_amount_nonnegative" CHECK ("order_returns"."refund_amount" >= 0),
	CONSTRAINT "order_returns_rejected_by_known" CHECK ("order_returns"."rejected_by" is null or "order_returns"."rejected_by" in ('vendor', 'admin'))
);
--> statement-breakpoint
ALTER TABLE "admin_pricing_config" ADD COLUMN "return_window_days" integer DEFAULT 7 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_return_events" ADD CONSTRAINT "order_return_events_return_id_order_returns_id_fk" FOREIGN KEY ("return_id") REFERENCES "public"."order_returns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_return_events" ADD CONSTRAINT "order_return_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_returns" ADD CONSTRAINT "order_returns_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_returns" ADD CONSTRAINT "order_returns_customer_id_users_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_returns" ADD CONSTRAINT "order_returns_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_returns" ADD CONSTRAINT "order_returns_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_return_events_return_idx" ON "order_return_events" USING btree ("return_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "order_returns_one_active_per_order" ON "order_returns" USING btree ("order_id") WHERE "order_returns"."status" in ('requested', 'instructions_given', 'sent_back', 'received');--> statement-breakpoint
CREATE INDEX "order_returns_customer_idx" ON "order_returns" USING btree ("customer_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "order_returns_vendor_idx" ON "order_returns" USING btree ("vendor_id","created_at" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "admin_pricing_config" ADD CONSTRAINT "pricing_return_window_days_range" CHECK ("admin_pricing_config"."return_window_days" between 0 and 30);