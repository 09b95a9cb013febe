/**
 * /iu/profile/history: every order with its amount, payment type, date, order number, transaction id,
 * items and their count, shipping address and status (paid, refunded), and the receipt as a PDF.
 */
import type { Purchase } from "@aprendo/contract";
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
  Skeleton,
} from "../../../components/ui";
import { dateLanguage, formatDateTime } from "../../../lib/dates";
import { showError } from "../../../lib/toast";
import { downloadReceipt, perPage, usePurchases } from "../api";
import { formatMoney } from "../logic";

const statusTone = { paid: "success", refunded: "danger", partially_refunded: "warning" } as const;

function PurchaseCard({ purchase }: { purchase: Purchase }) {
  const { t, i18n } = useTranslation("commerce");
  const [downloading, setDownloading] = useState(false);
  const headingId = `purchase-${purchase.order}`;
  return (
    <Card asChild>
      <article aria-labelledby={headingId} className="flex flex-col gap-4 p-4 sm:p-5" data-testid="purchase">
        <header className="flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0">
            <h2 id={headingId} className="text-base font-semibold text-fg">
              {t("history.order", { order: purchase.order })}
            </h2>
            <p className="text-sm text-fg-muted">
              {formatDateTime(purchase.date, dateLanguage(i18n.language))}
            </p>
          </div>
          <div className="flex items-center gap-3">
            <Badge tone={statusTone[purchase.status]}>{t(`history.status.${purchase.status}`)}</Badge>
            <span className="text-xl font-semibold text-fg tabular-nums" data-testid="purchase-amount">
              {formatMoney(purchase.amount, i18n.language)}
            </span>
          </div>
        </header>
        <div>
          <h3 className="mb-1 text-sm font-medium text-fg">
            {t("history.items", { count: purchase.number_of_items })}
          </h3>
          <ul className="flex flex-col divide-y divide-border rounded-md border border-border">
            {purchase.items.map((item, index) => (
              <li
                // biome-ignore lint/suspicious/noArrayIndexKey: the same item may appear twice in an order
                key={`${item.type}-${item.id}-${index}`}
                className="flex items-center justify-between gap-3 px-3 py-2 text-sm"
              >
                <span className="min-w-0">
                  {item.type === "course" && item.id ? (
                    <Link
                      to={`/iu/courses/${item.id}`}
                      className="block truncate text-primary hover:underline focus-ring"
                    >
                      {item.name}
                    </Link>
                  ) : (
                    <span className="block truncate text-fg">{item.name}</span>
                  )}
                  <span className="text-xs text-fg-muted">{t(`types.${item.type}`)}</span>
                </span>
                <span className="shrink-0 text-fg tabular-nums">
                  {formatMoney(item.amount, i18n.language)}
                </span>
              </li>
            ))}
          </ul>
        </div>
        <dl className="grid grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
          <div className="flex flex-col">
            <dt className="text-fg-muted">{t("history.paymentType")}</dt>
            <dd className="text-fg">{t(`types.${purchase.payment_type}`)}</dd>
          </div>
          <div className="flex min-w-0 flex-col">
            <dt className="text-fg-muted">{t("history.transaction")}</dt>
            <dd className="truncate font-mono text-xs text-fg" title={purchase.transaction_id ?? undefined}>
              {purchase.transaction_id ?? "—"}
            </dd>
          </div>
          {purchase.shipping_address && (
            <div className="flex flex-col sm:col-span-2">
              <dt className="text-fg-muted">{t("history.shipping")}</dt>
              <dd className="text-fg">{purchase.shipping_address}</dd>
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
                await downloadReceipt(purchase.order, `receipt-${purchase.order}.pdf`);
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
          {rows.map((purchase) => (
            <PurchaseCard key={purchase.id} purchase={purchase} />
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
