/**
 * /iu/checkout: the order priced by the server, the payment method (a saved card or the provider's
 * card form), one Idempotency-Key per attempt, the extra confirmation step (the provider's page,
 * then back here with ?order= to confirm), and the success page with what was unlocked.
 * A declined card shows the provider's message and leaves the cart as it was.
 */
import type { CheckoutResult } from "@aprendo/contract";
import { Lock, ShoppingCart } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import {
  Banner,
  Button,
  Card,
  Checkbox,
  Container,
  EmptyState,
  PageHeader,
  Skeleton,
  Spinner,
} from "../../../components/ui";
import { formatMoney, poundsToPence } from "../../../lib/format";
import { ApiError, isSilentError } from "../../../lib/http";
import { showError } from "../../../lib/toast";
import { useCart } from "../../../stores/cart";
import { couponCodeToSend } from "../../../stores/coupon";
import { useSession } from "../../../stores/session";
import {
  ShippingAddressForm as ShippingForm,
  type ShippingAddressValues as ShippingValues,
  shippingAddressComplete as shippingComplete,
} from "../../shop/components/ShippingAddressForm";
import { useCards, useCheckout, useConfirmCheckout, usePaymentsConfig } from "../api";
import { attemptKey, endAttempt, readDraft, saveDraft } from "../attempt";
import { CartLine } from "../components/CartLine";
import { CheckoutSuccess } from "../components/CheckoutSuccess";
import { CouponBox } from "../components/CouponBox";
import { type PaymentChoice, PaymentChooser } from "../components/PaymentChooser";
import { PriceSummary } from "../components/PriceSummary";
import { lineKey, useCartPricing } from "../hooks";
import { handleStripeAction } from "../stripe";

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Card className="flex flex-col gap-4 p-4 sm:p-6">
      <h2 className="text-xl font-semibold text-fg">{title}</h2>
      {children}
    </Card>
  );
}

type CheckoutDraft = { shipping: ShippingValues; useCredit: boolean };

const emptyShipping: ShippingValues = {
  name: "",
  line1: "",
  line2: "",
  city: "",
  postal_code: "",
  country: "GB",
};

export default function CheckoutPage() {
  const { t, i18n } = useTranslation("commerce");
  const isChild = useSession((s) => s.isChild);
  const [params] = useSearchParams();
  // Back from the provider's confirmation step (`?order=`): the order is settled before anything else.
  const orderParam = Number(params.get("order")) || null;
  const [settled, setSettled] = useState(false);
  const waitingForOrder = orderParam !== null && !settled;
  // What the buyer had typed before the confirmation page replaced the app (kept for a refusal).
  const [draft] = useState(() => readDraft<CheckoutDraft>());
  const [useCredit, setUseCredit] = useState(draft.useCredit ?? true);
  const { items, query, priced, fresh, lines } = useCartPricing({ useCredit, enabled: !waitingForOrder });
  const coupon = useCart((s) => s.coupon);
  const clear = useCart((s) => s.clear);
  const cards = useCards(!isChild);
  const checkout = useCheckout();
  const confirm = useConfirmCheckout();
  const paymentsConfig = usePaymentsConfig();
  const [authenticating, setAuthenticating] = useState(false);
  const [choice, setChoice] = useState<PaymentChoice | null>(null);
  const [shipping, setShipping] = useState<ShippingValues>({ ...emptyShipping, ...draft.shipping });
  const [declined, setDeclined] = useState<string | null>(null);
  const [result, setResult] = useState<CheckoutResult | null>(null);
  const errorRef = useRef<HTMLDivElement>(null);

  // The default card first; else a new card.
  const cardList = cards.data ?? [];
  const selected: PaymentChoice =
    choice ??
    (cardList.length > 0
      ? { mode: "saved", cardId: (cardList.find((c) => c.is_default) ?? cardList[0])!.id }
      : { mode: "new", card: null, save: false });

  const succeed = (answer: CheckoutResult) => {
    endAttempt();
    clear();
    setResult(answer);
  };
  const fail = (error: unknown) => {
    if (isSilentError(error)) return;
    if (error instanceof ApiError && error.status === 402) {
      setDeclined(error.message);
      // The provider said no: a new card is needed; the cart stays as it was.
      if (selected.mode === "new") setChoice({ ...selected, card: null });
      requestAnimationFrame(() => errorRef.current?.focus());
      return;
    }
    if (error instanceof ApiError && error.status === 409) endAttempt();
    showError(error);
  };

  /**
   * The order is settled: the address bar drops `?order=` (a reload must not settle it again) without
   * a router navigation, which would open `/iu/checkout` as another kept-alive page and hide this
   * one with its thank-you page or the provider's message.
   */
  const leaveReturnAddress = () => {
    setSettled(true);
    window.history.replaceState(window.history.state, "", window.location.pathname);
  };

  /** Asks the server to settle an order after the extra step (it asks the provider). */
  const settle = (orderId: number) =>
    confirm.mutate(orderId, {
      onSuccess: (answer) => {
        leaveReturnAddress();
        if (answer.status === "succeeded") succeed(answer);
        else setDeclined(answer.message);
      },
      onError: (error) => {
        leaveReturnAddress();
        // Refused or failed: that order is over, and its key answers with it; paying again is a new attempt.
        if (error instanceof ApiError && error.status === 402) endAttempt();
        fail(error);
      },
    });

  /** The extra step: the sandbox's page (a redirect back here), or Stripe.js's 3-D Secure challenge. */
  const authenticate = async (answer: CheckoutResult) => {
    if (answer.next_action_url) {
      saveDraft<CheckoutDraft>({ shipping, useCredit });
      window.location.assign(answer.next_action_url);
      return;
    }
    const key = paymentsConfig.data?.publishable_key;
    if (!answer.client_secret || !key) return settle(answer.order_id);
    setAuthenticating(true);
    try {
      // Whatever Stripe.js answers, the server asks Stripe where the payment stands (and the webhook settles it too).
      await handleStripeAction(key, answer.client_secret, i18n.language);
    } finally {
      setAuthenticating(false);
    }
    settle(answer.order_id);
  };

  // Back from the provider's confirmation step: finish the payment once.
  const confirming = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once for the order in the address
  useEffect(() => {
    if (!orderParam || confirming.current) return;
    confirming.current = true;
    settle(orderParam);
  }, [orderParam]);

  if (result)
    return (
      <Container className="py-6 sm:py-10">
        <CheckoutSuccess result={result} />
      </Container>
    );

  if (waitingForOrder || confirm.isPending || authenticating)
    return (
      <Container className="flex flex-col items-center gap-3 py-16">
        <Spinner size="lg" />
        <p role="status" className="text-fg-muted">
          {t("checkout.confirming")}
        </p>
      </Container>
    );

  if (items.length === 0)
    return (
      <Container className="py-6 sm:py-8">
        <PageHeader title={t("checkout.title")} />
        {declined && (
          <Banner tone="danger" className="mb-4">
            {declined}
          </Banner>
        )}
        <EmptyState
          icon={<ShoppingCart />}
          title={t("cart.empty")}
          text={t("cart.emptyText")}
          action={
            <Button asChild>
              <Link to="/iu/courses">{t("cart.browse")}</Link>
            </Button>
          }
        />
      </Container>
    );

  const total = fresh && priced ? priced.total : null;
  const needsPayment = total === null || total > 0;
  const physical = items.some((i) => i.type === "physical_product");
  const paymentReady =
    !needsPayment || selected.mode === "saved" || (selected.mode === "new" && selected.card !== null);
  const canPay =
    fresh &&
    priced !== undefined &&
    !priced.has_problems &&
    coupon.status !== "checking" &&
    paymentReady &&
    (!physical || shippingComplete(shipping)) &&
    !checkout.isPending;

  const pay = () => {
    if (!canPay) return;
    setDeclined(null);
    const body = {
      items,
      coupon_code: couponCodeToSend(coupon),
      use_credit: useCredit,
      ...(needsPayment
        ? {
            payment:
              selected.mode === "saved"
                ? { saved_card_id: selected.cardId }
                : { card_token: selected.card!.token, save_card: selected.save },
          }
        : {}),
      ...(physical
        ? { shipping_address: { ...shipping, line2: shipping.line2 || undefined } as ShippingValues }
        : {}),
    };
    checkout.mutate(
      { body, key: attemptKey() },
      {
        onSuccess: (answer) => {
          if (answer.status === "succeeded") succeed(answer);
          else void authenticate(answer);
        },
        onError: fail,
      },
    );
  };

  return (
    <Container className="py-6 sm:py-8">
      <PageHeader title={t("checkout.title")} subtitle={t("checkout.subtitle")} />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="flex min-w-0 flex-col gap-6">
          <Section title={t("checkout.items")}>
            <ul className="flex flex-col divide-y divide-border" data-testid="checkout-items">
              {items.map((item, index) => (
                <CartLine
                  key={lineKey(item, index)}
                  item={item}
                  line={lines.get(lineKey(item, index))}
                  loading={!fresh && query.isFetching}
                />
              ))}
            </ul>
          </Section>
          {physical && (
            <Section title={t("shipping.title")}>
              <ShippingForm value={shipping} onChange={setShipping} />
            </Section>
          )}
          <Section title={t("checkout.paymentMethod")}>
            {isChild ? (
              <Banner tone="info">{t("checkout.childrenNoPayments")}</Banner>
            ) : !needsPayment ? (
              <p className="text-sm text-fg-muted">{t("checkout.nothingToPay")}</p>
            ) : (
              <PaymentChooser
                cards={cardList}
                loadingCards={cards.isPending}
                value={selected}
                onChange={(next) => {
                  setDeclined(null);
                  setChoice(next);
                }}
                allowSave
              />
            )}
          </Section>
        </div>
        <aside
          className="flex flex-col gap-4 lg:sticky lg:top-20 lg:self-start"
          aria-label={t("checkout.summary")}
        >
          <Card className="flex flex-col gap-4 p-4 sm:p-6">
            <h2 className="text-xl font-semibold text-fg">{t("checkout.summary")}</h2>
            <CouponBox busy={query.isFetching} />
            {priced && priced.credit.available > 0 && (
              <Checkbox
                label={t("checkout.useCredit", {
                  amount: formatMoney(poundsToPence(priced.credit.available), i18n.language),
                })}
                checked={useCredit}
                onChange={(event) => setUseCredit(event.target.checked)}
              />
            )}
            {query.isPending ? (
              <Skeleton className="h-24 w-full" />
            ) : (
              <PriceSummary priced={fresh ? priced : undefined} loading={query.isFetching} />
            )}
            {fresh && priced?.has_problems && <Banner tone="warning">{t("cart.hasProblems")}</Banner>}
            {query.isError && <Banner tone="danger">{t("cart.priceFailed")}</Banner>}
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
              disabled={!canPay || isChild}
              loading={checkout.isPending}
              onClick={pay}
              data-testid="pay"
            >
              {!checkout.isPending && <Lock aria-hidden="true" className="size-4" />}
              {total === null
                ? t("checkout.pay")
                : needsPayment
                  ? t("checkout.payAmount", { amount: formatMoney(poundsToPence(total), i18n.language) })
                  : t("checkout.placeOrder")}
            </Button>
            {!paymentReady && needsPayment && !isChild && (
              <p className="text-center text-xs text-fg-muted">{t("checkout.enterCard")}</p>
            )}
            <p className="text-center text-xs text-fg-muted">{t("checkout.secure")}</p>
          </Card>
        </aside>
      </div>
    </Container>
  );
}
