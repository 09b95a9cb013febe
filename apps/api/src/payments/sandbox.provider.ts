/**
 * The embedded sandbox provider: behaves like a card processor with Stripe's test cards. Its card
 * tokens and payment references are signed, self-describing strings (brand, last four, expiry and
 * the test card's behaviour), so it stores no card data at all; the only state it keeps is the
 * answer given on its 3-D Secure style confirmation page.
 */
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type { LanguageCode } from "@aprendo/contract";
import { eq } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../db/client";
import { sandboxAuthentications } from "../db/schema/index";
import {
  type CardDetails,
  type CreatePaymentInput,
  type PaymentEvent,
  PaymentInputError,
  type PaymentProvider,
  type PaymentResult,
  PaymentSignatureError,
} from "./payments.port";

export type SandboxBehaviour = "succeed" | "decline" | "insufficient_funds" | "require_action";

/** Stripe's test numbers, so the same cards work with either provider. */
export const sandboxTestCards: Record<string, { behaviour: SandboxBehaviour; brand: string }> = {
  "4242424242424242": { behaviour: "succeed", brand: "visa" },
  "5555555555554444": { behaviour: "succeed", brand: "mastercard" },
  "378282246310005": { behaviour: "succeed", brand: "amex" },
  "4000000000000002": { behaviour: "decline", brand: "visa" },
  "4000000000009995": { behaviour: "insufficient_funds", brand: "visa" },
  "4000002760003184": { behaviour: "require_action", brand: "visa" },
};

const declineMessage: Partial<Record<SandboxBehaviour, string>> = {
  decline: "commerce.cardDeclined",
  insufficient_funds: "commerce.cardInsufficientFunds",
};

type TokenPayload = {
  b: SandboxBehaviour;
  br: string;
  l4: string;
  m: number;
  y: number;
  h: string;
  n: string;
};
type RefPayload = {
  o: number;
  a: number;
  c: string;
  b: SandboxBehaviour;
  br: string;
  l4: string;
  n: string;
  /** The buyer's language, for the confirmation page. */
  l?: LanguageCode;
};

export function luhnValid(number: string): boolean {
  let sum = 0;
  for (let i = 0; i < number.length; i++) {
    let digit = Number(number[number.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

export type SandboxCard = {
  number: string;
  exp_month: number;
  exp_year: number;
  cvc: string;
  holder_name: string;
};

export class SandboxProvider implements PaymentProvider {
  readonly name = "sandbox" as const;
  readonly publishableKey = null;
  private readonly key: Buffer;

  constructor(
    private readonly db: Db,
    secret: string,
  ) {
    this.key = createHmac("sha256", secret).update("aprendo-sandbox-payments").digest();
  }

  /** The hosted form's call: a card in, a token out (the number is checked and forgotten). */
  tokenize(card: SandboxCard, now = new Date()): { token: string; card: CardDetails } {
    if (!luhnValid(card.number)) throw new PaymentInputError("commerce.cardNumberInvalid");
    const test = sandboxTestCards[card.number];
    if (!test) throw new PaymentInputError("commerce.cardNotTestCard");
    const year = card.exp_year < 100 ? 2000 + card.exp_year : card.exp_year;
    const endOfMonth = new Date(Date.UTC(year, card.exp_month, 1));
    if (endOfMonth <= now) throw new PaymentInputError("commerce.cardExpired");
    if (card.cvc.length !== (test.brand === "amex" ? 4 : 3))
      throw new PaymentInputError("commerce.cardCvcInvalid");
    const payload: TokenPayload = {
      b: test.behaviour,
      br: test.brand,
      l4: card.number.slice(-4),
      m: card.exp_month,
      y: year,
      h: card.holder_name.slice(0, 120),
      n: randomBytes(6).toString("base64url"),
    };
    return { token: this.sign("tok_sandbox_", payload), card: this.cardOf(payload) };
  }

  async createPayment(input: CreatePaymentInput): Promise<PaymentResult> {
    const token = this.verify<TokenPayload>("tok_sandbox_", input.token);
    if (!token)
      return { status: "declined", providerRef: null, card: null, message: "commerce.cardTokenInvalid" };
    const card = this.cardOf(token);
    const declined = declineMessage[token.b];
    if (declined) return { status: "declined", providerRef: null, card, message: declined };
    const ref = this.sign("pi_sandbox_", {
      o: input.orderId,
      a: input.amountPence,
      c: input.currency,
      b: token.b,
      br: token.br,
      l4: token.l4,
      n: randomBytes(6).toString("base64url"),
      ...(input.language ? { l: input.language } : {}),
    } satisfies RefPayload);
    if (token.b === "require_action") {
      // The confirmation page only ever sends the browser back to a path of this site.
      const url = input.returnUrl ? new URL(input.returnUrl, "http://site.invalid") : null;
      const query = new URLSearchParams({
        ...(url ? { return: url.pathname + url.search } : {}),
        ...(input.language ? { lang: input.language } : {}),
      }).toString();
      return {
        status: "requires_action",
        providerRef: ref,
        card,
        nextActionUrl: `/api/payments/sandbox/authenticate/${encodeURIComponent(ref)}${query ? `?${query}` : ""}`,
        clientSecret: null,
        message: "commerce.paymentRequiresAction",
      };
    }
    return { status: "succeeded", providerRef: ref, card, message: null };
  }

  async confirm(providerRef: string): Promise<PaymentResult> {
    const ref = this.verify<RefPayload>("pi_sandbox_", providerRef);
    if (!ref) throw new PaymentInputError("commerce.orderNotFound");
    const card = { brand: ref.br, last4: ref.l4, expMonth: 0, expYear: 0, holderName: "" };
    if (ref.b !== "require_action") return { status: "succeeded", providerRef, card, message: null };
    const [answer] = await this.db
      .select({ status: sandboxAuthentications.status })
      .from(sandboxAuthentications)
      .where(eq(sandboxAuthentications.ref, providerRef));
    if (answer?.status === "authenticated") return { status: "succeeded", providerRef, card, message: null };
    if (answer?.status === "failed")
      return { status: "declined", providerRef, card, message: "commerce.authenticationFailed" };
    return {
      status: "requires_action",
      providerRef,
      card,
      nextActionUrl: `/api/payments/sandbox/authenticate/${encodeURIComponent(providerRef)}`,
      clientSecret: null,
      message: "commerce.paymentRequiresAction",
    };
  }

  /** The answer given on the confirmation page (first answer wins). */
  async authenticate(providerRef: string, approve: boolean): Promise<boolean> {
    const ref = this.verify<RefPayload>("pi_sandbox_", providerRef);
    if (ref?.b !== "require_action") return false;
    await this.db
      .insert(sandboxAuthentications)
      .values({ ref: providerRef, status: approve ? "authenticated" : "failed" })
      .onConflictDoNothing();
    return true;
  }

  async cancel(providerRef: string): Promise<"canceled" | "succeeded"> {
    const ref = this.verify<RefPayload>("pi_sandbox_", providerRef);
    if (ref?.b !== "require_action") return "canceled";
    // First answer wins: a confirmation given before the cancellation stands (the money was taken).
    await this.db
      .insert(sandboxAuthentications)
      .values({ ref: providerRef, status: "failed" })
      .onConflictDoNothing();
    const [answer] = await this.db
      .select({ status: sandboxAuthentications.status })
      .from(sandboxAuthentications)
      .where(eq(sandboxAuthentications.ref, providerRef));
    return answer?.status === "authenticated" ? "succeeded" : "canceled";
  }

  /** The sandbox has no client secrets: guests prove their order with the signed return link. */
  async verifyClientSecret(): Promise<boolean> {
    return false;
  }

  /** The sandbox's form returns a token that is saved directly. */
  async createCardSetup(): Promise<null> {
    return null;
  }

  describePayment(
    providerRef: string,
  ): { orderId: number; amountPence: number; language: LanguageCode | undefined } | null {
    const ref = this.verify<RefPayload>("pi_sandbox_", providerRef);
    return ref ? { orderId: ref.o, amountPence: ref.a, language: ref.l } : null;
  }

  async refund(
    providerRef: string,
    amountPence: number,
    idempotencyKey?: string,
  ): Promise<{ refundRef: string }> {
    const ref = this.verify<RefPayload>("pi_sandbox_", providerRef);
    // Seeded demo payments carry plain references; the payments table's CHECK bounds every refund.
    const known = ref !== null || providerRef.startsWith("pi_sandbox_seed_");
    if (!known || amountPence <= 0 || (ref && amountPence > ref.a))
      throw new PaymentInputError("commerce.refundNothing");
    // With a key, the same refund again (as Stripe answers a repeated idempotency key).
    const id = idempotencyKey
      ? createHmac("sha256", this.key).update(idempotencyKey).digest("base64url").slice(0, 12)
      : randomBytes(9).toString("base64url");
    return { refundRef: `re_sandbox_${id}` };
  }

  async saveCard(_customer: unknown, token: string): Promise<{ token: string; card: CardDetails }> {
    const payload = this.verify<TokenPayload>("tok_sandbox_", token);
    if (!payload) throw new PaymentInputError("commerce.cardTokenInvalid");
    return { token, card: this.cardOf(payload) };
  }

  async removeCard(): Promise<void> {}

  /** Sandbox events are signed like its tokens: `sandbox-signature: <hex hmac of the body>`. */
  async webhook(rawBody: Buffer | string, signature: string | undefined): Promise<PaymentEvent> {
    const expected = createHmac("sha256", this.key).update(rawBody).digest("hex");
    if (!signature || !safeEqual(signature, expected)) throw new PaymentSignatureError("bad signature");
    const event = readEvent(rawBody);
    if (event.type === "payment_succeeded")
      return {
        type: "payment_succeeded",
        providerRef: event.ref,
        amountPence: this.verify<RefPayload>("pi_sandbox_", event.ref)?.a ?? 0,
      };
    if (event.type === "payment_failed")
      return {
        type: "payment_failed",
        providerRef: event.ref,
        message: event.message ?? "commerce.cardDeclined",
      };
    return { type: "ignored", providerType: event.type };
  }

  signEvent(body: string): string {
    return createHmac("sha256", this.key).update(body).digest("hex");
  }

  private cardOf(p: TokenPayload): CardDetails {
    return { brand: p.br, last4: p.l4, expMonth: p.m, expYear: p.y, holderName: p.h };
  }

  private sign(prefix: string, payload: object): string {
    const body = Buffer.from(JSON.stringify(payload)).toString("base64url");
    const mac = createHmac("sha256", this.key)
      .update(prefix + body)
      .digest("base64url")
      .slice(0, 22);
    return `${prefix}${body}.${mac}`;
  }

  private verify<T>(prefix: string, value: string): T | null {
    if (!value.startsWith(prefix)) return null;
    const [body, mac] = value.slice(prefix.length).split(".");
    if (!body || !mac) return null;
    const expected = createHmac("sha256", this.key)
      .update(prefix + body)
      .digest("base64url")
      .slice(0, 22);
    if (!safeEqual(mac, expected)) return null;
    try {
      return JSON.parse(Buffer.from(body, "base64url").toString()) as T;
    } catch {
      return null;
    }
  }
}

function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

const sandboxEvent = z.object({ type: z.string(), ref: z.string(), message: z.string().optional() });

/** A signed body that is still not an event (only a bug or a leaked key makes one): refused like a bad signature. */
function readEvent(rawBody: Buffer | string): z.infer<typeof sandboxEvent> {
  let json: unknown;
  try {
    json = JSON.parse(rawBody.toString());
  } catch {
    throw new PaymentSignatureError("not JSON");
  }
  const event = sandboxEvent.safeParse(json);
  if (!event.success) throw new PaymentSignatureError("not an event");
  return event.data;
}
