CREATE TABLE "check_in_reminders" (
	"passenger_id" uuid NOT NULL,
	"leg_index" integer NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "check_in_sequences" (
	"flight_id" text PRIMARY KEY NOT NULL,
	"last_sequence" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "travel_documents" (
	"passenger_id" uuid PRIMARY KEY NOT NULL,
	"sealed" text NOT NULL,
	"masked_number" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "boarding_passes" ADD COLUMN "checked_in_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "boarding_passes" ADD COLUMN "check_in_source" text;--> statement-breakpoint
ALTER TABLE "check_in_reminders" ADD CONSTRAINT "check_in_reminders_passenger_id_passengers_id_fk" FOREIGN KEY ("passenger_id") REFERENCES "public"."passengers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "travel_documents" ADD CONSTRAINT "travel_documents_passenger_id_passengers_id_fk" FOREIGN KEY ("passenger_id") REFERENCES "public"."passengers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "check_in_reminders_pk" ON "check_in_reminders" USING btree ("passenger_id","leg_index");--> statement-breakpoint
ALTER TABLE "boarding_passes" ADD CONSTRAINT "boarding_passes_check_in_source_valid" CHECK ("boarding_passes"."check_in_source" is null or "boarding_passes"."check_in_source" in ('W', 'V'));--> statement-breakpoint
-- Passes issued before web check-in existed stay valid: they count as checked in when they were issued.
UPDATE "boarding_passes" SET "checked_in_at" = "created_at", "check_in_source" = 'W' WHERE "checked_in_at" IS NULL;
