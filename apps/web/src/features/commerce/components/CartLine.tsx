/** One entry of the cart: picture, name, type, server price (and what it was before discounts), child items, quantity, remove. */
import type { PricedLine } from "@aprendo/contract";
import type { CartItem } from "@aprendo/contract/domain";
import { Trash2, TriangleAlert, X } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button, IconButton, Quoting, Skeleton } from "../../../components/ui";
import { keepFocusAfterRemoving } from "../../../components/ui/returnFocus";
import { formatMoney, poundsToPence } from "../../../lib/format";
import { useCart } from "../../../stores/cart";
import { nameSaysKind } from "../logic";
import { ItemIcon } from "./ItemIcon";
import { QuantityStepper } from "./QuantityStepper";

const maxQuantity = 99;

function Price({ line, local, loading }: { line?: PricedLine; local: number; loading: boolean }) {
  const { i18n } = useTranslation();
  // A line that cannot be bought as it is still shows what it costs (its message says why).
  if (!line) {
    return loading ? (
      <Skeleton className="h-4 w-14" />
    ) : (
      <span className="text-sm font-semibold text-fg tabular-nums">
        {formatMoney(poundsToPence(local), i18n.language)}
      </span>
    );
  }
  // The money model: list price × quantity, struck through when a discount applies, then the paid amount.
  const { list_pence: list, paid_pence: paid } = line.money;
  return (
    <span className="flex flex-col items-end text-sm tabular-nums">
      {paid < list && (
        <s className="text-xs text-fg-muted" aria-hidden="true">
          {formatMoney(list, i18n.language)}
        </s>
      )}
      <span className="font-semibold text-fg">{formatMoney(paid, i18n.language)}</span>
    </span>
  );
}

export function CartLine({
  item,
  line,
  loading,
  editable = true,
}: {
  item: CartItem;
  line?: PricedLine;
  loading: boolean;
  editable?: boolean;
}) {
  const { t, i18n } = useTranslation("commerce");
  const lang = i18n.language;
  const remove = useCart((s) => s.remove);
  const removeChild = useCart((s) => s.removeChild);
  const update = useCart((s) => s.update);
  const name = line?.name || item.name;
  const quantity = item.quantity ?? 1;
  // The stock bounds a printed book's copies (the server says how many can be bought now).
  const most = Math.max(1, Math.min(maxQuantity, line?.max_quantity ?? maxQuantity));
  const beyondStock = line?.max_quantity != null && line.max_quantity > 0 && quantity > line.max_quantity;
  const target = { id: item.id, type: item.type, ...(item.key ? { key: item.key } : {}) };
  const setQuantity = (value: number) =>
    update(target, { quantity: Math.min(most, Math.max(1, Math.round(value) || 1)) });
  return (
    <li className="flex flex-col gap-2 py-3" data-testid="cart-line">
      <div className="flex items-start gap-3">
        <ItemIcon type={item.type} img={item.img} />
        <div className="min-w-0 flex-1">
          <Quoting
            as="p"
            text={name}
            quote={line?.name_title}
            lang={line?.name_lang}
            className="line-clamp-2 text-sm font-medium text-fg"
          />
          {/* "Exam access: …" already says its kind: the label beneath would only repeat it. */}
          {!nameSaysKind(item.type) && <p className="text-xs text-fg-muted">{t(`types.${item.type}`)}</p>}
          {quantity > 1 && line && (
            <p className="text-xs text-fg-muted tabular-nums">
              {t("cart.unitTimes", { count: quantity, price: formatMoney(line.money.list_unit_pence, lang) })}
            </p>
          )}
          {line?.money.discounts.binding ? (
            <p className="text-xs text-success">
              {t("cart.bindingOnLine", { amount: formatMoney(line.money.discounts.binding, lang) })}
            </p>
          ) : null}
          {line?.salaryScaleDiscount ? (
            <p className="text-xs text-success">
              {t("cart.salaryScaleOnLine", {
                amount: formatMoney(poundsToPence(line.salaryScaleDiscount), lang),
              })}
            </p>
          ) : null}
          {line?.code && line.discountedAmount ? (
            <p className="text-xs text-success">
              {t("cart.couponOnLine", {
                code: line.code,
                amount: formatMoney(poundsToPence(line.discountedAmount), lang),
              })}
            </p>
          ) : null}
        </div>
        <div className="flex items-start gap-1">
          <Price line={line} local={item.price * quantity} loading={loading} />
          {editable && (
            <IconButton
              size="sm"
              variant="ghost"
              icon={<Trash2 />}
              aria-label={t("cart.remove", { name })}
              onClick={(event) => {
                keepFocusAfterRemoving(event.currentTarget);
                remove(target);
              }}
              data-testid="cart-remove"
            />
          )}
        </div>
      </div>
      {line?.problem && (
        <p className="flex items-start gap-1.5 text-xs text-danger" role="status">
          <TriangleAlert aria-hidden="true" className="mt-0.5 size-3.5 shrink-0" />
          <span className="flex-1">{line.problem}</span>
          {beyondStock && editable && (
            <Button
              size="sm"
              variant="secondary"
              onClick={() => setQuantity(most)}
              data-testid="cart-buy-max"
            >
              {t("cart.buyUpTo", { count: most })}
            </Button>
          )}
        </p>
      )}
      {item.type === "physical_product" && editable && (
        <div className="pl-15">
          <QuantityStepper
            value={quantity}
            max={most}
            onChange={setQuantity}
            labels={{
              quantity: t("cart.quantity", { name }),
              less: t("cart.less", { name }),
              more: t("cart.more", { name }),
            }}
          />
        </div>
      )}
      {item.items && item.items.length > 0 && (
        <ul
          className="ml-15 flex flex-col gap-1.5 border-l-2 border-border pl-3"
          aria-label={t("cart.includes", { name })}
        >
          {item.items.map((child, index) => {
            const childLine = line?.items[index];
            const childName = childLine?.name || child.name;
            return (
              <li key={`${child.type}-${child.id}`} className="flex items-center gap-2 text-sm">
                <span className="min-w-0 flex-1">
                  <Quoting
                    text={childName}
                    quote={childLine?.name_title}
                    lang={childLine?.name_lang}
                    className="block truncate text-fg"
                  />
                  {childLine?.problem && (
                    <span className="block text-xs text-danger">{childLine.problem}</span>
                  )}
                </span>
                <span className="text-fg-muted tabular-nums">
                  {formatMoney(poundsToPence(childLine ? childLine.price : child.price), lang)}
                </span>
                {editable && (
                  <IconButton
                    size="sm"
                    variant="ghost"
                    icon={<X />}
                    aria-label={t("cart.remove", { name: childName })}
                    onClick={(event) => {
                      keepFocusAfterRemoving(event.currentTarget);
                      removeChild(target, { id: child.id, type: child.type });
                    }}
                  />
                )}
              </li>
            );
          })}
        </ul>
      )}
    </li>
  );
}
