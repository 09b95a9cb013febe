/** The profile's hand-written statements (text snapshotted in profile.repository.test.ts). */
import { sql } from "drizzle-orm";
import type { DbOrTx } from "../db/client";
import { userProfiles, users } from "../db/schema/index";

/** The user's profile row when missing; nothing for an id that names no user. */
export const insertMissingProfile = (userId: number) =>
  sql`INSERT INTO ${userProfiles} (user_id) SELECT ${users.id} FROM ${users} WHERE ${users.id} = ${userId}
        ON CONFLICT DO NOTHING`;

export async function insertProfileIfMissing(db: DbOrTx, userId: number): Promise<void> {
  await db.execute(insertMissingProfile(userId));
}
