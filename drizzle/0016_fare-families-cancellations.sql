CREATE TABLE "booking_fares" (
	"booking_id" text NOT NULL,
	"passenger_position" integer NOT NULL,
	"leg_index" integer NOT NULL,
	"passenger_type" text NOT NULL,
	"family_code" text NOT NULL,
	"lines" jsonb NOT NULL,
	"total_paise" integer NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	CONSTRAINT "booking_fares_status_valid" CHECK ("booking_fares"."status" in ('active', 'cancelled', 'changed')),
	CONSTRAINT "booking_fares_total_nonnegative" CHECK ("booking_fares"."total_paise" >= 0)
);
--> statement-breakpoint
CREATE TABLE "cancellations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" text NOT NULL,
	"user_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"passenger_positions" jsonb NOT NULL,
	"quote" jsonb NOT NULL,
	"refund_paise" integer NOT NULL,
	"retained_paise" integer NOT NULL,
	"destination" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cancellations_money_nonnegative" CHECK ("cancellations"."refund_paise" >= 0 and "cancellations"."retained_paise" >= 0)
);
--> statement-breakpoint
CREATE TABLE "credit_ledger" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"booking_id" text,
	"refund_id" uuid,
	"amount_paise" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" text NOT NULL,
	"cancellation_id" uuid,
	"payment_id" uuid,
	"destination" text NOT NULL,
	"amount_paise" integer NOT NULL,
	"status" text NOT NULL,
	"provider_refund_id" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"due_by" timestamp with time zone NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"available_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refunds_status_valid" CHECK ("refunds"."status" in ('requested', 'sent', 'completed')),
	CONSTRAINT "refunds_destination_valid" CHECK ("refunds"."destination" in ('original', 'credit')),
	CONSTRAINT "refunds_amount_positive" CHECK ("refunds"."amount_paise" > 0)
);
--> statement-breakpoint
ALTER TABLE "bookings" DROP CONSTRAINT "bookings_status_valid";--> statement-breakpoint
DROP INDEX "boarding_passes_seat";--> statement-breakpoint
ALTER TABLE "boarding_passes" ADD COLUMN "voided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "fare_family" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "changed_from" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "credit_paise" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "passengers" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "booking_fares" ADD CONSTRAINT "booking_fares_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cancellations" ADD CONSTRAINT "cancellations_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cancellations" ADD CONSTRAINT "cancellations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_ledger" ADD CONSTRAINT "credit_ledger_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_ledger" ADD CONSTRAINT "credit_ledger_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_ledger" ADD CONSTRAINT "credit_ledger_refund_id_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."refunds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_cancellation_id_cancellations_id_fk" FOREIGN KEY ("cancellation_id") REFERENCES "public"."cancellations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "booking_fares_pk" ON "booking_fares" USING btree ("booking_id","passenger_position","leg_index");--> statement-breakpoint
CREATE INDEX "cancellations_booking_idx" ON "cancellations" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "credit_ledger_user_idx" ON "credit_ledger" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "credit_ledger_refund_unique" ON "credit_ledger" USING btree ("refund_id");--> statement-breakpoint
CREATE INDEX "refunds_booking_idx" ON "refunds" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "refunds_open_idx" ON "refunds" USING btree ("status","available_at") WHERE "refunds"."status" <> 'completed';--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_cancellation_payment_unique" ON "refunds" USING btree ("cancellation_id","payment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "bookings_changed_from_unique" ON "bookings" USING btree ("changed_from") WHERE "bookings"."changed_from" is not null and "bookings"."status" in ('held', 'confirmed', 'partly_cancelled', 'changed');--> statement-breakpoint
CREATE UNIQUE INDEX "boarding_passes_seat" ON "boarding_passes" USING btree ("flight_id","seat") WHERE "boarding_passes"."seat" <> 'INF' and "boarding_passes"."voided_at" is null;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_status_valid" CHECK ("bookings"."status" in ('held', 'confirmed', 'expired', 'cancelled', 'partly_cancelled', 'changed'));