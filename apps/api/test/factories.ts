/** Users of each role for API tests: `buildLearner(t)`, `buildAdmin(t, ["isFaqManager"])`, ... */
import { Permission, type PermissionName, type RoleId } from "@aprendo/contract";
import { hashPassword } from "../src/auth/passwords";
import { openSessions } from "../src/auth/sessions";
import { adminPermissions, userProfiles, users } from "../src/db/schema/index";
import type { TestApp } from "./test-app";

export type BuiltUser = {
  id: number;
  username: string;
  email: string;
  password: string;
  token: string;
  auth: { authorization: string };
};

/** An access token for an existing account, bound to a live session like a login's (auth/sessions.ts). */
export async function sessionToken(t: TestApp, user: { id: number; roleId: number }): Promise<string> {
  const [token] = await openSessions(t.deps.db, t.config, [user]);
  return token!;
}

let sequence = 0;
// Hashing with Argon2 on every factory call would slow tests; one shared hash of the default password.
const DEFAULT_PASSWORD = "Test-Pass1";
let defaultHash: Promise<string> | undefined;

export async function buildUser(
  t: TestApp,
  options: {
    roleId?: RoleId;
    permissions?: readonly PermissionName[];
    dateOfBirth?: string;
    verified?: boolean;
    overrides?: Partial<typeof users.$inferInsert>;
  } = {},
): Promise<BuiltUser> {
  sequence += 1;
  const roleId = options.roleId ?? 1;
  const username = `user${sequence}_${Math.random().toString(36).slice(2, 7)}`;
  const email = `${username}@example.test`;
  defaultHash ??= hashPassword(DEFAULT_PASSWORD);
  const now = new Date();
  const [row] = await t.deps.db
    .insert(users)
    .values({
      username,
      email,
      passwordHash: await defaultHash,
      roleId,
      firstName: "Test",
      lastName: `User${sequence}`,
      dateOfBirth: options.dateOfBirth ?? "1990-01-01",
      emailVerifiedAt: options.verified === false ? null : now,
      termsAcceptedAt: now,
      ...options.overrides,
    })
    .returning({ id: users.id });
  const id = row!.id;
  if (roleId === 1) await t.deps.db.insert(userProfiles).values({ userId: id });
  if (options.permissions?.length) {
    await t.deps.db
      .insert(adminPermissions)
      .values(options.permissions.map((p) => ({ userId: id, permissionId: Permission[p] })));
  }
  const token = await sessionToken(t, { id, roleId });
  return {
    id,
    username,
    email,
    password: DEFAULT_PASSWORD,
    token,
    auth: { authorization: `Bearer ${token}` },
  };
}

export const buildLearner = (t: TestApp, options: Parameters<typeof buildUser>[1] = {}) =>
  buildUser(t, { ...options, roleId: 1 });
export const buildAdmin = (t: TestApp, permissions: readonly PermissionName[] = []) =>
  buildUser(t, { roleId: 3, permissions });
export const buildHeadAdmin = (t: TestApp) => buildUser(t, { roleId: 4 });
export const buildMasterAdmin = (t: TestApp) => buildUser(t, { roleId: 5 });
