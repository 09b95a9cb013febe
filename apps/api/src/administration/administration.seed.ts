/**
 * Demo permission groups: the demo administrators' flags expressed as groups, so the first group
 * change a head administrator makes keeps them (effective flags are materialised from groups).
 */
import { Permission, permissionNames } from "@aprendo/contract";
import { eq, inArray } from "drizzle-orm";
import { adminGroupMembers, permissionGroups, users } from "../db/schema/index";
import type { Seeder } from "../seed/seed";
import { materialisePermissions } from "./shared";

const demoGroups = [
  {
    name: "Full access",
    description: "Every permission of the back office.",
    permissions: permissionNames.map((n) => Permission[n]),
    members: ["admin"],
  },
  {
    name: "Support desk",
    description: "Tickets, FAQs and events.",
    permissions: [
      Permission.isTicketContentManager,
      Permission.isFaqManager,
      Permission.isFaqCategoryManager,
      Permission.isEventManager,
    ],
    members: ["support"],
  },
];

export const seedAdministration: Seeder = async ({ db }) => {
  const [head] = await db.select({ id: users.id }).from(users).where(eq(users.username, "head"));
  for (const group of demoGroups) {
    const [row] = await db
      .insert(permissionGroups)
      .values({
        name: group.name,
        description: group.description,
        permissions: group.permissions,
        createdById: head?.id ?? null,
      })
      .returning({ id: permissionGroups.id });
    const members = await db
      .select({ id: users.id })
      .from(users)
      .where(inArray(users.username, group.members));
    if (members.length)
      await db.insert(adminGroupMembers).values(members.map((m) => ({ userId: m.id, groupId: row!.id })));
    await materialisePermissions(
      db,
      members.map((m) => m.id),
    );
  }
};
