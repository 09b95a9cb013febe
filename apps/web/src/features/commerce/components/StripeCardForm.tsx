/**
 * Stripe Elements' Card Element (its own lazy chunk, loaded only when Stripe is the provider). The
 * card number and CVC stay inside Stripe's iframe. To pay, Stripe.js turns the card into a
 * PaymentMethod (`pm_...`) that checkout confirms on the server; to save a card, Stripe.js confirms
 * a SetupIntent (3-D Secure included) whose client secret our server gives (POST /iu/cards/setup).
 */
import type { Stripe, StripeCardElement } from "@stripe/stripe-js";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Banner, Button, Field, Input, Skeleton } from "../../../components/ui";
import { ApiError } from "../../../lib/http";
import { useCardSetup } from "../api";
import { getStripe } from "../stripe";
import type { CardToken } from "./CardForm";

export type StripeCardFormProps = {
  publishableKey: string;
  /** "payment": a PaymentMethod for checkout; "save": confirm a SetupIntent to keep the card. */
  purpose: "payment" | "save";
  onToken: (card: CardToken) => void;
  onError?: ((message: string) => void) | undefined;
};

export default function StripeCardForm({ publishableKey, purpose, onToken, onError }: StripeCardFormProps) {
  const { t, i18n } = useTranslation("commerce");
  const mount = useRef<HTMLDivElement>(null);
  const [stripe, setStripe] = useState<{ stripe: Stripe; card: StripeCardElement } | null>(null);
  const [failed, setFailed] = useState(false);
  const [name, setName] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const setup = useCardSetup();
  const locale = i18n.language;

  useEffect(() => {
    let cancelled = false;
    let card: StripeCardElement | null = null;
    getStripe(publishableKey, locale)
      .then((instance) => {
        if (cancelled) return;
        if (!instance || !mount.current) {
          setFailed(true);
          return;
        }
        const dark = document.documentElement.classList.contains("night-mode");
        card = instance.elements({ locale: locale === "es" ? "es" : "en" }).create("card", {
          hidePostalCode: true,
          style: {
            base: {
              fontSize: "16px",
              color: dark ? "#f1f5f9" : "#0f172a",
              "::placeholder": { color: "#64748b" },
            },
            invalid: { color: "#dc2626" },
          },
        });
        card.mount(mount.current);
        card.on("change", (event) => setError(event.error?.message ?? null));
        setStripe({ stripe: instance, card });
      })
      .catch(() => !cancelled && setFailed(true));
    return () => {
      cancelled = true;
      card?.destroy();
    };
  }, [publishableKey, locale]);

  const fail = (message: string) => {
    setError(message);
    onError?.(message);
  };

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!stripe || busy) return;
    setBusy(true);
    setError(null);
    const billing = { name: name.trim() };
    try {
      if (purpose === "save") {
        const { client_secret } = await setup.mutateAsync();
        if (!client_secret) return fail(t("card.stripeFailed"));
        const result = await stripe.stripe.confirmCardSetup(client_secret, {
          payment_method: { card: stripe.card, billing_details: billing },
        });
        if (result.error) return fail(result.error.message ?? t("card.actionFailed"));
        const method = result.setupIntent.payment_method;
        const id = typeof method === "string" ? method : (method?.id ?? "");
        onToken({ token: id, brand: "", last4: "", exp_month: 0, exp_year: 0, holder_name: billing.name });
        return;
      }
      const result = await stripe.stripe.createPaymentMethod({
        type: "card",
        card: stripe.card,
        billing_details: billing,
      });
      if (result.error) return fail(result.error.message ?? t("card.actionFailed"));
      const method = result.paymentMethod;
      onToken({
        token: method.id,
        brand: method.card?.brand ?? "card",
        last4: method.card?.last4 ?? "",
        exp_month: method.card?.exp_month ?? 0,
        exp_year: method.card?.exp_year ?? 0,
        holder_name: billing.name,
      });
    } catch (caught) {
      fail(caught instanceof ApiError ? caught.message : t("card.stripeFailed"));
    } finally {
      setBusy(false);
    }
  };

  if (failed) return <Banner tone="danger">{t("card.stripeFailed")}</Banner>;
  return (
    <form className="flex flex-col gap-3" onSubmit={submit} data-testid="stripe-card-form" noValidate>
      <Field label={t("card.holder")} required>
        <Input
          value={name}
          onChange={(event) => setName(event.target.value)}
          autoComplete="cc-name"
          maxLength={120}
          required
        />
      </Field>
      <fieldset className="flex min-w-0 flex-col gap-1">
        <legend className="mb-1 text-sm font-medium text-fg">{t("card.cardDetails")}</legend>
        <div className="relative min-h-11 rounded-md border border-border bg-surface px-3 py-3">
          {!stripe && <Skeleton className="absolute inset-2 h-auto" />}
          <div ref={mount} data-testid="stripe-card-element" />
        </div>
      </fieldset>
      {error && (
        <p role="alert" className="text-sm text-danger">
          {error}
        </p>
      )}
      <Button type="submit" disabled={!stripe || name.trim() === ""} loading={busy}>
        {t("card.use")}
      </Button>
    </form>
  );
}
