/** /af/coupons: every coupon with its value, validity, uses and limits; create, edit, delete. */
import type { Coupon } from "@aprendo/contract";
import { Pencil, Plus, TicketPercent, Trash2 } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { SortHeader, urlSort, useUrlState } from "../../../components/admin";
import {
  Badge,
  Button,
  ConfirmDialog,
  IconButton,
  TableBody,
  TableCell,
  TableHead,
  TableHeaderCell,
  TableRow,
} from "../../../components/ui";
import { dateLanguage, formatDate, formatMoney, poundsToPence } from "../../../lib/format";
import { showError, showSuccess } from "../../../lib/toast";
import { useCoupons, useDeleteCoupon } from "../api";
import { AdminList } from "../components/AdminList";

export function couponValue(coupon: Pick<Coupon, "discount_type" | "value">, language: string) {
  return coupon.discount_type === "percentage"
    ? `${coupon.value}%`
    : formatMoney(poundsToPence(coupon.value), language);
}

function DeleteCoupon({ coupon }: { coupon: Coupon }) {
  const { t } = useTranslation("commerce");
  const remove = useDeleteCoupon();
  return (
    <ConfirmDialog
      trigger={
        <IconButton
          variant="danger"
          size="sm"
          icon={<Trash2 />}
          aria-label={t("coupons.deleteOne", { code: coupon.code })}
        />
      }
      title={t("coupons.deleteTitle")}
      description={t("coupons.deleteText", { code: coupon.code })}
      confirmLabel={t("coupons.delete")}
      cancelLabel={t("cancel")}
      onConfirm={async () => {
        try {
          showSuccess((await remove.mutateAsync(coupon.id)).message);
        } catch (error) {
          showError(error);
          throw error;
        }
      }}
    />
  );
}

export default function CouponsPage() {
  const { t, i18n } = useTranslation("commerce");
  const language = dateLanguage(i18n.language);
  const [state, update] = useUrlState({ search: "", page: "1", sort: "" });
  const page = Math.max(1, Number(state.page) || 1);
  const sort = urlSort(state, update);
  const coupons = useCoupons({ search: state.search || undefined, page, sort: state.sort || undefined });
  const rows = coupons.data?.data ?? [];
  const create = (
    <Button asChild>
      <Link to="/af/coupons/create">
        <Plus aria-hidden="true" className="size-4" />
        {t("coupons.create")}
      </Link>
    </Button>
  );
  return (
    <AdminList
      title={t("coupons.title")}
      subtitle={t("coupons.subtitle")}
      sort={{
        order: sort,
        columns: [
          { key: "code", label: t("coupons.code") },
          { key: "value", label: t("coupons.value") },
          { key: "valid_to", label: t("coupons.validity") },
          { key: "uses", label: t("coupons.uses") },
          { key: "active", label: t("coupons.status") },
        ],
      }}
      actions={create}
      search={state.search}
      onSearch={(search) => update({ search })}
      query={coupons}
      total={coupons.data?.total ?? 0}
      page={page}
      onPage={(p) => update({ page: String(p) })}
      emptyIcon={<TicketPercent />}
      emptyTitle={t("coupons.empty")}
      testId="coupon-table"
      head={
        <TableHead>
          <TableRow>
            <SortHeader sort={sort} sortKey="code">
              {t("coupons.code")}
            </SortHeader>
            <SortHeader sort={sort} sortKey="value">
              {t("coupons.value")}
            </SortHeader>
            <SortHeader sort={sort} sortKey="valid_to">
              {t("coupons.validity")}
            </SortHeader>
            <SortHeader sort={sort} sortKey="uses" align="right">
              {t("coupons.uses")}
            </SortHeader>
            <TableHeaderCell>{t("coupons.itemTypes")}</TableHeaderCell>
            <SortHeader sort={sort} sortKey="active">
              {t("coupons.status")}
            </SortHeader>
            <TableHeaderCell align="right">
              <span className="sr-only">{t("admin.actions")}</span>
            </TableHeaderCell>
          </TableRow>
        </TableHead>
      }
    >
      <TableBody>
        {rows.map((coupon) => (
          <TableRow key={coupon.id}>
            <TableCell>
              <Link
                to={`/af/coupons/${coupon.id}`}
                className="font-mono font-semibold text-primary hover:underline focus-ring"
              >
                {coupon.code}
              </Link>
            </TableCell>
            <TableCell className="whitespace-nowrap tabular-nums">
              {couponValue(coupon, i18n.language)}
            </TableCell>
            <TableCell className="whitespace-nowrap text-fg-muted">
              {coupon.valid_from || coupon.valid_to
                ? `${coupon.valid_from ? formatDate(coupon.valid_from, language) : "…"} – ${coupon.valid_to ? formatDate(coupon.valid_to, language) : "…"}`
                : t("coupons.always")}
            </TableCell>
            <TableCell align="right" className="whitespace-nowrap tabular-nums">
              {coupon.uses} / {coupon.max_uses ?? "∞"}
              {coupon.per_user_limit ? (
                <span className="block text-xs text-fg-muted">
                  {t("coupons.perUserShort", { count: coupon.per_user_limit })}
                </span>
              ) : null}
            </TableCell>
            <TableCell className="text-fg-muted">
              {coupon.item_types.length === 0
                ? t("coupons.allTypes")
                : coupon.item_types.map((type) => t(`types.${type}`)).join(", ")}
            </TableCell>
            <TableCell>
              <Badge tone={coupon.active ? "success" : "neutral"}>
                {coupon.active ? t("coupons.active") : t("coupons.inactive")}
              </Badge>
            </TableCell>
            <TableCell align="right" className="whitespace-nowrap">
              <Link
                to={`/af/coupons/${coupon.id}`}
                aria-label={t("coupons.editOne", { code: coupon.code })}
                className="inline-flex size-11 items-center justify-center rounded-md text-fg-muted hover:bg-surface-muted hover:text-fg focus-ring sm:size-8"
              >
                <Pencil aria-hidden="true" className="size-4" />
              </Link>
              <DeleteCoupon coupon={coupon} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </AdminList>
  );
}
