/** The payment provider of an app: Stripe when `STRIPE_SECRET_KEY` is set, else the embedded sandbox. */
import type { Deps } from "../context";
import type { PaymentProvider } from "./payments.port";
import { SandboxProvider } from "./sandbox.provider";
import { StripeProvider } from "./stripe.provider";

const providers = new WeakMap<object, PaymentProvider>();

export function paymentProvider(deps: Pick<Deps, "config" | "db" | "log">): PaymentProvider {
  let provider = providers.get(deps.config);
  if (!provider) {
    provider = deps.config.stripe
      ? new StripeProvider(deps, deps.config.stripe)
      : new SandboxProvider(deps.db, deps.config.jwtSecret);
    providers.set(deps.config, provider);
  }
  return provider;
}

/** Replaces the provider of an app (tests use it to drive a provider double). */
export function setPaymentProvider(deps: Pick<Deps, "config">, provider: PaymentProvider) {
  providers.set(deps.config, provider);
}

export * from "./payments.port";
