CREATE TABLE "price_alerts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid,
	"owner_token_hash" text,
	"from_airport" text NOT NULL,
	"to_airport" text NOT NULL,
	"cabin" text NOT NULL,
	"date_from" text NOT NULL,
	"date_to" text NOT NULL,
	"adults" integer NOT NULL,
	"children" integer NOT NULL,
	"infants" integer NOT NULL,
	"target_price" integer NOT NULL,
	"current_price" integer,
	"current_adult_fare" integer,
	"email" text NOT NULL,
	"email_confirmed_at" timestamp with time zone,
	"email_unsubscribed_at" timestamp with time zone,
	"mail_token" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"armed" boolean DEFAULT true NOT NULL,
	"triggered" boolean DEFAULT false NOT NULL,
	"triggered_price" integer,
	"triggered_at" timestamp with time zone,
	"last_notified_on" text,
	"price_history" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"last_checked_at" timestamp with time zone,
	"next_check_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "price_alerts_has_owner" CHECK ("price_alerts"."user_id" is not null or "price_alerts"."owner_token_hash" is not null),
	CONSTRAINT "price_alerts_triggered_not_armed" CHECK (not ("price_alerts"."triggered" and "price_alerts"."armed"))
);
--> statement-breakpoint
CREATE TABLE "route_fare_history" (
	"from_airport" text NOT NULL,
	"to_airport" text NOT NULL,
	"cabin" text NOT NULL,
	"band" integer NOT NULL,
	"observed_on" text NOT NULL,
	"lowest_adult_fare" integer NOT NULL,
	CONSTRAINT "route_fare_history_from_airport_to_airport_cabin_band_observed_on_pk" PRIMARY KEY("from_airport","to_airport","cabin","band","observed_on")
);
--> statement-breakpoint
ALTER TABLE "price_alerts" ADD CONSTRAINT "price_alerts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "price_alerts_due_idx" ON "price_alerts" USING btree ("next_check_at") WHERE "price_alerts"."active";--> statement-breakpoint
CREATE INDEX "price_alerts_user_idx" ON "price_alerts" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "price_alerts_owner_idx" ON "price_alerts" USING btree ("owner_token_hash","created_at");--> statement-breakpoint
CREATE INDEX "price_alerts_mail_token_idx" ON "price_alerts" USING btree ("mail_token");