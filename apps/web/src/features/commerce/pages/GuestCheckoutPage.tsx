/**
 * /checkout for guests: titles, exams and books need an account (log in or register, then the
 * learner checkout); a sponsorship can be paid as a guest with an email. The extra confirmation
 * step (3-D Secure) works for guests too: the sandbox's page sends them back here with
 * `?order=<id>&confirm=<signed token>`; with Stripe, Stripe.js shows the challenge and the client
 * secret proves the order is theirs. Either way POST /checkout/{id}/confirm settles it.
 */
import type { CheckoutResult } from "@aprendo/contract";
import { Role } from "@aprendo/contract/domain";
import { HandHeart, Lock, LogIn, UserPlus } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, Navigate, useSearchParams } from "react-router";
import { Banner, Button, Card, Container, PageHeader, Spinner } from "../../../components/ui";
import { formatMoney, poundsToPence } from "../../../lib/format";
import { ApiError, isSilentError } from "../../../lib/http";
import { showError } from "../../../lib/toast";
import { useCart } from "../../../stores/cart";
import { useSession } from "../../../stores/session";
import { type SponsorshipDraft, useCheckout, useGuestConfirm, usePaymentsConfig } from "../api";
import { attemptKey, endAttempt } from "../attempt";
import { CardForm, type CardToken } from "../components/CardForm";
import { CardLabel } from "../components/CardLabel";
import { CheckoutSuccess } from "../components/CheckoutSuccess";
import { SponsorForm } from "../components/SponsorForm";
import { needsAccount } from "../logic";
import { handleStripeAction } from "../stripe";

export default function GuestCheckoutPage() {
  const { t, i18n } = useTranslation("commerce");
  const role = useSession((s) => s.role);
  const token = useSession((s) => s.token);
  const items = useCart((s) => s.items);
  const checkout = useCheckout({ guest: true });
  const [draft, setDraft] = useState<{ draft: SponsorshipDraft; email: string } | null>(null);
  const [card, setCard] = useState<CardToken | null>(null);
  const [declined, setDeclined] = useState<string | null>(null);
  const [result, setResult] = useState<CheckoutResult | null>(null);
  const errorRef = useRef<HTMLDivElement>(null);
  const [params, setParams] = useSearchParams();
  const guestConfirm = useGuestConfirm();
  const paymentsConfig = usePaymentsConfig();
  const [authenticating, setAuthenticating] = useState(false);

  const showDeclined = (message: string) => {
    setDeclined(message);
    setCard(null);
    requestAnimationFrame(() => errorRef.current?.focus());
  };

  /** Settles the order after the extra step, proven by the return link's token or Stripe's client secret. */
  const settle = (orderId: number, proof: { confirm_token?: string; client_secret?: string }) =>
    guestConfirm.mutate(
      { orderId, ...proof },
      {
        onSuccess: (answer) => {
          setParams({}, { replace: true });
          if (answer.status === "succeeded") {
            endAttempt();
            setResult(answer);
          } else showDeclined(answer.message);
        },
        onError: (error) => {
          setParams({}, { replace: true });
          if (isSilentError(error)) return;
          if (error instanceof ApiError && error.status === 402) return showDeclined(error.message);
          endAttempt();
          if (error instanceof ApiError && error.status === 404)
            return showDeclined(t("guest.confirmFailed"));
          showError(error);
        },
      },
    );

  // Back from the provider's confirmation page: finish the payment once.
  const orderParam = Number(params.get("order")) || null;
  const confirmParam = params.get("confirm");
  const returned = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once for the order in the address
  useEffect(() => {
    if (!orderParam || !confirmParam || returned.current) return;
    returned.current = true;
    settle(orderParam, { confirm_token: confirmParam });
  }, [orderParam, confirmParam]);

  if (token && role === Role.learner) return <Navigate to="/iu/checkout" replace />;
  if (result)
    return (
      <Container className="py-6 sm:py-10">
        <CheckoutSuccess result={result} guest />
      </Container>
    );
  if ((orderParam && confirmParam) || guestConfirm.isPending || authenticating)
    return (
      <Container className="flex flex-col items-center gap-3 py-16">
        <Spinner size="lg" />
        <p role="status" className="text-fg-muted">
          {t("checkout.confirming")}
        </p>
      </Container>
    );

  const authenticate = async (answer: CheckoutResult) => {
    if (answer.next_action_url) {
      window.location.assign(answer.next_action_url);
      return;
    }
    const key = paymentsConfig.data?.publishable_key;
    if (!answer.client_secret || !key) return;
    setAuthenticating(true);
    try {
      await handleStripeAction(key, answer.client_secret, i18n.language);
    } finally {
      setAuthenticating(false);
    }
    settle(answer.order_id, { client_secret: answer.client_secret });
  };

  const pay = () => {
    if (!draft || !card) return;
    setDeclined(null);
    checkout.mutate(
      {
        key: attemptKey(),
        body: {
          items: [{ ...draft.draft.cart_item }],
          coupon_code: null,
          email: draft.email,
          payment: { card_token: card.token },
        },
      },
      {
        onSuccess: (answer) => {
          if (answer.status === "succeeded") {
            endAttempt();
            setResult(answer);
          } else void authenticate(answer);
        },
        onError: (error) => {
          if (isSilentError(error)) return;
          if (error instanceof ApiError && error.status === 402) return showDeclined(error.message);
          if (error instanceof ApiError && error.status === 409) endAttempt();
          showError(error);
        },
      },
    );
  };

  return (
    <Container className="py-6 sm:py-8">
      <PageHeader title={t("checkout.title")} subtitle={t("guest.subtitle")} />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <Card className="flex flex-col gap-4 p-4 sm:p-6" data-testid="guest-login">
          <h2 className="text-xl font-semibold text-fg">{t("guest.accountTitle")}</h2>
          <p className="text-sm text-fg-muted">
            {needsAccount(items) ? t("guest.cartNeedsAccount") : t("guest.accountText")}
          </p>
          <div className="flex flex-col gap-2 sm:flex-row">
            <Button asChild>
              <Link to={`/login?redirect=${encodeURIComponent("/iu/checkout")}`}>
                <LogIn aria-hidden="true" className="size-4" />
                {t("guest.login")}
              </Link>
            </Button>
            <Button asChild variant="secondary">
              <Link to="/register">
                <UserPlus aria-hidden="true" className="size-4" />
                {t("guest.register")}
              </Link>
            </Button>
          </div>
        </Card>
        <Card className="flex flex-col gap-4 p-4 sm:p-6">
          <div className="flex items-start gap-3">
            <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-accent-soft text-accent">
              <HandHeart aria-hidden="true" className="size-5" />
            </span>
            <div>
              <h2 className="text-xl font-semibold text-fg">{t("guest.sponsorTitle")}</h2>
              <p className="text-sm text-fg-muted">{t("guest.sponsorText")}</p>
            </div>
          </div>
          {!draft ? (
            <>
              {declined && (
                <Banner tone="danger" title={t("checkout.declinedTitle")}>
                  <span data-testid="checkout-declined">{declined}</span>
                </Banner>
              )}
              <SponsorForm
                guest
                submitLabel={t("guest.continue")}
                onDraft={(d, email) => {
                  setDeclined(null);
                  setDraft({ draft: d, email });
                }}
              />
            </>
          ) : (
            <div className="flex flex-col gap-4">
              <div className="flex items-center justify-between gap-3 rounded-md border border-border bg-surface-muted p-3">
                <span className="min-w-0 text-sm text-fg">{draft.draft.cart_item.name}</span>
                <span className="font-semibold text-fg tabular-nums">
                  {formatMoney(poundsToPence(draft.draft.cart_item.price), i18n.language)}
                </span>
              </div>
              <Button variant="link" size="sm" className="self-start" onClick={() => setDraft(null)}>
                {t("guest.change")}
              </Button>
              {card ? (
                <div className="flex items-center justify-between gap-2 rounded-md border border-border p-3">
                  <CardLabel
                    brand={card.brand}
                    last4={card.last4}
                    expMonth={card.exp_month}
                    expYear={card.exp_year}
                    holder={card.holder_name}
                  />
                  <Button variant="link" size="sm" onClick={() => setCard(null)}>
                    {t("checkout.otherCard")}
                  </Button>
                </div>
              ) : (
                <CardForm onToken={setCard} />
              )}
              <div ref={errorRef} tabIndex={-1} className="outline-none">
                {declined && (
                  <Banner tone="danger" title={t("checkout.declinedTitle")}>
                    <span data-testid="checkout-declined">{declined}</span>
                  </Banner>
                )}
              </div>
              <Button
                size="lg"
                variant="accent"
                fullWidth
                disabled={!card || checkout.isPending}
                loading={checkout.isPending}
                onClick={pay}
                data-testid="pay"
              >
                {!checkout.isPending && <Lock aria-hidden="true" className="size-4" />}
                {t("checkout.payAmount", {
                  amount: formatMoney(poundsToPence(draft.draft.cart_item.price), i18n.language),
                })}
              </Button>
            </div>
          )}
        </Card>
      </div>
    </Container>
  );
}
