/** /af/coupons: every coupon with its value, validity, uses and limits; create, edit, delete. */
import type { Coupon } from "@aprendo/contract";
import { Pencil, TicketPercent } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { CreateButton, DeleteRowButton, RowActions } from "../../../components/admin";
import { Badge, TableCell } from "../../../components/ui";
import { dateLanguage, formatDate, formatMoney, poundsToPence } from "../../../lib/format";
import { useCoupons, useDeleteCoupon } from "../api";
import { AdminList, useAdminListState } from "../components/AdminList";

export function couponValue(coupon: Pick<Coupon, "discount_type" | "value">, language: string) {
  return coupon.discount_type === "percentage"
    ? `${coupon.value}%`
    : formatMoney(poundsToPence(coupon.value), language);
}

export default function CouponsPage() {
  const { t, i18n } = useTranslation("commerce");
  const language = dateLanguage(i18n.language);
  const listState = useAdminListState({});
  const coupons = useCoupons(listState.params);
  const remove = useDeleteCoupon();
  const create = <CreateButton to="/af/coupons/create">{t("coupons.create")}</CreateButton>;
  return (
    <AdminList
      title={t("coupons.title")}
      subtitle={t("coupons.subtitle")}
      list={listState}
      actions={create}
      query={coupons}
      emptyIcon={<TicketPercent />}
      emptyTitle={t("coupons.empty")}
      testId="coupon-table"
      columns={[
        { header: t("coupons.code"), sortKey: "code" },
        { header: t("coupons.value"), sortKey: "value" },
        { header: t("coupons.validity"), sortKey: "valid_to" },
        { header: t("coupons.uses"), sortKey: "uses", align: "right" },
        { header: t("coupons.itemTypes") },
        { header: t("coupons.status"), sortKey: "active" },
      ]}
      cells={(coupon) => (
        <>
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
        </>
      )}
      rowActions={(coupon) => (
        <RowActions>
          <Link
            to={`/af/coupons/${coupon.id}`}
            aria-label={t("coupons.editOne", { code: coupon.code })}
            className="inline-flex size-11 items-center justify-center rounded-md text-fg-muted hover:bg-surface-muted hover:text-fg focus-ring sm:size-8"
          >
            <Pencil aria-hidden="true" className="size-4" />
          </Link>
          <DeleteRowButton
            label={t("coupons.deleteOne", { code: coupon.code })}
            title={t("coupons.deleteTitle")}
            description={t("coupons.deleteText", { code: coupon.code })}
            confirmLabel={t("coupons.delete")}
            cancelLabel={t("cancel")}
            onDelete={() => remove.mutateAsync(coupon.id)}
          />
        </RowActions>
      )}
    />
  );
}
