/**
 * Telling the other side: every reply notifies it (type 1, routed by the ticket id, spec section 4);
 * a guest has no account, so a guest gets a mail with the private link instead.
 */
import { interpolate, type LanguageCode, languageById, messages, NotificationType } from "@aprendo/contract";
import type { Deps } from "../context";
import type { DbOrTx } from "../db/client";
import { bothLanguages, notify } from "../notifications/notifications.service";
import { guestTicketLink, guestToken } from "./guest-token";
import { otherSubjectTitle, ticketReference } from "./tickets.presenter";

type TicketForNotice = {
  id: number;
  userId: number | null;
  guestEmail: string | null;
  guestTokenSalt: string | null;
  languageId: number;
};

const excerpt = (text: string, length = 200) =>
  text.length > length ? `${text.slice(0, length - 1).trimEnd()}…` : text;

const text = (language: LanguageCode, key: string, params: Record<string, string | number>) =>
  interpolate(messages[language][key] ?? messages.en[key] ?? key, params);

const action = (ticketId: number) => ({ redirect: { id: ticketId } });

function guestLink(deps: Deps, ticket: TicketForNotice): string {
  return guestTicketLink(
    deps.config.publicUrl,
    ticket.id,
    guestToken(deps.config.jwtSecret, ticket.guestTokenSalt ?? ""),
  );
}

export async function mailGuestTicketCreated(
  deps: Deps,
  ticket: TicketForNotice,
  subject: { en: string; es: string } | null,
): Promise<void> {
  if (!ticket.guestEmail) return;
  const language = languageById(ticket.languageId);
  const params = {
    brand: deps.config.brandName,
    reference: ticketReference(ticket.id),
    subject: (subject ?? otherSubjectTitle)[language],
    link: guestLink(deps, ticket),
  };
  await deps.mail.send({
    to: ticket.guestEmail,
    subject: text(language, "support.mail.created.subject", params),
    text: text(language, "support.mail.created.body", params),
    meta: { kind: "guest_ticket_created", ticketId: ticket.id },
  });
}

/** An administrator replied: the learner gets a notification, a guest a mail. */
export async function tellRequesterOfReply(
  deps: Deps,
  db: DbOrTx,
  ticket: TicketForNotice,
  body: string,
): Promise<void> {
  const reference = ticketReference(ticket.id);
  if (ticket.userId !== null) {
    await notify(
      { db },
      {
        userId: ticket.userId,
        type: NotificationType.supportTicket,
        title: bothLanguages(`support.notify.staffReply.title?reference=${reference}`),
        description: { en: excerpt(body), es: excerpt(body) },
        action: action(ticket.id),
      },
    );
    return;
  }
  if (!ticket.guestEmail) return;
  const language = languageById(ticket.languageId);
  const params = {
    brand: deps.config.brandName,
    reference,
    excerpt: excerpt(body, 600),
    link: guestLink(deps, ticket),
  };
  await deps.mail.send({
    to: ticket.guestEmail,
    subject: text(language, "support.mail.reply.subject", params),
    text: text(language, "support.mail.reply.body", params),
    meta: { kind: "guest_ticket_reply", ticketId: ticket.id },
  });
}

/** The requester replied: the administrator handling the ticket is notified (unclaimed: the queue shows it). */
export async function tellClaimerOfReply(
  db: DbOrTx,
  ticket: { id: number; claimedBy: number | null },
  body: string,
): Promise<void> {
  if (ticket.claimedBy === null) return;
  await notify(
    { db },
    {
      userId: ticket.claimedBy,
      type: NotificationType.supportTicket,
      title: bothLanguages(`support.notify.requesterReply.title?reference=${ticketReference(ticket.id)}`),
      description: { en: excerpt(body), es: excerpt(body) },
      action: action(ticket.id),
    },
  );
}

export async function tellLearnerResolved(db: DbOrTx, ticket: TicketForNotice): Promise<void> {
  if (ticket.userId === null) return;
  await notify(
    { db },
    {
      userId: ticket.userId,
      type: NotificationType.supportTicket,
      title: bothLanguages(`support.notify.resolved.title?reference=${ticketReference(ticket.id)}`),
      description: bothLanguages("support.notify.resolved.description"),
      action: action(ticket.id),
    },
  );
}

export async function tellNewClaimer(
  db: DbOrTx,
  ticketId: number,
  toUserId: number,
  fromName: string,
): Promise<void> {
  await notify(
    { db },
    {
      userId: toUserId,
      type: NotificationType.supportTicket,
      title: bothLanguages(`support.notify.handOver.title?reference=${ticketReference(ticketId)}`),
      description: {
        en: text("en", "support.notify.handOver.description", { name: fromName }),
        es: text("es", "support.notify.handOver.description", { name: fromName }),
      },
      action: action(ticketId),
    },
  );
}

/**
 * A duplicate was merged into another ticket (helpdesk): the learner is notified (routed to the kept
 * ticket), a guest gets a mail with the kept ticket's private link (same address, so same person).
 */
export async function tellRequesterOfMerge(
  deps: Deps,
  db: DbOrTx,
  duplicate: TicketForNotice,
  kept: TicketForNotice,
): Promise<void> {
  const params = { reference: ticketReference(duplicate.id), into: ticketReference(kept.id) };
  if (duplicate.userId !== null) {
    const query = `reference=${params.reference}&into=${params.into}`;
    await notify(
      { db },
      {
        userId: duplicate.userId,
        type: NotificationType.supportTicket,
        title: bothLanguages(`helpdesk.notify.merged.title?${query}`),
        description: bothLanguages(`helpdesk.notify.merged.body?into=${params.into}`),
        action: action(kept.id),
      },
    );
    return;
  }
  if (!duplicate.guestEmail) return;
  const language = languageById(duplicate.languageId);
  const mailParams = { ...params, brand: deps.config.brandName, link: guestLink(deps, kept) };
  await deps.mail.send({
    to: duplicate.guestEmail,
    subject: text(language, "helpdesk.mail.merged.subject", mailParams),
    text: text(language, "helpdesk.mail.merged.body", mailParams),
    meta: { kind: "guest_ticket_merged", ticketId: kept.id },
  });
}
