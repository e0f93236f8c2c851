CREATE TABLE "favorite_routes" (
	"user_id" uuid NOT NULL,
	"route_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "favorite_routes_user_id_route_id_pk" PRIMARY KEY("user_id","route_id")
);
--> statement-breakpoint
ALTER TABLE "favorite_routes" ADD CONSTRAINT "favorite_routes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;