/** Mails (and notices) about the account itself: a password changed or reset, a support reply. */
import { messageKey } from "@aprendo/contract";
import { links } from "../auth/auth.mails";
import type { Deps } from "../context";
import { ticketReference } from "../tickets/tickets.presenter";
import { tellUser } from "./notices.service";

type MailDeps = Pick<Deps, "db" | "mail" | "config" | "log">;

/**
 * After a password change (signed in) or a reset (link or SMS code): the owner learns of it at once,
 * with the way back in if it was not them. Never throws.
 */
export function tellPasswordChanged(deps: MailDeps, userId: number, how: "changed" | "reset"): Promise<void> {
  return tellUser(deps, userId, {
    notice: { title: "notice.passwordChanged.title", description: "notice.passwordChanged.description" },
    mail: {
      kind: `account.password_${how}`,
      subject: "mail.passwordChanged.subject",
      paragraphs: [
        how === "changed" ? "mail.passwordChanged.body" : "mail.passwordReset.body",
        "mail.passwordChanged.notYou",
      ],
      date: new Date(),
      link: { url: links.requestReset(deps.config.publicUrl), label: "mail.passwordChanged.action" },
      meta: { userId },
    },
  });
}

/** The excerpt of a reply a mail quotes (the whole thread is one click away). */
const excerpt = (text: string, length = 600) =>
  text.length > length ? `${text.slice(0, length - 1).trimEnd()}…` : text;

/**
 * Staff replied to a registered learner's ticket: the mail beside the notice stored with the reply.
 * Never throws.
 */
export function mailSupportReply(
  deps: MailDeps,
  ticket: { id: number; userId: number },
  body: string,
): Promise<void> {
  const reference = ticketReference(ticket.id);
  return tellUser(deps, ticket.userId, {
    notice: null,
    mail: {
      kind: "support.reply",
      subject: messageKey("mail.supportReply.subject", { reference }),
      paragraphs: [messageKey("mail.supportReply.body", { reference })],
      quote: excerpt(body),
      link: { url: `${deps.config.publicUrl}/iu/tickets/${ticket.id}`, label: "mail.supportReply.action" },
      meta: { ticketId: ticket.id },
    },
  });
}
