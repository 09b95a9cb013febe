/** Rules about one's own account. */
import { Role } from "@aprendo/contract";
import type { UserRow } from "../auth/users.repository";

/** Learners delete their own account; administrators' accounts are managed by head administrators. */
export function mayDeleteOwnAccount(user: UserRow): boolean {
  return user.roleId === Role.learner && user.status === "active";
}

/** The username typed to confirm a deletion, compared as logins compare it (any case). */
export function sameUsername(user: UserRow, typed: string): boolean {
  return user.username.toLowerCase() === typed.trim().toLowerCase();
}
