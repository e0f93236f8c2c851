CREATE TABLE "flight_tracking_history" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"flight_number" text NOT NULL,
	"flight_date" text NOT NULL,
	"airline" text NOT NULL,
	"status" text NOT NULL,
	"delay" integer,
	"origin" jsonb NOT NULL,
	"destination" jsonb NOT NULL,
	"scheduled_departure" text NOT NULL,
	"actual_departure" text NOT NULL,
	"scheduled_arrival" text NOT NULL,
	"actual_arrival" text NOT NULL,
	"gate" text,
	"terminal" text,
	"aircraft" text NOT NULL,
	"altitude" integer,
	"speed" integer,
	"weather" jsonb NOT NULL,
	"progress" integer NOT NULL,
	"last_tracked" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "flight_tracking_history" ADD CONSTRAINT "flight_tracking_history_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "flight_tracking_history_user_flight" ON "flight_tracking_history" USING btree ("user_id","flight_number");--> statement-breakpoint
CREATE INDEX "flight_tracking_history_recent" ON "flight_tracking_history" USING btree ("user_id","last_tracked");