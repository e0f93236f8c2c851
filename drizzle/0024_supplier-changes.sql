CREATE TABLE "supplier_change_checks" (
	"booking_id" text PRIMARY KEY NOT NULL,
	"checked_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "disruption_cases" ADD COLUMN "supplier_action" text;--> statement-breakpoint
ALTER TABLE "disruption_cases" ADD COLUMN "supplier_action_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "supplier_change_checks" ADD CONSTRAINT "supplier_change_checks_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disruption_cases" ADD CONSTRAINT "disruption_cases_supplier_action_valid" CHECK (("disruption_cases"."supplier_action" is null) = ("disruption_cases"."supplier_action_at" is null) and ("disruption_cases"."supplier_action" is null or "disruption_cases"."state" = 'open'));