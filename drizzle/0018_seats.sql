CREATE TABLE "passenger_seats" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" text NOT NULL,
	"passenger_id" uuid NOT NULL,
	"leg_index" integer NOT NULL,
	"flight_id" text NOT NULL,
	"cabin" text NOT NULL,
	"seat" text NOT NULL,
	"price_paise" integer DEFAULT 0 NOT NULL,
	"chosen" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"released_at" timestamp with time zone,
	CONSTRAINT "passenger_seats_price_nonnegative" CHECK ("passenger_seats"."price_paise" >= 0),
	CONSTRAINT "passenger_seats_cabin_valid" CHECK ("passenger_seats"."cabin" in ('economy', 'premium', 'business', 'first'))
);
--> statement-breakpoint
ALTER TABLE "flight_inventory" ADD COLUMN "aircraft_id" text;--> statement-breakpoint
ALTER TABLE "passenger_seats" ADD CONSTRAINT "passenger_seats_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "passenger_seats" ADD CONSTRAINT "passenger_seats_passenger_id_passengers_id_fk" FOREIGN KEY ("passenger_id") REFERENCES "public"."passengers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "passenger_seats_seat" ON "passenger_seats" USING btree ("flight_id","seat") WHERE "passenger_seats"."released_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "passenger_seats_pax_leg" ON "passenger_seats" USING btree ("passenger_id","leg_index") WHERE "passenger_seats"."released_at" is null;--> statement-breakpoint
CREATE INDEX "passenger_seats_booking_idx" ON "passenger_seats" USING btree ("booking_id");