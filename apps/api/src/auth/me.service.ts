/** The signed-in user as `GET /auth/me` describes them: account, profile flags and a learner's salary scale. */
import { Role } from "@aprendo/contract";
import { eq } from "drizzle-orm";
import { salaryScaleOf } from "../commerce/salary-scales.service";
import type { DbOrTx } from "../db/client";
import { userProfiles } from "../db/schema/index";
import type { CurrentUser } from "../http/authenticate";
import { AppError } from "../http/errors";
import { presentUser } from "./auth.presenter";
import { findUserById } from "./users.repository";

export async function describeCurrentUser(db: DbOrTx, me: CurrentUser) {
  const user = await findUserById(db, me.id);
  // The account can be gone while its token is still valid (erased or deleted meanwhile).
  if (!user) throw new AppError("unauthenticated");
  const [profile] = await db
    .select({ enableSalaryScale: userProfiles.enableSalaryScale })
    .from(userProfiles)
    .where(eq(userProfiles.userId, me.id));
  const salaryScale = user.roleId === Role.learner ? await salaryScaleOf(db, me.id) : null;
  return presentUser(user, profile ?? null, me.permissions, salaryScale);
}
