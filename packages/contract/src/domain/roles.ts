/** Role ids of spec section 6. No token means guest. */
export const Role = {
  learner: 1,
  admin: 3,
  headAdmin: 4,
  masterAdmin: 5,
} as const;
export type RoleId = (typeof Role)[keyof typeof Role];
export const roleIds: readonly RoleId[] = Object.values(Role);

/** The area prefix of each role's pages (spec section 2). */
export const roleArea: Record<RoleId, "/iu" | "/af" | "/ha" | "/ma"> = {
  1: "/iu",
  3: "/af",
  4: "/ha",
  5: "/ma",
};

export function isAdministratorRole(roleId: number): boolean {
  return roleId === Role.admin || roleId === Role.headAdmin || roleId === Role.masterAdmin;
}
