CREATE TABLE "order_number_counter" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"last" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "order_number_counter_one_row" CHECK ("order_number_counter"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "public_number" varchar(20);--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_publicNumber_unique" UNIQUE("public_number");--> statement-breakpoint
-- Orders that were paid (refunded ones too) get their numbers in the order they were paid.
UPDATE "orders" SET "public_number" = 'A-' || lpad(n.rank::text, greatest(6, length(n.rank::text)), '0')
FROM (
  SELECT "id", row_number() OVER (ORDER BY "paid_at", "id") AS rank FROM "orders"
  WHERE "paid_at" IS NOT NULL AND "status" IN ('paid', 'partially_refunded', 'refunded')
) AS n
WHERE "orders"."id" = n."id";--> statement-breakpoint
INSERT INTO "order_number_counter" ("id", "last")
SELECT 1, count(*) FROM "orders" WHERE "public_number" IS NOT NULL;--> statement-breakpoint
-- Every path that marks an order paid (checkout, 3-D Secure settlement, seeds) numbers it here, in
-- its own transaction: a rollback gives the number back. The counter row stays locked until that
-- transaction ends, so paying transactions take it as their last write.
CREATE OR REPLACE FUNCTION orders_assign_public_number() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  n integer;
BEGIN
  UPDATE "order_number_counter" SET "last" = "last" + 1 WHERE "id" = 1 RETURNING "last" INTO n;
  NEW."public_number" := 'A-' || lpad(n::text, greatest(6, length(n::text)), '0');
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "orders_public_number" BEFORE INSERT OR UPDATE OF "status" ON "orders"
FOR EACH ROW WHEN (NEW."status" = 'paid' AND NEW."public_number" IS NULL)
EXECUTE FUNCTION orders_assign_public_number();
