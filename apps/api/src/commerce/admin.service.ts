/** Back-office reads of commerce that need more than one service call: a user's purchase history. */
import type { LanguageCode } from "@aprendo/contract";
import { eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { users } from "../db/schema/index";
import { AppError } from "../http/errors";
import { purchaseHistory } from "./history.service";

/** A user's purchases as the back office sees them (404 for an unknown user). */
export async function userPurchaseHistory(
  db: Db,
  userId: number,
  page: { page: number; per_page: number },
  language: LanguageCode,
) {
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
  if (!user) throw new AppError("not_found", "catalog.userNotFound");
  return purchaseHistory(db, user.id, page, `/api/af/users/${user.id}/purchases`, language);
}
