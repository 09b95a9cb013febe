/**
 * The Stripe adapter: Payment Intents confirmed on the server with the PaymentMethod that Stripe
 * Elements created in the browser (`pm_...`), saved cards as PaymentMethods attached to a Stripe
 * customer, refunds, and webhooks whose signature is checked with `stripe.webhooks.constructEvent`.
 */
import { timingSafeEqual } from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { Logger } from "pino";
import Stripe from "stripe";
import type { Deps } from "../context";
import type { Db } from "../db/client";
import { paymentCustomers } from "../db/schema/index";
import {
  type CardDetails,
  type CreatePaymentInput,
  type PaymentCustomer,
  type PaymentEvent,
  PaymentInputError,
  type PaymentProvider,
  type PaymentResult,
  PaymentSignatureError,
  PaymentUnavailableError,
} from "./payments.port";

export type StripeSettings = { secretKey: string; publishableKey: string; webhookSecret: string | undefined };

/** Where Stripe's API is reached: api.stripe.com, or a local stand-in in tests. */
export type StripeConnection = { host?: string; port?: number; protocol?: "http" | "https" };

/**
 * Each call waits at most 4 s for Stripe and is tried twice (the SDK waits about half a second
 * between, and sends the same idempotency key): an unreachable or silent Stripe is told to the
 * buyer within 10 s, well inside a proxy's 60 s timeout. Stripe's own answers take well under a
 * second, 3-D Secure happens in the browser.
 */
const TIMEOUT_MS = 4_000;
const NETWORK_RETRIES = 1;

/** Stripe's decline codes we translate; other declines keep Stripe's own (English) text. */
const declineKeys: Record<string, string> = {
  card_declined: "commerce.cardDeclined",
  generic_decline: "commerce.cardDeclined",
  insufficient_funds: "commerce.cardInsufficientFunds",
  expired_card: "commerce.cardExpired",
  incorrect_cvc: "commerce.cardCvcInvalid",
  authentication_required: "commerce.authenticationFailed",
};

export class StripeProvider implements PaymentProvider {
  readonly name = "stripe" as const;
  readonly publishableKey: string;
  readonly client: Stripe;

  private readonly db: Db;
  private readonly log: Logger;

  constructor(
    deps: Pick<Deps, "db" | "log">,
    private readonly settings: StripeSettings,
    client?: Stripe,
    connection: StripeConnection = {},
  ) {
    this.db = deps.db;
    this.log = deps.log;
    this.publishableKey = settings.publishableKey;
    this.client =
      client ??
      new Stripe(settings.secretKey, {
        maxNetworkRetries: NETWORK_RETRIES,
        timeout: TIMEOUT_MS,
        ...connection,
      });
  }

  async createPayment(input: CreatePaymentInput): Promise<PaymentResult> {
    return reachable(() => this.chargeCard(input));
  }

  private async chargeCard(input: CreatePaymentInput): Promise<PaymentResult> {
    const customer =
      input.customer.userId !== null ? await this.customerRef(input.customer, true) : undefined;
    try {
      const intent = await this.client.paymentIntents.create(
        {
          amount: input.amountPence,
          currency: input.currency.toLowerCase(),
          payment_method: input.token,
          allowed_payment_method_types: ["card"],
          confirm: true,
          ...(customer ? { customer } : {}),
          ...(input.saveCard && customer ? { setup_future_usage: "off_session" as const } : {}),
          ...(input.returnUrl ? { return_url: input.returnUrl } : {}),
          ...(input.customer.email ? { receipt_email: input.customer.email } : {}),
          metadata: { order_id: String(input.orderId) },
        },
        { idempotencyKey: input.idempotencyKey },
      );
      return this.resultOf(intent, await this.cardOf(intent));
    } catch (error) {
      return this.declined(error);
    }
  }

  async confirm(providerRef: string): Promise<PaymentResult> {
    return reachable(async () => {
      const intent = await this.client.paymentIntents.retrieve(providerRef);
      return this.resultOf(intent, await this.cardOf(intent));
    });
  }

  async refund(
    providerRef: string,
    amountPence: number,
    idempotencyKey?: string,
  ): Promise<{ refundRef: string }> {
    const refund = await this.client.refunds.create(
      { payment_intent: providerRef, amount: amountPence },
      idempotencyKey ? { idempotencyKey } : undefined,
    );
    return { refundRef: refund.id };
  }

  async cancel(providerRef: string): Promise<"canceled" | "succeeded"> {
    try {
      const intent = await this.client.paymentIntents.cancel(providerRef, {
        cancellation_reason: "abandoned",
      });
      return intent.status === "succeeded" ? "succeeded" : "canceled";
    } catch (error) {
      if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) throw error;
      // Not cancellable any more: find out whether it was paid in the meantime.
      const intent = await this.client.paymentIntents.retrieve(providerRef);
      return intent.status === "succeeded" || intent.status === "processing" ? "succeeded" : "canceled";
    }
  }

  async verifyClientSecret(providerRef: string, clientSecret: string): Promise<boolean> {
    if (!clientSecret.startsWith(`${providerRef}_secret_`)) return false;
    const intent = await reachable(() => this.client.paymentIntents.retrieve(providerRef));
    const expected = intent.client_secret ?? "";
    return (
      expected.length === clientSecret.length &&
      timingSafeEqual(Buffer.from(expected), Buffer.from(clientSecret))
    );
  }

  async createCardSetup(customer: PaymentCustomer): Promise<{ clientSecret: string }> {
    return reachable(async () => {
      const ref = await this.customerRef(customer, true);
      const setup = await this.client.setupIntents.create({
        customer: ref!,
        usage: "off_session",
        ...(customer.userId !== null ? { metadata: { user_id: String(customer.userId) } } : {}),
      });
      return { clientSecret: setup.client_secret! };
    });
  }

  async saveCard(customer: PaymentCustomer, token: string): Promise<{ token: string; card: CardDetails }> {
    return reachable(async () => {
      const ref = await this.customerRef(customer, true);
      try {
        const method = await this.client.paymentMethods.retrieve(token);
        if (method.customer !== ref) await this.client.paymentMethods.attach(token, { customer: ref! });
        return { token, card: cardDetails(method) };
      } catch (error) {
        // An outage is no fault of the card (reachable() tells it as such).
        if (error instanceof Stripe.errors.StripeError && !isOutage(error))
          throw new PaymentInputError("commerce.cardTokenInvalid");
        throw error;
      }
    });
  }

  async removeCard(token: string): Promise<void> {
    try {
      await this.client.paymentMethods.detach(token);
    } catch (error) {
      // Already detached or deleted at Stripe: nothing left to remove.
      if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) throw error;
    }
  }

  async webhook(rawBody: Buffer | string, signature: string | undefined): Promise<PaymentEvent> {
    if (!this.settings.webhookSecret || !signature) throw new PaymentSignatureError("no signature");
    let event: Stripe.Event;
    try {
      event = this.client.webhooks.constructEvent(rawBody, signature, this.settings.webhookSecret);
    } catch {
      throw new PaymentSignatureError("bad signature");
    }
    if (event.type === "payment_intent.succeeded")
      return {
        type: "payment_succeeded",
        providerRef: event.data.object.id,
        amountPence: event.data.object.amount_received ?? event.data.object.amount,
      };
    if (event.type === "payment_intent.payment_failed")
      return {
        type: "payment_failed",
        providerRef: event.data.object.id,
        message: event.data.object.last_payment_error?.message ?? "commerce.cardDeclined",
      };
    return { type: "ignored", providerType: event.type };
  }

  private resultOf(intent: Stripe.PaymentIntent, card: CardDetails | null): PaymentResult {
    if (intent.status === "succeeded" || intent.status === "processing")
      return { status: "succeeded", providerRef: intent.id, card, message: null };
    if (intent.status === "requires_action" || intent.status === "requires_confirmation")
      return {
        status: "requires_action",
        providerRef: intent.id,
        card,
        nextActionUrl: intent.next_action?.redirect_to_url?.url ?? null,
        clientSecret: intent.client_secret,
        message: "commerce.paymentRequiresAction",
      };
    const code = intent.last_payment_error?.decline_code ?? intent.last_payment_error?.code ?? "";
    return {
      status: "declined",
      providerRef: intent.id,
      card,
      message: declineKeys[code] ?? intent.last_payment_error?.message ?? "commerce.cardDeclined",
    };
  }

  private declined(error: unknown): PaymentResult {
    if (error instanceof Stripe.errors.StripeCardError) {
      const key = declineKeys[error.decline_code ?? error.code ?? ""];
      return {
        status: "declined",
        providerRef: error.payment_intent?.id ?? null,
        card: null,
        message: key ?? error.message ?? "commerce.cardDeclined",
      };
    }
    if (error instanceof Stripe.errors.StripeInvalidRequestError && error.param === "payment_method")
      return { status: "declined", providerRef: null, card: null, message: "commerce.cardTokenInvalid" };
    throw error;
  }

  private async cardOf(intent: Stripe.PaymentIntent): Promise<CardDetails | null> {
    const method = intent.payment_method;
    if (!method) return null;
    if (typeof method !== "string") return cardDetails(method);
    try {
      return cardDetails(await this.client.paymentMethods.retrieve(method));
    } catch (error) {
      // The payment stands without its card's label (brand and last digits on the receipt).
      this.log.warn({ err: error, paymentIntent: intent.id, paymentMethod: method }, "card lookup failed");
      return null;
    }
  }

  /** The user's Stripe customer, created on first need. */
  private async customerRef(customer: PaymentCustomer, create: boolean): Promise<string | undefined> {
    if (customer.userId === null) return undefined;
    const [row] = await this.db
      .select({ ref: paymentCustomers.customerRef })
      .from(paymentCustomers)
      .where(and(eq(paymentCustomers.userId, customer.userId), eq(paymentCustomers.provider, "stripe")));
    if (row) return row.ref;
    if (!create) return undefined;
    const created = await this.client.customers.create(
      {
        ...(customer.email ? { email: customer.email } : {}),
        metadata: { user_id: String(customer.userId) },
      },
      { idempotencyKey: `customer-${customer.userId}` },
    );
    await this.db
      .insert(paymentCustomers)
      .values({ userId: customer.userId, provider: "stripe", customerRef: created.id })
      .onConflictDoNothing();
    return created.id;
  }
}

function cardDetails(method: Stripe.PaymentMethod): CardDetails {
  return {
    brand: method.card?.brand ?? "unknown",
    last4: method.card?.last4 ?? "0000",
    expMonth: method.card?.exp_month ?? 0,
    expYear: method.card?.exp_year ?? 0,
    holderName: method.billing_details?.name ?? "",
  };
}

/** Stripe unreachable, silent past the timeout, rate limiting us, or failing on its side. */
function isOutage(error: unknown): boolean {
  return (
    error instanceof Stripe.errors.StripeConnectionError ||
    error instanceof Stripe.errors.StripeRateLimitError ||
    (error instanceof Stripe.errors.StripeAPIError && (error.statusCode ?? 500) >= 500)
  );
}

/** Runs a buyer-facing call; an outage becomes PaymentUnavailableError (503, "you were not charged"). */
async function reachable<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (isOutage(error)) throw new PaymentUnavailableError(error);
    throw error;
  }
}
