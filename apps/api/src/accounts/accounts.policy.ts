/** Who may do what with one's own account. */
import { Role } from "@aprendo/contract";
import type { UserRow } from "../auth/users.repository";
import { type Actor, definePolicy, isLearner, signedIn } from "../http/policy";

export const accountsPolicy = definePolicy("accounts", {
  /**
   * Schedule one's own deletion: a learner at the door; about the row, only their own account while
   * it is active. Administrators' accounts are managed by head administrators.
   */
  deleteOwn: (actor: Actor, account?: UserRow) =>
    isLearner(actor) &&
    (account === undefined ||
      (account.id === actor.id && account.roleId === Role.learner && account.status === "active")),
  /** Change one's own password (the current one confirms): any signed-in account. */
  changePassword: signedIn,
});

/** The username typed to confirm a deletion, compared as logins compare it (any case). */
export function sameUsername(user: UserRow, typed: string): boolean {
  return user.username.toLowerCase() === typed.trim().toLowerCase();
}
