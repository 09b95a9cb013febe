/** How to pay: a saved card (the default first) or a new card in the provider's form (optionally saved). */
import type { SavedCard } from "@aprendo/contract";
import { type ReactNode, useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Badge, Button, Checkbox, RadioGroup, Skeleton } from "../../../components/ui";
import { isExpired } from "../logic";
import { CardForm, type CardToken } from "./CardForm";
import { CardLabel } from "./CardLabel";

export type PaymentChoice =
  | { mode: "saved"; cardId: number }
  | { mode: "new"; card: CardToken | null; save: boolean };

export function PaymentChooser({
  cards,
  loadingCards,
  value,
  onChange,
  allowSave,
  onFormError,
}: {
  cards: SavedCard[];
  loadingCards: boolean;
  value: PaymentChoice;
  onChange: (choice: PaymentChoice) => void;
  allowSave: boolean;
  onFormError?: (message: string) => void;
}) {
  const { t } = useTranslation("commerce");
  if (loadingCards) return <Skeleton className="h-24 w-full" />;
  const usable = cards.filter((c) => !isExpired(c.exp_month, c.exp_year));
  const newCard = value.mode === "new" ? value : null;
  return (
    <div className="flex flex-col gap-4">
      {usable.length > 0 && (
        <RadioGroup
          legend={t("checkout.paymentMethod")}
          legendHidden
          name="payment"
          value={value.mode === "saved" ? String(value.cardId) : "new"}
          onValueChange={(v) =>
            onChange(
              v === "new" ? { mode: "new", card: null, save: false } : { mode: "saved", cardId: Number(v) },
            )
          }
          options={[
            ...usable.map((card) => ({
              value: String(card.id),
              label: (
                // Wraps on phones: the "default" badge goes under the card rather than past the edge.
                <span className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1">
                  <CardLabel
                    brand={card.brand}
                    last4={card.last4}
                    expMonth={card.exp_month}
                    expYear={card.exp_year}
                    holder={card.holder_name}
                  />
                  {card.is_default && <Badge tone="primary">{t("cards.default")}</Badge>}
                </span>
              ),
            })),
            { value: "new", label: t("checkout.newCard") },
          ]}
        />
      )}
      {newCard &&
        (newCard.card ? (
          <CardReady>
            <div className="flex flex-wrap items-center justify-between gap-2">
              <CardLabel
                brand={newCard.card.brand}
                last4={newCard.card.last4}
                expMonth={newCard.card.exp_month}
                expYear={newCard.card.exp_year}
                holder={newCard.card.holder_name}
              />
              <Button variant="link" size="sm" onClick={() => onChange({ ...newCard, card: null })}>
                {t("checkout.otherCard")}
              </Button>
            </div>
            {allowSave && (
              <Checkbox
                label={t("checkout.saveCard")}
                checked={newCard.save}
                onChange={(event) => onChange({ ...newCard, save: event.target.checked })}
              />
            )}
          </CardReady>
        ) : (
          <CardForm onToken={(card) => onChange({ ...newCard, card })} onError={onFormError} />
        ))}
    </div>
  );
}

/**
 * The accepted card replaces the provider's form, which held focus: focus moves onto it (and it is
 * announced), so the next Tab reaches "Use another card" and then Pay, not the page's start (WCAG 2.4.3).
 */
function CardReady({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <div
      ref={ref}
      tabIndex={-1}
      role="status"
      className="flex flex-col gap-3 rounded-lg border border-border bg-surface-muted p-3 focus-ring"
      data-testid="new-card-ready"
    >
      {children}
    </div>
  );
}
