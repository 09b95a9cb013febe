/** Database rows -> the User of spec section 3 (GET /auth/me). */
import { isChildAccount, type PermissionName, Role, type User } from "@aprendo/contract";
import type { userProfiles } from "../db/schema/index";
import type { UserRow } from "./users.repository";

type ProfileRow = Pick<typeof userProfiles.$inferSelect, "enableSalaryScale">;

export function presentUser(
  user: UserRow,
  profile: ProfileRow | null,
  permissions: readonly PermissionName[],
  salaryScale: { discountPercentage: number } | null = null,
): User {
  const learner = user.roleId === Role.learner;
  const child = learner && isChildAccount(user);
  return {
    id: user.id,
    // "first_last" so the avatar initials (split by the underscore) work; the username when unnamed.
    name: user.firstName || user.lastName ? `${user.firstName}_${user.lastName}` : user.username,
    username: user.username,
    email: user.email,
    phone: user.phone,
    role_id: user.roleId,
    language_id: user.languageId,
    ...(learner
      ? { first_name: user.firstName, last_name: user.lastName }
      : { permissions: [...permissions] }),
    is_child: child,
    parent_verified: user.guardianEmail === null || user.guardianVerifiedAt !== null,
    user_profile: learner
      ? { enable_salary_scale: profile?.enableSalaryScale ?? false, date_of_birth: user.dateOfBirth }
      : null,
    salary_scale: salaryScale
      ? { discounted_country_range: { discount_percentage: salaryScale.discountPercentage } }
      : null,
  };
}
