ALTER TABLE "bookings" ADD COLUMN "supplier" text DEFAULT 'world' NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "supplier_order_id" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "supplier_offer_id" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "supplier_total_minor" integer;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "supplier_currency" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "supplier_booking_reference" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "supplier_order_state" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "supplier_order_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "bookings_supplier_order_idx" ON "bookings" USING btree ("supplier","supplier_order_id");--> statement-breakpoint
CREATE INDEX "bookings_supplier_ordering_idx" ON "bookings" USING btree ("supplier_order_at") WHERE "bookings"."supplier_order_state" = 'ordering';--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_supplier_valid" CHECK ("bookings"."supplier" in ('world', 'duffel'));--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_supplier_order_state_valid" CHECK ("bookings"."supplier_order_state" is null or "bookings"."supplier_order_state" in ('ordering', 'ordered', 'failed'));--> statement-breakpoint
-- The world's bookings made before suppliers: their order is their own booking id, their airline reference their PNR.
UPDATE "bookings" SET "supplier_order_id" = "id", "supplier_booking_reference" = "pnr" WHERE "supplier" = 'world' AND "supplier_order_id" IS NULL;
