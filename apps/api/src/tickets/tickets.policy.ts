/**
 * Who may do what with a ticket. The requester (learner or guest-link holder) sees only their own
 * ticket; desk administrators see all. Acting on a claimed ticket (reply, resolve, reopen, hand over)
 * belongs to its claimer, or to anyone with isTicketTeamLeadership; an unclaimed ticket is claimed by
 * whoever replies to or resolves it first.
 */
import type { TicketAbilities, TicketStatus } from "@aprendo/contract";
import { Role } from "@aprendo/contract";
import type { CurrentUser } from "../http/authenticate";
import { definePolicy, flags, roles } from "../http/policy";

export type TicketViewer =
  | { kind: "guest"; token: string }
  | { kind: "learner"; user: CurrentUser }
  | { kind: "staff"; user: CurrentUser };

export type TicketAccessRow = { userId: number | null; claimedBy: number | null; status: string };

export const deskPermissions = ["isTicketContentManager", "isTicketSystemManager"] as const;

/** The doors of the ticket routes; the rules about one ticket are the functions below. */
export const ticketsPolicy = definePolicy("tickets", {
  /** A learner's own tickets in /iu: open, read, reply, resolve, reopen. */
  request: roles(Role.learner),
  /** The desk in /af: the queue, one ticket, claim, reply, resolve, hand over, bulk actions. */
  work: flags(...deskPermissions),
  /** Edit the ticket subjects and route a subject to the privacy or refund specialists. */
  manageSubjects: flags("isTicketSubjectManager"),
  /** Read which subject goes to which specialists (the desk hides what it may not see). */
  readSubjectRoutes: flags("isTicketSubjectManager", ...deskPermissions),
  /** See the purchases behind a refund-routed ticket. */
  readPurchases: flags("isTicketRefundManager"),
  /** The desk's workload per administrator. */
  readWorkload: flags("isTicketTeamLeadership"),
  /** Put a ticket back in the queue (its claimer on the desk, or a team lead for any ticket). */
  unclaim: flags(...deskPermissions, "isTicketTeamLeadership"),
});

export function isDeskAdmin(user: { roleId: number; permissions: readonly string[] }): boolean {
  return user.roleId !== Role.learner && deskPermissions.some((flag) => user.permissions.includes(flag));
}

export function isTeamLead(user: CurrentUser): boolean {
  return user.permissions.includes("isTicketTeamLeadership");
}

/** The claimer or a team lead may act on a claimed ticket. */
export function canActOnClaimed(user: CurrentUser, ticket: TicketAccessRow): boolean {
  return ticket.claimedBy === user.id || isTeamLead(user);
}

/** May the staff member reply to / resolve this ticket (claiming it when it is unclaimed)? */
export function canWorkOn(user: CurrentUser, ticket: TicketAccessRow): boolean {
  return ticket.claimedBy === null || canActOnClaimed(user, ticket);
}

export function abilitiesOf(viewer: TicketViewer, ticket: TicketAccessRow): TicketAbilities {
  const status = ticket.status as TicketStatus;
  if (viewer.kind !== "staff") {
    return {
      reply: true,
      resolve: status !== "resolved",
      reopen: status === "resolved",
      claim: false,
      hand_over: false,
    };
  }
  const act = canActOnClaimed(viewer.user, ticket);
  const work = canWorkOn(viewer.user, ticket);
  return {
    reply: work,
    resolve: work && status !== "resolved",
    reopen: act && status === "resolved",
    claim: ticket.claimedBy === null,
    // Assigning an unclaimed ticket to a colleague is desk work too (helpdesk), as the API allows.
    hand_over: work && status !== "resolved",
  };
}
