DROP INDEX "boarding_passes_seat";--> statement-breakpoint
CREATE UNIQUE INDEX "boarding_passes_seat" ON "boarding_passes" USING btree ("flight_id","seat") WHERE "boarding_passes"."seat" <> 'INF';