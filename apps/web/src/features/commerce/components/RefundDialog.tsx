/**
 * A refund (isRefundsManager): the whole order, chosen lines (a title's child lines go with it), or
 * an amount (what the order gave stays given), with a reason; asked once more before the money goes
 * back through the provider.
 */
import type { AdminOrder } from "@aprendo/contract";
import { commerceLimits } from "@aprendo/contract";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import {
  Banner,
  Button,
  Checkbox,
  ConfirmDialog,
  Dialog,
  Field,
  Input,
  RadioGroup,
  Textarea,
} from "../../../components/ui";
import { formatMoney, poundsToPence } from "../../../lib/format";
import { showError, showSuccess } from "../../../lib/toast";
import { useCreateRefund } from "../api";
import { orderLabel } from "../logic";

type Scope = "full" | "lines" | "amount";
/** Pounds typed with a dot or a comma and at most 2 decimals; null when it is not such a number. */
const parsePounds = (text: string) => {
  const normal = text.trim().replace(",", ".");
  return /^\d{1,7}(\.\d{1,2})?$/.test(normal) ? Number(normal) : null;
};

export function RefundDialog({ order, trigger }: { order: AdminOrder; trigger: ReactNode }) {
  const { t, i18n } = useTranslation("commerce");
  const [open, setOpen] = useState(false);
  const [scope, setScope] = useState<Scope>("full");
  const [typed, setTyped] = useState("");
  const [lines, setLines] = useState<Set<number>>(new Set());
  const [reason, setReason] = useState("");
  const [touched, setTouched] = useState(false);
  const refund = useCreateRefund();
  const open_lines = order.lines.filter((l) => !l.refunded && l.parent_id === null);
  const left = Math.round((order.total + order.credit - order.refunded) * 100) / 100;
  const typedAmount = parsePounds(typed);
  const amountError =
    scope === "amount" && typed !== "" && (typedAmount === null || typedAmount <= 0 || typedAmount > left)
      ? t("refunds.amountInvalid", { max: formatMoney(poundsToPence(left), i18n.language) })
      : undefined;
  const amount =
    scope === "full"
      ? order.total - order.refunded
      : scope === "amount"
        ? (typedAmount ?? 0)
        : order.lines
            .filter((l) => lines.has(l.id) || (l.parent_id !== null && lines.has(l.parent_id)))
            .reduce((s, l) => s + l.paid, 0);
  const reasonError = touched && reason.trim().length < 3 ? t("refunds.reasonShort") : undefined;
  const valid =
    reason.trim().length >= 3 &&
    (scope === "full" ||
      (scope === "lines" && lines.size > 0) ||
      (scope === "amount" && typedAmount !== null && !amountError && typedAmount > 0));
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) {
          setLines(new Set());
          setReason("");
          setTouched(false);
          setScope("full");
          setTyped("");
        }
      }}
      trigger={trigger}
      title={t("refunds.dialogTitle", { order: orderLabel(order) })}
      closeLabel={t("close")}
      footer={
        <ConfirmDialog
          trigger={
            <Button
              variant="danger"
              disabled={!valid}
              onClick={() => setTouched(true)}
              data-testid="refund-submit"
            >
              {t("refunds.submit", { amount: formatMoney(poundsToPence(amount), i18n.language) })}
            </Button>
          }
          title={t("refunds.confirmTitle")}
          description={t("refunds.confirmText", {
            amount: formatMoney(poundsToPence(amount), i18n.language),
            order: orderLabel(order),
          })}
          confirmLabel={t("refunds.confirm")}
          cancelLabel={t("cancel")}
          onConfirm={async () => {
            try {
              const answer = await refund.mutateAsync({
                order_id: order.id,
                ...(scope === "lines" ? { line_ids: [...lines] } : {}),
                ...(scope === "amount" && typedAmount !== null ? { amount: typedAmount } : {}),
                reason: reason.trim(),
              });
              showSuccess(answer.message);
              setOpen(false);
            } catch (error) {
              showError(error);
              throw error;
            }
          }}
        />
      }
    >
      <div className="flex flex-col gap-4">
        {open_lines.length === 0 ? (
          <Banner tone="info">{t("refunds.nothingLeft")}</Banner>
        ) : (
          <>
            <RadioGroup
              legend={t("refunds.scope")}
              name="refund-scope"
              value={scope}
              onValueChange={(v) => setScope(v as Scope)}
              options={[
                { value: "full", label: t("refunds.full") },
                { value: "lines", label: t("refunds.partial") },
                { value: "amount", label: t("refunds.byAmount") },
              ]}
            />
            {scope === "amount" && (
              <Field
                label={t("refunds.amount")}
                hint={t("refunds.amountHint", { max: formatMoney(poundsToPence(left), i18n.language) })}
                error={amountError}
              >
                <Input
                  inputMode="decimal"
                  value={typed}
                  onChange={(event) => setTyped(event.target.value)}
                  data-testid="refund-amount"
                />
              </Field>
            )}
            {scope === "lines" && (
              <fieldset className="flex flex-col gap-2">
                <legend className="mb-1 text-sm font-medium text-fg">{t("refunds.lines")}</legend>
                {open_lines.map((line) => (
                  <Checkbox
                    key={line.id}
                    label={`${line.name} · ${formatMoney(poundsToPence(line.paid), i18n.language)}`}
                    description={t(`types.${line.type}`)}
                    checked={lines.has(line.id)}
                    onChange={(event) => {
                      const next = new Set(lines);
                      if (event.target.checked) next.add(line.id);
                      else next.delete(line.id);
                      setLines(next);
                    }}
                  />
                ))}
              </fieldset>
            )}
          </>
        )}
        <Field label={t("refunds.reason")} required error={reasonError}>
          <Textarea
            value={reason}
            maxLength={commerceLimits.refundReasonMax}
            rows={3}
            onBlur={() => setTouched(true)}
            onChange={(event) => setReason(event.target.value)}
            counterLabel={(count, max) => t("counter", { count, max })}
          />
        </Field>
      </div>
    </Dialog>
  );
}
