ALTER TABLE "orders" ADD COLUMN "shipping_pence" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Orders written before: their subtotal held shipping; it moves to its own column (the money model:
-- subtotal - discounts + shipping = total).
UPDATE "orders" o SET "shipping_pence" = s.pence, "subtotal_pence" = o."subtotal_pence" - s.pence
FROM (SELECT "order_id", sum("paid_pence")::int AS pence FROM "order_lines" WHERE "type" = 'shipping' GROUP BY "order_id") s
WHERE s."order_id" = o."id";
