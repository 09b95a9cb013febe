/**
 * One authorization model (docs/security.md, "Who may do what"). Each feature answers "may this
 * actor do that?" in its own `<feature>.policy.ts`, as one `allow(actor, action, subject?)` over a
 * table of named rules. Routes ask it at the door with `onRequest: app.authorize(policy, action)`
 * (who is calling is settled before the body is read, so a guest gets 401, never field errors);
 * services ask it about a row with `policy.allow(actor, action, row)`.
 *
 * The door answers 401 to a guest a rule refuses and 403 to a signed-in caller it refuses. It is
 * the only door: there is no hook that checks a role or a flag outside a policy.
 */
import { type PermissionName, Role, type RoleId } from "@aprendo/contract";
import type { CurrentUser } from "./authenticate";

/** Who is asking: the signed-in caller, or null for a guest. */
export type Actor = CurrentUser | null;

// A rule may take the row it is asked about; rules asked at the door take none.
// biome-ignore lint/suspicious/noExplicitAny: each rule names its own subject type.
type Rule = (actor: Actor, subject?: any) => boolean;
export type Rules = Record<string, Rule>;

/** The row a rule is asked about (nothing for a door rule). */
export type SubjectOf<R extends Rules, A extends keyof R> = Parameters<R[A]>[1];

export type Policy<R extends Rules = Rules> = {
  /** The feature the rules belong to, as routes and the quality test name it. */
  readonly feature: string;
  readonly rules: R;
  allow<A extends keyof R & string>(actor: Actor, action: A, subject?: SubjectOf<R, A>): boolean;
};

export function definePolicy<R extends Rules>(feature: string, rules: R): Policy<R> {
  return {
    feature,
    rules,
    allow: (actor, action, subject) => rules[action]!(actor, subject),
  };
}

/** Anyone, a guest included: the caller is still read, so a signed-in visitor is known. */
export const anyone = (): boolean => true;

/** Any signed-in account, whatever its role. */
export const signedIn = (actor: Actor): actor is CurrentUser => actor !== null;

/** A caller of one of these roles. */
export const hasRole = (actor: Actor, ...roles: RoleId[]): actor is CurrentUser =>
  actor !== null && roles.includes(actor.roleId);

export const isLearner = (actor: Actor): actor is CurrentUser => hasRole(actor, Role.learner);

/** An administrator (role admin and up) holding at least one of the flags (spec section 3). */
export const holdsAny = (actor: Actor, ...flags: readonly PermissionName[]): actor is CurrentUser =>
  actor !== null && actor.roleId !== Role.learner && flags.some((flag) => actor.permissions.includes(flag));

/** A door rule: one of these roles. */
export const roles =
  (...allowed: RoleId[]) =>
  (actor: Actor) =>
    hasRole(actor, ...allowed);

/** A door rule: an administrator holding one of these flags. */
export const flags =
  (...anyOf: readonly PermissionName[]) =>
  (actor: Actor) =>
    holdsAny(actor, ...anyOf);

/** The policy and action a route's door asks, as the route walk of the quality test reads it. */
export type DoorCheck = { feature: string; action: string };
