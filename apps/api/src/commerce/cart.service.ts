/** The learner's server cart: the browser's items with its timestamp, merged at login (newer wins). */
import type { CartBody } from "@aprendo/contract";
import { eq, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { carts } from "../db/schema/index";

export async function getCart(db: Db, userId: number) {
  const [row] = await db.select().from(carts).where(eq(carts.userId, userId));
  return { items: (row?.items ?? []) as CartBody["items"], updated_at: row?.updatedAtMs ?? 0 };
}

/** Saves the cart unless the server holds a newer one (a late write from another tab never wins). */
export async function putCart(db: Db, userId: number, body: CartBody) {
  await db
    .insert(carts)
    .values({ userId, items: body.items, updatedAtMs: body.updated_at })
    .onConflictDoUpdate({
      target: carts.userId,
      set: { items: body.items, updatedAtMs: body.updated_at, updatedAt: new Date() },
      setWhere: sql`${carts.updatedAtMs} <= ${body.updated_at}`,
    });
  return getCart(db, userId);
}
