/**
 * Stripe.js, loaded only when Stripe is the configured provider and a card is needed (its own lazy
 * chunk; the production CSP allows js.stripe.com only then). One instance per publishable key.
 */
import type { Stripe } from "@stripe/stripe-js";

const instances = new Map<string, Promise<Stripe | null>>();

export function getStripe(publishableKey: string, locale: string): Promise<Stripe | null> {
  let instance = instances.get(publishableKey);
  if (!instance) {
    // `pure`: nothing is fetched from Stripe until a card form or a confirmation needs it.
    instance = import("@stripe/stripe-js/pure").then(({ loadStripe }) =>
      loadStripe(publishableKey, { locale: locale === "es" ? "es" : "en" }),
    );
    instances.set(publishableKey, instance);
  }
  return instance;
}

/**
 * The extra confirmation step (3-D Secure) of a PaymentIntent confirmed on the server: Stripe.js
 * shows the bank's challenge. Returns Stripe's (translated) error message, or null when done; the
 * caller then asks our server to settle (the webhook settles it too).
 */
export async function handleStripeAction(
  publishableKey: string,
  clientSecret: string,
  locale: string,
): Promise<string | null> {
  const stripe = await getStripe(publishableKey, locale);
  if (!stripe) return "stripe-unavailable";
  const { error } = await stripe.handleNextAction({ clientSecret });
  return error ? (error.message ?? "stripe-error") : null;
}
