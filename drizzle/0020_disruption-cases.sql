CREATE TABLE "disruption_cases" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" text NOT NULL,
	"user_id" uuid NOT NULL,
	"disruption_id" text NOT NULL,
	"leg_index" integer NOT NULL,
	"kind" text NOT NULL,
	"state" text NOT NULL,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	"new_booking_id" text,
	"cancellation_id" uuid,
	"noticed_at" timestamp with time zone,
	"deadline_at" timestamp with time zone,
	"deadline_action" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "disruption_cases_state_valid" CHECK ("disruption_cases"."state" in ('open', 'rebooked', 'refunded', 'kept', 'auto-refunded', 'auto-kept', 'information')),
	CONSTRAINT "disruption_cases_decision_complete" CHECK (("disruption_cases"."state" in ('open', 'information')) = ("disruption_cases"."decided_at" is null) and ("disruption_cases"."decided_at" is null) = ("disruption_cases"."decided_by" is null)
        and ("disruption_cases"."state" <> 'rebooked' or "disruption_cases"."new_booking_id" is not null) and ("disruption_cases"."new_booking_id" is null or "disruption_cases"."state" in ('rebooked', 'auto-kept'))
        and ("disruption_cases"."state" in ('refunded', 'auto-refunded')) = ("disruption_cases"."cancellation_id" is not null)
        and ("disruption_cases"."state" not in ('auto-refunded', 'auto-kept') or "disruption_cases"."decided_by" = 'safar'))
);
--> statement-breakpoint
ALTER TABLE "disruption_cases" ADD CONSTRAINT "disruption_cases_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disruption_cases" ADD CONSTRAINT "disruption_cases_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disruption_cases" ADD CONSTRAINT "disruption_cases_new_booking_id_bookings_id_fk" FOREIGN KEY ("new_booking_id") REFERENCES "public"."bookings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disruption_cases" ADD CONSTRAINT "disruption_cases_cancellation_id_cancellations_id_fk" FOREIGN KEY ("cancellation_id") REFERENCES "public"."cancellations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "disruption_cases_booking_disruption" ON "disruption_cases" USING btree ("booking_id","disruption_id");--> statement-breakpoint
CREATE UNIQUE INDEX "disruption_cases_new_booking" ON "disruption_cases" USING btree ("new_booking_id");--> statement-breakpoint
CREATE UNIQUE INDEX "disruption_cases_cancellation" ON "disruption_cases" USING btree ("cancellation_id");--> statement-breakpoint
CREATE INDEX "disruption_cases_due_idx" ON "disruption_cases" USING btree ("deadline_at") WHERE "disruption_cases"."state" = 'open';--> statement-breakpoint
CREATE INDEX "disruption_cases_user_idx" ON "disruption_cases" USING btree ("user_id");