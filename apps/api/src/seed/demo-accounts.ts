/** The demo accounts of `npm start` (documented in the README): one per role and kind of learner. */
import type { PermissionName } from "@aprendo/contract";
import { permissionNames } from "@aprendo/contract";
import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "../db/client";
import { users } from "../db/schema/index";

export type DemoAccount = {
  label: string;
  username: string;
  email: string;
  password: string;
  roleId: 1 | 3 | 4 | 5;
  firstName: string;
  lastName: string;
  dateOfBirth?: string;
  phone?: string;
  guardian?: { email: string; phone: string };
  permissions?: readonly PermissionName[];
};

export const demoAccounts: readonly DemoAccount[] = [
  {
    label: "Learner (adult)",
    username: "ana",
    email: "ana@aprendo.test",
    password: "Learner-Pass1",
    roleId: 1,
    firstName: "Ana",
    lastName: "Lopez",
    dateOfBirth: "1996-04-12",
    phone: "+447700900101",
  },
  {
    label: "Learner (child, guardian confirmed)",
    username: "leo",
    email: "leo@aprendo.test",
    password: "Child-Pass1",
    roleId: 1,
    firstName: "Leo",
    lastName: "Garcia",
    dateOfBirth: "2016-06-01",
    guardian: { email: "guardian@aprendo.test", phone: "+447700900102" },
  },
  {
    label: "Administrator (all 30 permissions)",
    username: "admin",
    email: "admin@aprendo.test",
    password: "Admin-Pass1",
    roleId: 3,
    firstName: "Alex",
    lastName: "Admin",
    permissions: permissionNames,
  },
  {
    label: "Administrator (support desk: tickets, FAQs, events)",
    username: "support",
    email: "support@aprendo.test",
    password: "Support-Pass1",
    roleId: 3,
    firstName: "Sam",
    lastName: "Support",
    permissions: ["isTicketContentManager", "isFaqManager", "isFaqCategoryManager", "isEventManager"],
  },
  {
    label: "Head administrator",
    username: "head",
    email: "head@aprendo.test",
    password: "Head-Pass1",
    roleId: 4,
    firstName: "Helen",
    lastName: "Head",
  },
  {
    label: "Master administrator",
    username: "master",
    email: "master@aprendo.test",
    password: "Master-Pass1",
    roleId: 5,
    firstName: "Mario",
    lastName: "Master",
  },
];

/**
 * The demo accounts that exist in this database (by username and address), for the start banner:
 * it lists published passwords only for accounts that are really there.
 */
export async function demoAccountsPresent(db: Db): Promise<DemoAccount[]> {
  const rows = await db
    .select({ username: users.username, email: users.email })
    .from(users)
    .where(
      and(
        inArray(
          users.username,
          demoAccounts.map((a) => a.username),
        ),
        eq(users.status, "active"),
      ),
    );
  return demoAccounts.filter((a) => rows.some((r) => r.username === a.username && r.email === a.email));
}
