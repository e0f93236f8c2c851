-- safar_abort('reason') ends the statement that calls it with an error carrying that reason, so a
-- single write statement (a CTE chain) can undo its own earlier steps without a transaction
-- block: the whole statement is rolled back, and the caller reads the reason from the message.
CREATE FUNCTION "safar_abort"("reason" text) RETURNS integer LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'safar_abort:%', "reason";
END
$$;
