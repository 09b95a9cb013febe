import { Permission } from "@aprendo/contract";
import { hashPassword } from "../auth/passwords";
import { adminPermissions, userProfiles, users } from "../db/schema/index";
import { demoAccounts } from "./demo-accounts";
import type { Seeder } from "./seed";

export const seedAccounts: Seeder = async ({ db }) => {
  const now = new Date();
  for (const account of demoAccounts) {
    const [user] = await db
      .insert(users)
      .values({
        username: account.username,
        email: account.email,
        phone: account.phone ?? null,
        passwordHash: await hashPassword(account.password),
        roleId: account.roleId,
        firstName: account.firstName,
        lastName: account.lastName,
        dateOfBirth: account.dateOfBirth ?? null,
        emailVerifiedAt: now,
        phoneVerifiedAt: account.phone ? now : null,
        guardianEmail: account.guardian?.email ?? null,
        guardianPhone: account.guardian?.phone ?? null,
        guardianVerifiedAt: account.guardian ? now : null,
        termsAcceptedAt: now,
      })
      .returning({ id: users.id });
    if (!user) continue;
    if (account.roleId === 1) await db.insert(userProfiles).values({ userId: user.id, country: "GB" });
    if (account.permissions?.length) {
      await db
        .insert(adminPermissions)
        .values(account.permissions.map((name) => ({ userId: user.id, permissionId: Permission[name] })));
    }
  }
};
