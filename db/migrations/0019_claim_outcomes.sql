ALTER TABLE "warranty_claims" ADD COLUMN "return_carrier" text;--> statement-breakpoint
ALTER TABLE "warranty_claims" ADD COLUMN "return_tracking_number" text;--> statement-breakpoint
ALTER TABLE "warranty_claims" ADD COLUMN "return_shipped_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "warranty_claims" ADD COLUMN "received_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "warranty_claims" ADD COLUMN "back_carrier" text;--> statement-breakpoint
ALTER TABLE "warranty_claims" ADD COLUMN "back_tracking_number" text;--> statement-breakpoint
ALTER TABLE "warranty_claims" ADD COLUMN "returned_to_buyer_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "warranty_claims" ADD COLUMN "outcome_due_at" timestamp with time zone;