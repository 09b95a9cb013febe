/** Preferences kept on the account: the interface language chosen in the app. */
import { eq } from "drizzle-orm";
import type { DbOrTx } from "../db/client";
import { users } from "../db/schema/index";

export async function saveLanguage(db: DbOrTx, userId: number, languageId: number) {
  await db.update(users).set({ languageId, updatedAt: new Date() }).where(eq(users.id, userId));
}
