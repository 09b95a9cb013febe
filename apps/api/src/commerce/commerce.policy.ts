/** Who may do what in commerce: children never reach payment settings; orders belong to their buyer. */
import { isChildAccount as childAccount } from "@aprendo/contract";
import { eq } from "drizzle-orm";
import type { DbOrTx } from "../db/client";
import { users } from "../db/schema/index";
import { AppError } from "../http/errors";

/** A learner under 13 (or a guardian-registered account without its own email). */
export async function isChildAccount(db: DbOrTx, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ dateOfBirth: users.dateOfBirth, email: users.email, guardianEmail: users.guardianEmail })
    .from(users)
    .where(eq(users.id, userId));
  return !!row && childAccount(row);
}

export async function refuseChildren(db: DbOrTx, userId: number) {
  if (await isChildAccount(db, userId)) throw new AppError("forbidden", "commerce.childrenNoPayments");
}
