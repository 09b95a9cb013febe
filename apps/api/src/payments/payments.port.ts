import type { LanguageCode } from "@aprendo/contract";
import { AppError } from "../http/errors";

/**
 * The payments port: what checkout, cards and refunds ask of a payment provider. Two adapters: the
 * embedded sandbox (test cards, hosted-field style form) and Stripe (Payment Intents), chosen by
 * configuration (`STRIPE_SECRET_KEY`). Card numbers and CVCs only ever go to the provider; our code
 * sees tokens, brands, last four digits and expiry dates.
 */

export type CardDetails = {
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
  holderName: string;
};

export type PaymentCustomer = { userId: number | null; email: string | null };

export type CreatePaymentInput = {
  orderId: number;
  amountPence: number;
  currency: string;
  customer: PaymentCustomer;
  /** A fresh token from the hosted form, or a saved card's token. */
  token: string;
  /** Also keep the card for next time (Stripe needs to know before the payment). */
  saveCard?: boolean;
  /** Makes a retried request one charge at the provider too. */
  idempotencyKey: string;
  /** Where the browser comes back after an extra confirmation step. */
  returnUrl?: string | undefined;
  /** The buyer's language, for the provider's own pages (the sandbox's confirmation step). */
  language?: LanguageCode | undefined;
};

export type PaymentResult =
  | {
      status: "succeeded";
      providerRef: string;
      card: CardDetails | null;
      message: null;
    }
  | {
      status: "requires_action";
      providerRef: string;
      card: CardDetails | null;
      /** A page that performs the extra step (sandbox), or null when Stripe.js handles it. */
      nextActionUrl: string | null;
      clientSecret: string | null;
      message: string;
    }
  | {
      status: "declined";
      providerRef: string | null;
      card: CardDetails | null;
      /** A contract message key (`commerce.cardDeclined`) or the provider's own text. */
      message: string;
    };

/** A verified provider event, reduced to what commerce acts on. */
export type PaymentEvent =
  /** `amountPence`: what was taken, so money with no order behind it can be given back in full. */
  | { type: "payment_succeeded"; providerRef: string; amountPence: number }
  | { type: "payment_failed"; providerRef: string; message: string }
  | { type: "ignored"; providerType: string };

export interface PaymentProvider {
  readonly name: "sandbox" | "stripe";
  readonly publishableKey: string | null;
  createPayment(input: CreatePaymentInput): Promise<PaymentResult>;
  /** After the extra confirmation step: where the payment stands now. */
  confirm(providerRef: string): Promise<PaymentResult>;
  /** `idempotencyKey`: the same key never refunds twice (a repeated provider event, a retried job). */
  refund(providerRef: string, amountPence: number, idempotencyKey?: string): Promise<{ refundRef: string }>;
  /** Keeps a card for a customer; returns what may be stored (the token and how to show it). */
  saveCard(customer: PaymentCustomer, token: string): Promise<{ token: string; card: CardDetails }>;
  removeCard(token: string): Promise<void>;
  /**
   * Cancels a payment still waiting for its extra confirmation step (an abandoned order), so a late
   * confirmation cannot charge. Answers "succeeded" when it is too late: the money was taken.
   */
  cancel(providerRef: string): Promise<"canceled" | "succeeded">;
  /** Whether `clientSecret` is the one of this payment (Stripe: the guest proves it owns the order). */
  verifyClientSecret(providerRef: string, clientSecret: string): Promise<boolean>;
  /**
   * Starts saving a card that the browser confirms itself (Stripe: a SetupIntent whose client secret
   * Stripe.js confirms, 3-D Secure included); null when the provider's form returns a token (sandbox).
   */
  createCardSetup(customer: PaymentCustomer): Promise<{ clientSecret: string } | null>;
  /** Checks the signature and returns the event; throws PaymentSignatureError when it is wrong or the body is no event. */
  webhook(rawBody: Buffer | string, signature: string | undefined): Promise<PaymentEvent>;
}

export class PaymentSignatureError extends Error {}
/**
 * The provider could not be reached, did not answer in time, or failed on its side: a 503 saying
 * nothing was charged. The checkout's transaction rolls back (no order, the coupon and credit kept,
 * the idempotency key free for a retry); a payment the provider did take in spite of a lost answer
 * arrives by webhook with no order behind it and is refunded in full (watchForOrphan).
 */
export class PaymentUnavailableError extends AppError {
  constructor(cause: unknown) {
    super("unavailable", "commerce.paymentProviderUnavailable");
    this.cause = cause;
  }
}

/** The provider refused a request that is not a card decline (bad token, unknown payment...). */
export class PaymentInputError extends Error {
  constructor(readonly messageKey: string) {
    super(messageKey);
  }
}
