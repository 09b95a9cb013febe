/**
 * The real delivery drivers the `messaging.deliver` job uses: SMTP for mail (nodemailer) and
 * Twilio's Programmable Messaging REST API for SMS. Each either resolves (the peer took the
 * message) or throws a DeliveryError saying whether trying again can help.
 */
import nodemailer from "nodemailer";
import type SMTPTransport from "nodemailer/lib/smtp-transport";
import type { Config } from "../config/config";
import type { MailFile } from "./attachments";

export type OutboxRow = {
  id: number;
  channel: string;
  recipient: string;
  subject: string;
  bodyText: string;
  bodyHtml: string | null;
  /** The row's attachments, rendered for this attempt (mail/attachments.ts). */
  files?: MailFile[];
  /** `headers` here are sent as mail headers (mail/outbox.ts `MailMessage.headers`). */
  meta?: Record<string, unknown> | null;
};

/** The row's extra mail headers, string values only. */
const headersOf = (row: OutboxRow): Record<string, string> | undefined => {
  const headers = row.meta?.headers;
  if (!headers || typeof headers !== "object") return undefined;
  return Object.fromEntries(
    Object.entries(headers).filter((e): e is [string, string] => typeof e[1] === "string"),
  );
};

export interface Driver {
  /** Recorded on the row (outbox.driver) once it delivered. */
  name: "smtp" | "twilio";
  deliver(row: OutboxRow): Promise<void>;
  close?(): void;
}

/** A failed attempt: `reason` is stored for administrators; `permanent` stops the retries. */
export class DeliveryError extends Error {
  constructor(
    readonly reason: string,
    readonly permanent: boolean,
    /** For the log: an error code or status, never the recipient or the body. */
    readonly code: string,
  ) {
    super(reason);
  }
}

const clip = (text: string) => (text.length > 500 ? `${text.slice(0, 497)}...` : text);

export function smtpDriver(config: Pick<Config, "mailFrom" | "smtpTimeoutSeconds">, smtpUrl: string): Driver {
  const timeout = config.smtpTimeoutSeconds * 1000;
  // One connection per message (no pool): a server that went away is found out at the next attempt.
  const transport = nodemailer.createTransport({
    url: smtpUrl,
    connectionTimeout: timeout,
    greetingTimeout: timeout,
    socketTimeout: timeout,
  } as SMTPTransport.Options);
  return {
    name: "smtp",
    async deliver(row) {
      try {
        await transport.sendMail({
          from: config.mailFrom,
          to: row.recipient,
          subject: row.subject,
          text: row.bodyText,
          html: row.bodyHtml ?? undefined,
          headers: headersOf(row),
          attachments: row.files,
        });
      } catch (error) {
        const e = error as Error & {
          code?: string;
          responseCode?: number;
          response?: string;
          permanent?: boolean;
        };
        // A 5xx answer (no such mailbox, message refused) will not change; anything else may.
        const permanent = e.permanent === true || (e.responseCode !== undefined && e.responseCode >= 500);
        const code = e.responseCode ? `SMTP ${e.responseCode}` : (e.code ?? "SMTP error");
        throw new DeliveryError(clip(`${code}: ${e.response ?? e.message}`), permanent, code);
      }
    },
    close: () => transport.close(),
  };
}

/**
 * Twilio: POST {api}/2010-04-01/Accounts/{sid}/Messages.json, form-encoded To, From (or
 * MessagingServiceSid) and Body, HTTP basic auth with the account SID and auth token.
 */
export function twilioDriver(
  sms: Extract<Config["sms"], { provider: "twilio" }>,
  timeoutSeconds: number,
): Driver {
  const url = `${sms.apiUrl}/2010-04-01/Accounts/${encodeURIComponent(sms.accountSid)}/Messages.json`;
  const authorization = `Basic ${Buffer.from(`${sms.accountSid}:${sms.authToken}`).toString("base64")}`;
  return {
    name: "twilio",
    async deliver(row) {
      const body = new URLSearchParams({ To: row.recipient, Body: row.bodyText });
      body.set(sms.from.startsWith("MG") ? "MessagingServiceSid" : "From", sms.from);
      let response: Response;
      try {
        response = await fetch(url, {
          method: "POST",
          headers: {
            authorization,
            "content-type": "application/x-www-form-urlencoded",
            accept: "application/json",
          },
          body,
          signal: AbortSignal.timeout(timeoutSeconds * 1000),
        });
      } catch (error) {
        const e = error as Error & { cause?: { code?: string } };
        const code = e.name === "TimeoutError" ? "timeout" : (e.cause?.code ?? e.name);
        throw new DeliveryError(clip(`Twilio unreachable (${code}): ${e.message}`), false, code);
      }
      if (response.ok) {
        // Drain the answer so the connection is reused.
        await response.arrayBuffer();
        return;
      }
      const text = await response.text();
      let detail = text;
      try {
        const json = JSON.parse(text) as { code?: number; message?: string };
        detail = `${json.code ?? ""} ${json.message ?? ""}`.trim();
      } catch {
        // Not JSON (a proxy's error page): keep the text as it came.
      }
      // 4xx means this request will never be taken (a bad number, a blocked recipient, a wrong
      // credential an operator must fix); 429 and 5xx pass.
      const permanent = response.status >= 400 && response.status < 500 && response.status !== 429;
      throw new DeliveryError(
        clip(`Twilio HTTP ${response.status}: ${detail}`),
        permanent,
        `HTTP ${response.status}`,
      );
    },
  };
}
