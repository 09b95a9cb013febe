/** Saved cards: only the provider's token, brand, last four digits, expiry and holder name. */
import { and, asc, desc, eq } from "drizzle-orm";
import type { Deps } from "../context";
import type { Db } from "../db/client";
import { savedCards, users } from "../db/schema/index";
import { transaction } from "../db/transaction";
import { AppError } from "../http/errors";
import { PaymentInputError } from "../payments/payments.port";
import { paymentProvider } from "../payments/payments.service";

type CardRow = typeof savedCards.$inferSelect;

const present = (row: CardRow) => ({
  id: row.id,
  brand: row.brand,
  last4: row.last4,
  exp_month: row.expMonth,
  exp_year: row.expYear,
  holder_name: row.holderName,
  is_default: row.isDefault,
  created_at: row.createdAt.toISOString(),
});

export async function listCards(db: Db, userId: number) {
  const rows = await db
    .select()
    .from(savedCards)
    .where(eq(savedCards.userId, userId))
    .orderBy(desc(savedCards.isDefault), asc(savedCards.id));
  return { data: rows.map(present) };
}

/** Stripe: a SetupIntent for the browser to confirm (3-D Secure by Stripe.js); then POST /iu/cards. */
export async function startCardSetup(deps: Pick<Deps, "db" | "config" | "log">, userId: number) {
  const provider = paymentProvider(deps);
  const [user] = await deps.db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  const setup = await provider.createCardSetup({ userId, email: user?.email ?? null });
  return { provider: provider.name, client_secret: setup?.clientSecret ?? null };
}

export async function addCard(
  deps: Pick<Deps, "db" | "config" | "log">,
  userId: number,
  input: { token: string; make_default?: boolean | undefined },
) {
  const provider = paymentProvider(deps);
  const [user] = await deps.db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  let saved: Awaited<ReturnType<typeof provider.saveCard>>;
  try {
    saved = await provider.saveCard({ userId, email: user?.email ?? null }, input.token);
  } catch (error) {
    if (error instanceof PaymentInputError) throw AppError.field("token", error.messageKey);
    throw error;
  }
  return transaction(deps.db, async (tx) => {
    const existing = await tx
      .select({ id: savedCards.id, isDefault: savedCards.isDefault })
      .from(savedCards)
      .where(eq(savedCards.userId, userId));
    const makeDefault = input.make_default === true || existing.length === 0;
    if (makeDefault)
      await tx.update(savedCards).set({ isDefault: false }).where(eq(savedCards.userId, userId));
    const [row] = await tx
      .insert(savedCards)
      .values({
        userId,
        provider: provider.name,
        token: saved.token,
        brand: saved.card.brand,
        last4: saved.card.last4,
        expMonth: saved.card.expMonth,
        expYear: saved.card.expYear,
        holderName: saved.card.holderName,
        isDefault: makeDefault,
      })
      .onConflictDoNothing()
      .returning();
    if (!row) throw AppError.field("token", "commerce.cardAlreadySaved");
    return present(row);
  });
}

async function ownCard(db: Db, userId: number, id: number) {
  const [row] = await db
    .select()
    .from(savedCards)
    .where(and(eq(savedCards.id, id), eq(savedCards.userId, userId)));
  if (!row) throw new AppError("not_found", "commerce.cardNotFound");
  return row;
}

export async function setDefaultCard(db: Db, userId: number, id: number) {
  await ownCard(db, userId, id);
  await transaction(db, async (tx) => {
    await tx.update(savedCards).set({ isDefault: false }).where(eq(savedCards.userId, userId));
    await tx.update(savedCards).set({ isDefault: true }).where(eq(savedCards.id, id));
  });
  return listCards(db, userId);
}

export async function removeCard(deps: Pick<Deps, "db" | "config" | "log">, userId: number, id: number) {
  const row = await ownCard(deps.db, userId, id);
  await paymentProvider(deps).removeCard(row.token);
  await transaction(deps.db, async (tx) => {
    await tx.delete(savedCards).where(eq(savedCards.id, id));
    if (row.isDefault) {
      const [next] = await tx
        .select({ id: savedCards.id })
        .from(savedCards)
        .where(eq(savedCards.userId, userId))
        .orderBy(asc(savedCards.id))
        .limit(1);
      if (next) await tx.update(savedCards).set({ isDefault: true }).where(eq(savedCards.id, next.id));
    }
  });
}
