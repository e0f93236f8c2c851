-- Seat changes are no longer announced by a row trigger inside every booking's transaction (a
-- NOTIFY there costs each commit a turn on PostgreSQL's notification queue): the server process
-- that commits a change publishes it, batched, on the same channel safar_inventory (see
-- src/server/inventory-feed.ts). A delete still pings the channel with an empty payload.
DROP TRIGGER "flight_inventory_notify_row" ON "flight_inventory";
--> statement-breakpoint
DROP FUNCTION "safar_inventory_notify_row"();
