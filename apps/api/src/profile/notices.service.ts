/**
 * Telling a learner that something happened to their account or orders: a panel notice (both
 * languages) and a mail in the learner's preferred language. A child's mail goes to the guardian's
 * address when the child has none (the rule of every account mail: `email ?? guardianEmail`).
 * Never throws: the event already happened, so a failed notice or mail is logged, not reported to
 * the request that caused it.
 */
import {
  type LanguageCode,
  languageById,
  messageKey,
  messages,
  NotificationType,
  type NotificationTypeId,
  parseMessageKey,
  translateKey,
} from "@aprendo/contract";
import { eq } from "drizzle-orm";
import { displayName, renderMail } from "../auth/auth.mails";
import type { Deps } from "../context";
import type { DbOrTx } from "../db/client";
import { users } from "../db/schema/index";
import type { MailAttachment, MailMessage } from "../mail/outbox";
import { bothLanguages, type NotifyInput, notify, notifyMany } from "../notifications/notifications.service";

type Params = Record<string, string | number>;

export type NoticeMail = {
  /** Stored in the outbox row's meta, e.g. "order.paid". */
  kind: string;
  subject: string;
  /** Message keys, one paragraph each (`key?param=value` via messageKey). */
  paragraphs: string[];
  /** Given to every paragraph as {{date}}, written the recipient's way. */
  date?: Date;
  /** Paragraphs already written out in the recipient's words (a support reply's excerpt). */
  quote?: string;
  link?: { url: string; label: string };
  /** Extra fields for the outbox row's meta (ids, never bodies). */
  meta?: Record<string, unknown>;
  /** The files in the recipient's language, as what renders them at delivery (mail/attachments.ts). */
  attachments?: (language: LanguageCode) => MailAttachment[];
};

export type Notice = {
  title: string;
  description: string;
  type?: NotificationTypeId;
  action?: { redirect: { id: number } };
};

/**
 * The long date format per language, made once: `toLocaleDateString` with options builds a new
 * `Intl.DateTimeFormat` on every call, which cost each paid-order mail about half a millisecond of
 * CPU (the bench's checkout profile), more than the rest of the mail's rendering.
 */
const longDateParts = { day: "numeric", month: "long", year: "numeric", timeZone: "Europe/London" } as const;
const longDates = {
  en: new Intl.DateTimeFormat("en-GB", longDateParts),
  es: new Intl.DateTimeFormat("es-ES", longDateParts),
};

/** A date as the recipient reads it: "26 November 2026" / "26 de noviembre de 2026". */
export function longDate(date: Date, language: LanguageCode): string {
  return longDates[language === "es" ? "es" : "en"].format(date);
}

/**
 * Translates a message key with the brand name known to every mail. The parameters are handed
 * over as they are (translateKey), not written into the key and parsed back: that round trip was
 * most of a paid-order mail's CPU in the drain.
 */
function translator(language: LanguageCode, brand: string) {
  return (message: string, params: Params = {}) => {
    // A key already carrying its parameters (`key?a=b`) keeps them; the brand is added.
    const { key, params: own } = parseMessageKey(message);
    const all = { brand, ...own, ...params };
    // An unknown key comes back as the message, as translate answers it.
    return translateKey(messages, language, key, all) ?? messageKey(key, all);
  };
}

/** Sends the mail to one address in `language`, greeting `greetingName` (null: a plain "Hello,"). */
export async function sendNoticeMail(
  deps: Pick<Deps, "mail" | "config">,
  to: string,
  language: LanguageCode,
  greetingName: string | null,
  mail: NoticeMail,
  extraParagraphs: string[] = [],
  /** Known facts about the recipient every paragraph may name ({{username}}). */
  known: Params = {},
): Promise<void> {
  await deps.mail.send(noticeMailMessage(deps, to, language, greetingName, mail, extraParagraphs, known));
}

/** The mail `sendNoticeMail` sends, written out in `language`. */
function noticeMailMessage(
  deps: Pick<Deps, "config">,
  to: string,
  language: LanguageCode,
  greetingName: string | null,
  mail: NoticeMail,
  extraParagraphs: string[],
  known: Params,
): MailMessage {
  const brand = deps.config.brandName;
  const t = translator(language, brand);
  const extra = { ...known, ...(mail.date ? { date: longDate(mail.date, language) } : {}) };
  const paragraphs = mail.paragraphs.map((p) => t(p, extra));
  if (mail.quote) paragraphs.push(mail.quote);
  const { text, html } = renderMail({
    lang: language,
    brand,
    greeting: greetingName ? t("mail.greeting", { name: greetingName }) : t("mail.greetingPlain"),
    paragraphs: [...extraParagraphs, ...paragraphs],
    ...(mail.link ? { link: { url: mail.link.url, label: t(mail.link.label) } } : {}),
    footer: t("mail.notice.footer"),
    signature: t("mail.signature"),
  });
  return {
    to,
    subject: t(mail.subject),
    text,
    html,
    meta: { kind: mail.kind, ...mail.meta },
    ...(mail.attachments ? { attachments: mail.attachments(language) } : {}),
  };
}

/**
 * The notice (unless null) and the mail for one user. A user with no address at all (a phone-only
 * account) gets the notice only.
 */
export async function tellUser(
  // `db` may be a transaction: the drain of paid-order notices writes them with its outbox row's delete.
  deps: Pick<Deps, "mail" | "config" | "log"> & { db: DbOrTx },
  userId: number,
  event: { notice: Notice | null; mail: NoticeMail | null },
): Promise<void> {
  const { log } = deps;
  // The mail's meta holds ids only (an order's id and number), never bodies: safe to log.
  const context = { userId, kind: event.mail?.kind ?? event.notice?.title, ...event.mail?.meta };
  if (event.notice) {
    try {
      await notify({ db: deps.db }, noticeFor(userId, event.notice));
    } catch (error) {
      log.error({ err: error, ...context }, "notice not stored");
    }
  }
  if (!event.mail) return;
  try {
    const [user] = await deps.db.select(mailRecipientColumns).from(users).where(eq(users.id, userId));
    if (user) await sendUserMail(deps, user, event.mail);
  } catch (error) {
    log.error({ err: error, ...context }, "notice mail not sent");
  }
}

/** The notification a notice stores, in both languages. */
function noticeFor(userId: number, notice: Notice): NotifyInput {
  const { title, description, type, action } = notice;
  return {
    userId,
    type: type ?? NotificationType.congratulations,
    title: bothLanguages(title),
    description: bothLanguages(description),
    ...(action ? { action } : {}),
  };
}

/**
 * One event of `tellMany`: a user's notice and mail (their account columns already read by the
 * caller, null for a user with none), or a mail to an address with no account behind it.
 */
export type Telling =
  | { userId: number; recipient: MailRecipient | null; notice: Notice | null; mail: NoticeMail | null }
  | { address: string; language: LanguageCode; mail: NoticeMail };

/**
 * `tellUser` and `tellAddress` for many events at once (a drain's batch): every notice in one
 * statement, every mail in one, through `deps.db` (the caller's transaction). Unlike them it throws:
 * the caller decides what a failed batch means (the paid-notice drain tells its orders one by one).
 */
export async function tellMany(deps: Pick<Deps, "mail" | "config"> & { db: DbOrTx }, events: Telling[]) {
  const notices: NotifyInput[] = [];
  const mails: MailMessage[] = [];
  for (const event of events) {
    if ("address" in event) {
      mails.push(noticeMailMessage(deps, event.address, event.language, null, event.mail, [], {}));
      continue;
    }
    if (event.notice) notices.push(noticeFor(event.userId, event.notice));
    const message = event.mail && event.recipient && userMailMessage(deps, event.recipient, event.mail);
    if (message) mails.push(message);
  }
  await notifyMany({ db: deps.db }, notices);
  await deps.mail.send(mails, deps.db);
}

/** The account columns `sendUserMail` needs, as a select list. */
export const mailRecipientColumns = {
  email: users.email,
  guardianEmail: users.guardianEmail,
  languageId: users.languageId,
  firstName: users.firstName,
  lastName: users.lastName,
  username: users.username,
};

/** The account columns `sendUserMail` needs. */
export type MailRecipient = {
  email: string | null;
  guardianEmail: string | null;
  languageId: number;
  firstName: string;
  lastName: string;
  username: string;
};

/**
 * The mail to an account, in its language, to the guardian for a child without an address; nothing
 * for an account with no address at all. Throws on failure (for callers that send it inside their
 * own transaction, with `deps.mail` writing through it).
 */
export async function sendUserMail(
  deps: Pick<Deps, "mail" | "config">,
  user: MailRecipient,
  mail: NoticeMail,
): Promise<void> {
  const message = userMailMessage(deps, user, mail);
  if (message) await deps.mail.send(message);
}

/** The mail `sendUserMail` sends; null for an account with no address at all. */
function userMailMessage(
  deps: Pick<Deps, "config">,
  user: MailRecipient,
  mail: NoticeMail,
): MailMessage | null {
  const to = user.email ?? user.guardianEmail;
  if (!to) return null;
  const language = languageById(user.languageId);
  const name = displayName(user);
  // The guardian reads a child's mail: greet them plainly and say whose account it is.
  const forGuardian = user.email === null;
  const guardianLine = forGuardian
    ? [translator(language, deps.config.brandName)("mail.forGuardian", { name, username: user.username })]
    : [];
  return noticeMailMessage(deps, to, language, forGuardian ? null : name, mail, guardianLine, {
    username: user.username,
  });
}

/** A mail to an address with no account behind it (a guest's order). Never throws. */
export async function tellAddress(
  deps: Pick<Deps, "mail" | "config" | "log">,
  to: string,
  language: LanguageCode,
  mail: NoticeMail,
): Promise<void> {
  try {
    await sendNoticeMail(deps, to, language, null, mail);
  } catch (error) {
    deps.log.error({ err: error, kind: mail.kind }, "notice mail not sent");
  }
}
