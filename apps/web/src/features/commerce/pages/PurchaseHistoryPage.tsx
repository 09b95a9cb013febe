/**
 * /iu/profile/history: every order with its amount, payment type, date, order number, transaction id,
 * items and their count, shipping address and status (paid, refunded), and the receipt as a PDF.
 */
import type { LineMoney, Purchase } from "@aprendo/contract";
import { Download, Receipt } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { ListStates, useUrlState } from "../../../components/admin";
import {
  Badge,
  Button,
  Card,
  Container,
  EmptyState,
  PageHeader,
  Pagination,
  Quoting,
  Skeleton,
} from "../../../components/ui";
import { dateLanguage, formatDateTime, formatMoney } from "../../../lib/format";
import { showError } from "../../../lib/toast";
import { FulfilmentStatus } from "../../shop/components/FulfilmentStatus";
import { downloadReceipt, perPage, usePurchases } from "../api";
import { TransactionId } from "../components/TransactionId";
import { nameSaysKind, orderLabel } from "../logic";

const statusTone = { paid: "success", refunded: "danger", partially_refunded: "warning" } as const;

/** The history lists bought items (spec section 3 purchase fields); they are shown grouped by order. */
export type OrderGroup = {
  order: number;
  /** The public order number (`A-000123`). */
  number: string | null;
  date: string;
  transactionId: string | null;
  shipping: string | null;
  purchases: Purchase[];
};

export function groupByOrder(purchases: Purchase[]): OrderGroup[] {
  const groups: OrderGroup[] = [];
  for (const purchase of purchases) {
    let group = groups.find((g) => g.order === purchase.order);
    if (!group) {
      group = {
        order: purchase.order,
        number: purchase.order_number,
        date: purchase.date,
        transactionId: purchase.transaction_id,
        shipping: purchase.shipping_address,
        purchases: [],
      };
      groups.push(group);
    }
    group.purchases.push(purchase);
  }
  return groups;
}

export function orderStatus(purchases: Pick<Purchase, "status">[]): Purchase["status"] {
  if (purchases.every((p) => p.status === "refunded")) return "refunded";
  if (purchases.some((p) => p.status !== "paid")) return "partially_refunded";
  return "paid";
}

/** Under a line: "2 × £19.99" and where its discount came from (coupon, salary scale, binding). */
function LineDetails({ money }: { money: LineMoney }) {
  const { t, i18n } = useTranslation("commerce");
  const pence = (value: number) => formatMoney(value, i18n.language);
  const parts = [
    money.quantity > 1
      ? t("history.unitTimes", { count: money.quantity, price: pence(money.list_unit_pence) })
      : null,
    money.discounts.coupon > 0 ? t("history.couponOnLine", { amount: pence(money.discounts.coupon) }) : null,
    money.discounts.salary_scale > 0
      ? t("history.salaryScaleOnLine", { amount: pence(money.discounts.salary_scale) })
      : null,
    money.discounts.binding > 0
      ? t("history.bindingOnLine", { amount: pence(money.discounts.binding) })
      : null,
  ].filter((part): part is string => part !== null);
  return parts.length > 0 ? (
    <span className="block text-xs text-fg-muted tabular-nums">{parts.join(" · ")}</span>
  ) : null;
}

/** A line's price: the list price struck through when discounted, then what was paid. */
function LineAmount({ money }: { money: LineMoney }) {
  const { i18n } = useTranslation();
  return (
    <span className="flex shrink-0 flex-col items-end tabular-nums">
      {money.paid_pence < money.list_pence && (
        <s className="text-xs text-fg-muted" aria-hidden="true">
          {formatMoney(money.list_pence, i18n.language)}
        </s>
      )}
      <span className="text-fg" data-testid="purchase-line-amount">
        {formatMoney(money.paid_pence, i18n.language)}
      </span>
    </span>
  );
}

/** Subtotal − discounts + shipping = total (and − credit = charged): the receipt's figures. */
function OrderFigures({ figures }: { figures: Purchase["order_figures"] }) {
  const { t, i18n } = useTranslation("commerce");
  const pence = (value: number) => formatMoney(value, i18n.language);
  const rows: Array<[string, string, string, boolean]> = [
    ["subtotal", t("history.subtotal"), pence(figures.subtotal_pence), false],
  ];
  if (figures.discount_pence > 0)
    rows.push(["discounts", t("history.discounts"), `−${pence(figures.discount_pence)}`, false]);
  if (figures.shipping_pence > 0)
    rows.push(["shipping", t("history.shippingCost"), pence(figures.shipping_pence), false]);
  rows.push(["total", t("history.total"), pence(figures.total_pence), true]);
  if (figures.credit_pence > 0) {
    rows.push(["credit", t("history.credit"), `−${pence(figures.credit_pence)}`, false]);
    rows.push(["charged", t("history.charged"), pence(figures.charged_pence), true]);
  }
  return (
    <dl aria-label={t("history.figures")} className="ml-auto flex w-full max-w-xs flex-col gap-1 text-sm">
      {rows.map(([id, label, value, strong]) => (
        <div key={id} className="flex justify-between gap-4" data-testid={`figure-${id}`}>
          <dt className={strong ? "font-semibold text-fg" : "text-fg-muted"}>{label}</dt>
          <dd className={`tabular-nums ${strong ? "font-semibold text-fg" : "text-fg"}`}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function OrderCard({ group }: { group: OrderGroup }) {
  const { t, i18n } = useTranslation("commerce");
  const [downloading, setDownloading] = useState(false);
  const headingId = `order-${group.order}`;
  const status = orderStatus(group.purchases);
  // The order's own figures (its entries may span pages), the same as its receipt's.
  const figures = group.purchases[0]!.order_figures;
  const bought = group.purchases.filter((p) => p.type !== "shipping");
  const count = bought.reduce((sum, p) => sum + p.number_of_items, 0);
  const types = [...new Set(group.purchases.map((p) => p.payment_type))];
  return (
    <Card asChild>
      <article aria-labelledby={headingId} className="flex flex-col gap-4 p-4 sm:p-5" data-testid="purchase">
        <header className="flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0">
            <h2 id={headingId} className="text-base font-semibold text-fg">
              {t("history.order", { order: orderLabel({ number: group.number, id: group.order }) })}
            </h2>
            <p className="text-sm text-fg-muted">{formatDateTime(group.date, dateLanguage(i18n.language))}</p>
          </div>
          <div className="flex items-center gap-3">
            <Badge tone={statusTone[status]}>{t(`history.status.${status}`)}</Badge>
            <span className="text-xl font-semibold text-fg tabular-nums" data-testid="purchase-amount">
              {formatMoney(figures.total_pence, i18n.language)}
            </span>
          </div>
        </header>
        <div>
          <h3 className="mb-1 text-sm font-medium text-fg">{t("history.items", { count })}</h3>
          <ul className="flex flex-col divide-y divide-border rounded-md border border-border">
            {bought.map((purchase) => (
              <li key={purchase.id} className="flex flex-col gap-1 px-3 py-2 text-sm">
                <div className="flex items-center justify-between gap-3">
                  <span className="min-w-0">
                    {purchase.type === "course" && purchase.item_id ? (
                      <Link
                        to={`/iu/courses/${purchase.item_id}`}
                        className="block truncate text-primary hover:underline focus-ring"
                      >
                        <Quoting text={purchase.name} quote={purchase.name_title} lang={purchase.name_lang} />
                      </Link>
                    ) : (
                      <Quoting
                        text={purchase.name}
                        quote={purchase.name_title}
                        lang={purchase.name_lang}
                        className="block truncate text-fg"
                      />
                    )}
                    {/* "Exam access: …" already says its kind; a label beneath would repeat it. */}
                    {(!nameSaysKind(purchase.type) || purchase.status !== "paid") && (
                      <span className="text-xs text-fg-muted">
                        {[
                          nameSaysKind(purchase.type) ? null : t(`types.${purchase.type}`),
                          purchase.status !== "paid" ? t(`history.status.${purchase.status}`) : null,
                        ]
                          .filter(Boolean)
                          .join(" · ")}
                      </span>
                    )}
                    <LineDetails money={purchase.money} />
                  </span>
                  <LineAmount money={purchase.money} />
                </div>
                {purchase.items.length > 0 && (
                  <ul className="ml-3 flex flex-col gap-0.5 border-l-2 border-border pl-3 text-xs text-fg-muted">
                    {purchase.items.map((item, index) => (
                      // biome-ignore lint/suspicious/noArrayIndexKey: the same item may appear twice
                      <li key={`${item.type}-${item.id}-${index}`} className="flex justify-between gap-3">
                        <span className="min-w-0">
                          <Quoting
                            text={item.name}
                            quote={item.name_title}
                            lang={item.name_lang}
                            className="block truncate"
                          />
                          <LineDetails money={item.money} />
                        </span>
                        <LineAmount money={item.money} />
                      </li>
                    ))}
                  </ul>
                )}
              </li>
            ))}
          </ul>
        </div>
        <OrderFigures figures={figures} />
        <dl className="grid grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
          <div className="flex flex-col">
            <dt className="text-fg-muted">{t("history.paymentType")}</dt>
            <dd className="text-fg">{types.map((type) => t(`types.${type}`)).join(", ")}</dd>
          </div>
          <div className="flex min-w-0 flex-col">
            <dt className="text-fg-muted">{t("history.transaction")}</dt>
            <dd className="min-w-0">
              {group.transactionId ? <TransactionId id={group.transactionId} /> : "—"}
            </dd>
          </div>
          {group.shipping && (
            <div className="flex flex-col sm:col-span-2">
              <dt className="text-fg-muted">{t("history.shipping")}</dt>
              <dd className="text-fg">{group.shipping}</dd>
              <FulfilmentStatus purchases={group.purchases} />
            </div>
          )}
        </dl>
        <div className="flex justify-end">
          <Button
            variant="secondary"
            size="sm"
            loading={downloading}
            onClick={async () => {
              setDownloading(true);
              try {
                await downloadReceipt(group.order, `receipt-${group.number ?? group.order}.pdf`);
              } catch (error) {
                showError(error);
              } finally {
                setDownloading(false);
              }
            }}
          >
            {!downloading && <Download aria-hidden="true" className="size-4" />}
            {t("history.receipt")}
          </Button>
        </div>
      </article>
    </Card>
  );
}

export default function PurchaseHistoryPage() {
  const { t } = useTranslation("commerce");
  const [state, update] = useUrlState({ page: "1" });
  const page = Math.max(1, Number(state.page) || 1);
  const purchases = usePurchases(page);
  const rows = purchases.data?.data ?? [];
  const pageCount = Math.max(1, Math.ceil((purchases.data?.total ?? 0) / perPage));
  return (
    <Container className="py-6 sm:py-8">
      <PageHeader title={t("history.title")} subtitle={t("history.subtitle")} />
      <ListStates
        query={purchases}
        isEmpty={rows.length === 0}
        loadingLabel={t("loading")}
        loading={
          <div className="flex flex-col gap-4">
            <Skeleton className="h-56 w-full" />
            <Skeleton className="h-56 w-full" />
          </div>
        }
        errorMessage={t("loadFailed")}
        retryLabel={t("retry")}
        empty={
          <EmptyState
            icon={<Receipt />}
            title={t("history.empty")}
            text={t("history.emptyText")}
            action={
              <Button asChild>
                <Link to="/iu/courses">{t("cart.browse")}</Link>
              </Button>
            }
          />
        }
      >
        <div className="flex flex-col gap-4" data-testid="purchase-list">
          {groupByOrder(rows).map((group) => (
            <OrderCard key={group.order} group={group} />
          ))}
        </div>
        {pageCount > 1 && (
          <Pagination
            className="mt-6"
            page={page}
            pageCount={pageCount}
            onPageChange={(next) => update({ page: String(next) })}
            label={t("pagination.label")}
            previousLabel={t("pagination.previous")}
            nextLabel={t("pagination.next")}
            pageLabel={(p, n) => t("pagination.page", { page: p, count: n })}
          />
        )}
      </ListStates>
    </Container>
  );
}
