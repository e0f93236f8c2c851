CREATE TABLE "group_members" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"group_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"is_organizer" boolean DEFAULT false NOT NULL,
	"user_id" uuid,
	"invite_token_hash" text,
	"accepted_at" timestamp with time zone,
	"share_paise" integer,
	"passenger" jsonb,
	"has_passenger_details" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "group_members_share_positive" CHECK ("group_members"."share_paise" is null or "group_members"."share_paise" >= 0)
);
--> statement-breakpoint
CREATE TABLE "groups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organiser_user_id" uuid NOT NULL,
	"status" text NOT NULL,
	"itinerary_id" text NOT NULL,
	"itinerary" jsonb NOT NULL,
	"price_per_person_inr" integer NOT NULL,
	"booking_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "groups_status_valid" CHECK ("groups"."status" in ('draft', 'booked', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "shared_itineraries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"group_id" uuid NOT NULL,
	"share_code" text NOT NULL,
	"created_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "share_key" text;--> statement-breakpoint
ALTER TABLE "group_members" ADD CONSTRAINT "group_members_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_members" ADD CONSTRAINT "group_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "groups" ADD CONSTRAINT "groups_organiser_user_id_users_id_fk" FOREIGN KEY ("organiser_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "groups" ADD CONSTRAINT "groups_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shared_itineraries" ADD CONSTRAINT "shared_itineraries_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shared_itineraries" ADD CONSTRAINT "shared_itineraries_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "group_members_position" ON "group_members" USING btree ("group_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "group_members_email" ON "group_members" USING btree ("group_id","email");--> statement-breakpoint
CREATE UNIQUE INDEX "group_members_user" ON "group_members" USING btree ("group_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "group_members_invite" ON "group_members" USING btree ("invite_token_hash");--> statement-breakpoint
CREATE INDEX "group_members_user_idx" ON "group_members" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "groups_organiser_idx" ON "groups" USING btree ("organiser_user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "groups_booking_unique" ON "groups" USING btree ("booking_id");--> statement-breakpoint
CREATE UNIQUE INDEX "shared_itineraries_code_unique" ON "shared_itineraries" USING btree ("share_code");--> statement-breakpoint
CREATE UNIQUE INDEX "shared_itineraries_live_unique" ON "shared_itineraries" USING btree ("group_id") WHERE "shared_itineraries"."revoked_at" is null;