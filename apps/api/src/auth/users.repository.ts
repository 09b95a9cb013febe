/** Finding accounts by what people type: username (any case), email (any case) or phone number. */
import type { LoginIdentifier } from "@aprendo/contract";
import { and, eq, ne, sql } from "drizzle-orm";
import type { DbOrTx } from "../db/client";
import { users } from "../db/schema/index";

export type UserRow = typeof users.$inferSelect;

export async function findUserByIdentifier(db: DbOrTx, identifier: LoginIdentifier): Promise<UserRow | null> {
  const where =
    identifier.kind === "phone"
      ? eq(users.phone, identifier.value)
      : identifier.kind === "email"
        ? sql`lower(${users.email}) = ${identifier.value.toLowerCase()}`
        : sql`lower(${users.username}) = ${identifier.value.toLowerCase()}`;
  const [row] = await db
    .select()
    .from(users)
    .where(and(where, ne(users.status, "erased")))
    .limit(1);
  return row ?? null;
}

export async function findUserById(db: DbOrTx, id: number): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row ?? null;
}

/** Which of these values another account already holds: for field errors at registration and updates. */
export async function takenFields(
  db: DbOrTx,
  values: { username?: string; email?: string | null; phone?: string | null },
  exceptUserId?: number,
): Promise<{ username: boolean; email: boolean; phone: boolean }> {
  const other = exceptUserId ? ne(users.id, exceptUserId) : undefined;
  const exists = async (condition: ReturnType<typeof sql>) =>
    (await db.select({ id: users.id }).from(users).where(and(condition, other)).limit(1)).length > 0;
  return {
    username: values.username
      ? await exists(sql`lower(${users.username}) = ${values.username.toLowerCase()}`)
      : false,
    email: values.email ? await exists(sql`lower(${users.email}) = ${values.email.toLowerCase()}`) : false,
    phone: values.phone ? await exists(sql`${users.phone} = ${values.phone}`) : false,
  };
}

/** Postgres unique violation on one of the users' unique indexes (a concurrent registration). */
export function uniqueViolationField(error: unknown): "username" | "email" | "phone" | null {
  const e = error as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  const pg = e?.code === "23505" ? e : e?.cause?.code === "23505" ? e.cause : null;
  if (!pg) return null;
  if (pg.constraint === "users_username_unique") return "username";
  if (pg.constraint === "users_email_unique") return "email";
  if (pg.constraint === "users_phone_unique") return "phone";
  return null;
}
