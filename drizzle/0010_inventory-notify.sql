-- Every committed change to seat inventory pings the channel safar_inventory, so every server
-- process re-reads the changed rows into its search view at once instead of on its next 5 s
-- refresh. One notification per statement; PostgreSQL folds repeats within a transaction.
CREATE FUNCTION "safar_inventory_notify"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('safar_inventory', '');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "flight_inventory_notify" AFTER INSERT OR UPDATE OR DELETE ON "flight_inventory" FOR EACH STATEMENT EXECUTE FUNCTION "safar_inventory_notify"();
