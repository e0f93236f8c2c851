CREATE TABLE "sandbox_webhooks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" text NOT NULL,
	"body" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"available_at" timestamp with time zone DEFAULT now() NOT NULL,
	"delivered" boolean DEFAULT false NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_webhooks_event_unique" ON "sandbox_webhooks" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "sandbox_webhooks_due_idx" ON "sandbox_webhooks" USING btree ("available_at") WHERE not "sandbox_webhooks"."delivered";--> statement-breakpoint
CREATE INDEX "idempotency_keys_created_idx" ON "idempotency_keys" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "payments_open_idx" ON "payments" USING btree ("status","updated_at") WHERE "payments"."status" in ('authorized', 'refunding');--> statement-breakpoint
ALTER TABLE "flight_inventory" ADD CONSTRAINT "inventory_cabin_valid" CHECK ("flight_inventory"."cabin" in ('economy', 'premium', 'business', 'first'));--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_payment_method_valid" CHECK ("bookings"."payment_method" is null or "bookings"."payment_method" in ('card', 'upi'));--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_cabin_valid" CHECK ("bookings"."cabin" in ('economy', 'premium', 'business', 'first'));--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_status_valid" CHECK ("idempotency_keys"."status" in ('in_progress', 'done'));--> statement-breakpoint
ALTER TABLE "passengers" ADD CONSTRAINT "passengers_type_valid" CHECK ("passengers"."type" in ('adult', 'child', 'infant'));--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_status_valid" CHECK ("payments"."status" in ('created', 'authorized', 'captured', 'refunding', 'refunded', 'refund_blocked', 'failed'));--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_method_valid" CHECK ("payments"."method" in ('card', 'upi'));--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_provider_valid" CHECK ("payments"."provider" in ('sandbox', 'razorpay'));--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_amount_positive" CHECK ("payments"."amount_paise" > 0);