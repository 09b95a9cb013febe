-- The public number is now taken when the paying transaction commits (a deferred constraint
-- trigger), not when the order row is written paid: the counter row stays locked only for the
-- commit itself instead of from checkout's closing statement on (measured: paying checkouts queued
-- about 38 ms each on it under 100 concurrent buyers). Still in the paying transaction, so a
-- rollback gives the number back and the numbers stay gapless.
DROP TRIGGER IF EXISTS "orders_public_number" ON "orders";--> statement-breakpoint
DROP FUNCTION IF EXISTS orders_assign_public_number();--> statement-breakpoint
CREATE OR REPLACE FUNCTION orders_number_paid() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  n integer;
BEGIN
  -- Written paid twice in one transaction (two queued events): numbered once, no number skipped.
  PERFORM 1 FROM "orders" WHERE "id" = NEW."id" AND "public_number" IS NULL;
  IF NOT FOUND THEN
    RETURN NULL;
  END IF;
  UPDATE "order_number_counter" SET "last" = "last" + 1 WHERE "id" = 1 RETURNING "last" INTO n;
  UPDATE "orders" SET "public_number" = 'A-' || lpad(n::text, greatest(6, length(n::text)), '0')
  WHERE "id" = NEW."id" AND "public_number" IS NULL;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "orders_public_number" AFTER INSERT OR UPDATE OF "status" ON "orders"
DEFERRABLE INITIALLY DEFERRED
FOR EACH ROW WHEN (NEW."status" = 'paid' AND NEW."public_number" IS NULL)
EXECUTE FUNCTION orders_number_paid();
