-- Every committed change to a seat inventory row is sent on the channel safar_inventory with the
-- row's new counts: "<flight id> <cabin> <available> <held> <sold> <version>". Listening server
-- processes update their search view from the notification itself, without re-reading rows.
-- A delete still sends an empty payload, which means "re-read what changed".
DROP TRIGGER "flight_inventory_notify" ON "flight_inventory";
--> statement-breakpoint
CREATE FUNCTION "safar_inventory_notify_row"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('safar_inventory', NEW.flight_id || ' ' || NEW.cabin || ' ' || NEW.available || ' ' || NEW.held || ' ' || NEW.sold || ' ' || NEW.version);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "flight_inventory_notify_row" AFTER INSERT OR UPDATE ON "flight_inventory" FOR EACH ROW EXECUTE FUNCTION "safar_inventory_notify_row"();
--> statement-breakpoint
CREATE TRIGGER "flight_inventory_notify_delete" AFTER DELETE ON "flight_inventory" FOR EACH STATEMENT EXECUTE FUNCTION "safar_inventory_notify"();
