/**
 * Who may do what with the login issues filed from the login page: any administrator reads them and
 * notes what was done; changing the account itself (its email, a lost phone, a reset link) takes the
 * user manager's flag.
 */
import { type LoginIssueActionInput, Role } from "@aprendo/contract";
import { type Actor, definePolicy, holdsAny, roles } from "../../http/policy";

type ActionKind = LoginIssueActionInput["kind"];

/** The actions that change the account behind the issue, not only the issue. */
export const accountChangingKinds: ReadonlySet<ActionKind> = new Set([
  "email_changed",
  "phone_removed",
  "reset_link_sent",
]);

export const loginIssuesPolicy = definePolicy("login-issues", {
  /** The list and one issue, and the door of the action route. */
  read: roles(Role.admin),
  /** One action on an issue, by its kind. */
  act: (actor: Actor, kind: ActionKind) =>
    roles(Role.admin)(actor) && (!accountChangingKinds.has(kind) || holdsAny(actor, "isUserManager")),
});
