ALTER TABLE "orders" DROP CONSTRAINT "orders_unit_price_positive";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "replacement_for_order_id" uuid;--> statement-breakpoint
ALTER TABLE "warranty_claims" ADD COLUMN "return_carrier" text;--> statement-breakpoint
ALTER TABLE "warranty_claims" ADD COLUMN "return_tracking_number" text;--> statement-breakpoint
ALTER TABLE "warranty_claims" ADD COLUMN "return_shipped_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "warranty_claims" ADD COLUMN "received_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "warranty_claims" ADD COLUMN "back_carrier" text;--> statement-breakpoint
ALTER TABLE "warranty_claims" ADD COLUMN "back_tracking_number" text;--> statement-breakpoint
ALTER TABLE "warranty_claims" ADD COLUMN "returned_to_buyer_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "warranty_claims" ADD COLUMN "outcome_due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "warranty_claims" ADD COLUMN "replacement_order_id" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_replacement_for_order_id_orders_id_fk" FOREIGN KEY ("replacement_for_order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warranty_claims" ADD CONSTRAINT "warranty_claims_replacement_order_id_orders_id_fk" FOREIGN KEY ("replacement_order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_unit_price_positive" CHECK ("orders"."unit_price" > 0 or "orders"."replacement_for_order_id" is not null);