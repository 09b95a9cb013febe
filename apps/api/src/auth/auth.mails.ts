/**
 * The mails and SMS of accounts and authentication, in the recipient's language (users.language_id),
 * plain text plus a simple HTML version, signed with the brand name. Bodies carry links and codes,
 * so they are never logged (the mail port logs only the masked recipient and the subject).
 */
import { languageById, messageKey, messages, translate } from "@aprendo/contract";
import type { Deps } from "../context";
import type { DbOrTx } from "../db/client";
import { escapeHtml } from "../lib/html";

/** The ports a message goes through, and the handle it is written with (the caller's transaction). */
type Senders<Port extends "mail" | "sms"> = Pick<Deps, Port | "config"> & { db?: DbOrTx };

type MailKind = "verify" | "guardian" | "guardianSelf" | "reset" | "deletion" | "registerAttempt";

export async function sendAccountMail(
  deps: Senders<"mail">,
  options: {
    to: string;
    languageId: number;
    kind: MailKind;
    /** Whom the mail greets; null for a plain "Hello,". */
    name: string | null;
    link: string;
    params?: Record<string, string>;
    subjectKey?: string;
  },
): Promise<void> {
  const lang = languageById(options.languageId);
  const brand = deps.config.brandName;
  const params = { brand, ...options.params };
  const t = (key: string, extra: Record<string, string> = {}) =>
    translate(messages, lang, messageKey(key, { ...params, ...extra }));
  const subject = t(options.subjectKey ?? `mail.${options.kind}.subject`);
  const greeting = options.name ? t("mail.greeting", { name: options.name }) : t("mail.greetingPlain");
  const body = t(`mail.${options.kind}.body`);
  const action = t(`mail.${options.kind}.action`);
  // The deletion mail must not say "ignore it": ignoring it lets the account be erased.
  const footer = t(options.kind === "deletion" ? "mail.deletion.ignore" : "mail.ignore");
  const { text, html } = renderMail({
    lang,
    brand,
    greeting,
    paragraphs: [body],
    link: { url: options.link, label: action },
    footer,
    signature: t("mail.signature"),
  });
  await deps.mail.send(
    { to: options.to, subject, text, html, meta: { kind: `account.${options.kind}` } },
    deps.db,
  );
}

/** A mail's plain text and HTML, in the one layout every platform mail shares. */
export function renderMail(content: {
  lang: string;
  brand: string;
  greeting: string;
  paragraphs: string[];
  /** The button (and the address written out beneath it, for clients that drop links). */
  link?: { url: string; label: string };
  /** The small print under the button. */
  footer?: string;
  signature: string;
}): { text: string; html: string } {
  const { lang, brand, greeting, paragraphs, link, footer, signature } = content;
  const text = [greeting, ...paragraphs, ...(link ? [link.url] : []), ...(footer ? [footer] : []), signature]
    .join("\n\n")
    .concat("\n");
  const url = link ? escapeHtml(link.url) : "";
  const html = [
    `<!doctype html><html lang="${lang}"><body style="font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;color:#1f2937;line-height:1.5;max-width:560px;margin:0 auto;padding:24px">`,
    `<p style="font-size:20px;font-weight:700;margin:0 0 16px">${escapeHtml(brand)}</p>`,
    `<p>${escapeHtml(greeting)}</p>`,
    ...paragraphs.map((p) => `<p style="white-space:pre-line">${escapeHtml(p)}</p>`),
    ...(link
      ? [
          `<p><a href="${url}" style="display:inline-block;background:#2563eb;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none;font-weight:600">${escapeHtml(link.label)}</a></p>`,
          `<p style="font-size:13px;color:#6b7280;word-break:break-all">${url}</p>`,
        ]
      : []),
    ...(footer ? [`<p style="font-size:13px;color:#6b7280">${escapeHtml(footer)}</p>`] : []),
    `<p>${escapeHtml(signature)}</p>`,
    "</body></html>",
  ].join("");
  return { text, html };
}

/**
 * An SMS; with no SMS provider in production (`reachesPhones` false) it goes to `email` instead, so
 * an account registered with a phone number can still log in. Without an email it is recorded as
 * undeliverable in the outbox, for administrators to see.
 */
async function sendAccountSms(
  deps: Senders<"sms" | "mail">,
  options: {
    to: string;
    /** The account's email, for when texts cannot reach phones. */
    email: string | null;
    languageId: number;
    kind: string;
    params?: Record<string, string>;
  },
): Promise<void> {
  const lang = languageById(options.languageId);
  const t = (key: string) =>
    translate(messages, lang, messageKey(key, { brand: deps.config.brandName, ...options.params }));
  const text = t(`sms.${options.kind}`);
  const meta = { kind: `account.${options.kind}` };
  if (deps.sms.reachesPhones || !options.email) {
    await deps.sms.send({ to: options.to, text, meta }, deps.db);
    return;
  }
  await deps.mail.send(
    {
      to: options.email,
      subject: t(
        options.kind === "registerAttempt" ? "mail.registerAttempt.subject" : "mail.smsByMail.subject",
      ),
      text: `${text}\n\n${t("mail.smsByMail.note")}\n`,
      meta: { ...meta, insteadOfSms: true },
    },
    deps.db,
  );
}

export function sendCodeSms(
  deps: Senders<"sms" | "mail">,
  options: { to: string; email: string | null; languageId: number; code: string; kind: "code" | "resetCode" },
): Promise<void> {
  return sendAccountSms(deps, { ...options, params: { code: options.code } });
}

/** An SMS that only tells the owner of the number something (no code). */
export function sendNoticeSms(
  deps: Senders<"sms" | "mail">,
  options: { to: string; email: string | null; languageId: number; kind: "registerAttempt" },
): Promise<void> {
  return sendAccountSms(deps, options);
}

/** Links of spec sections 2 and 4 on the public address of the web app. */
export const links = {
  verifyEmail: (publicUrl: string, token: string, username: string) =>
    `${publicUrl}/?verification_token=${encodeURIComponent(token)}&username=${encodeURIComponent(username)}`,
  verifyAge: (publicUrl: string, token: string) =>
    `${publicUrl}/?age_verification_token=${encodeURIComponent(token)}`,
  resetPassword: (publicUrl: string, token: string) =>
    `${publicUrl}/reset-password/${encodeURIComponent(token)}`,
  restoreAccount: (publicUrl: string, token: string) =>
    `${publicUrl}/restore-account/${encodeURIComponent(token)}`,
  /** The page where one asks for a reset link. */
  requestReset: (publicUrl: string) => `${publicUrl}/reset-password`,
};

/** "Ana Lopez" for a greeting; the username when no name is known. */
export function displayName(user: { firstName: string; lastName: string; username: string }): string {
  return `${user.firstName} ${user.lastName}`.trim() || user.username;
}
