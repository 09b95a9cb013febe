/** The coupon entry of the cart: hidden behind a link until wanted; checking, applied or refused by the server. */
import { CircleCheck, TicketPercent } from "lucide-react";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button, Input } from "../../../components/ui";
import { formatMoney, poundsToPence } from "../../../lib/format";
import { useCart } from "../../../stores/cart";

export function CouponBox({ busy }: { busy: boolean }) {
  const { t, i18n } = useTranslation("commerce");
  const coupon = useCart((s) => s.coupon);
  const send = useCart((s) => s.couponEvent);
  const [draft, setDraft] = useState(coupon.code);
  const id = useId();
  const errorId = `${id}-error`;

  if (!coupon.visible && coupon.status === "emptyCoupon")
    return (
      <Button
        variant="link"
        size="sm"
        className="self-start"
        onClick={() => send({ type: "show" })}
        data-testid="coupon-open"
      >
        <TicketPercent aria-hidden="true" className="size-4" />
        {t("coupon.open")}
      </Button>
    );

  if (coupon.status === "applied")
    return (
      <div
        className="flex items-center gap-2 rounded-md border border-success/40 bg-success-soft px-3 py-2 text-sm"
        data-testid="coupon-applied"
      >
        <CircleCheck aria-hidden="true" className="size-4 shrink-0 text-success" />
        <p className="min-w-0 flex-1 text-fg" role="status">
          {t("coupon.applied", {
            code: coupon.code,
            value:
              coupon.discountType === "percentage"
                ? `${coupon.value ?? 0}%`
                : formatMoney(poundsToPence(coupon.value ?? 0), i18n.language),
          })}
        </p>
        <Button
          variant="link"
          size="sm"
          onClick={() => {
            setDraft("");
            send({ type: "remove" });
          }}
        >
          {t("coupon.remove")}
        </Button>
      </div>
    );

  const invalid = coupon.status === "invalid";
  return (
    <form
      className="flex flex-col gap-1"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        send({ type: "apply", code: draft });
      }}
    >
      <label htmlFor={id} className="text-sm font-medium text-fg">
        {t("coupon.label")}
      </label>
      <div className="flex gap-2">
        <Input
          id={id}
          value={draft}
          maxLength={32}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          invalid={invalid}
          aria-describedby={invalid ? errorId : undefined}
          onChange={(event) => setDraft(event.target.value)}
          className="uppercase"
          data-testid="coupon-input"
        />
        <Button
          type="submit"
          variant="secondary"
          loading={coupon.status === "checking" && busy}
          disabled={draft.trim() === ""}
        >
          {t("coupon.apply")}
        </Button>
      </div>
      {invalid && (
        <p id={errorId} role="alert" className="text-sm text-danger" data-testid="coupon-error">
          {coupon.message ?? t("coupon.invalid")}
        </p>
      )}
    </form>
  );
}
