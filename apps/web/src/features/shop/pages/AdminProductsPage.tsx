/** /af/products: the shop's products with search, type and status filters; create, edit, delete. */
import type { AdminProduct } from "@aprendo/contract";
import { BookOpen, SearchX } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import {
  AdminListPage,
  CreateButton,
  DeleteRowButton,
  EditRowButton,
  listTexts,
  pageNumber,
  pagingTexts,
  RowActions,
  SearchFilter,
  StatusFilter,
  urlPaging,
  urlSort,
  useUrlState,
} from "../../../components/admin";
import { Badge, EmptyState, TableCell } from "../../../components/ui";
import { formatMoney, poundsToPence } from "../../../lib/format";
import { ADMIN_PER_PAGE, useAdminProducts, useDeleteProduct } from "../api";
import { AdminShopNav } from "../components/AdminShopNav";

const defaults = { q: "", status: "", kind: "", page: "1", sort: "" };
export const statusTone = { draft: "neutral", published: "success", archived: "warning" } as const;
type Row = Omit<AdminProduct, "description_en" | "description_es">;

function DeleteProduct({ product }: { product: Row }) {
  const { t } = useTranslation("shop");
  const remove = useDeleteProduct();
  return (
    <DeleteRowButton
      label={t("admin.deleteOne", { name: product.title_en })}
      title={t("admin.deleteTitle")}
      description={t("admin.deleteText", { name: product.title_en })}
      confirmLabel={t("admin.delete")}
      cancelLabel={t("admin.cancel")}
      onDelete={() => remove.mutateAsync(product.id)}
    />
  );
}

export default function AdminProductsPage() {
  const { t, i18n } = useTranslation("shop");
  const [state, update] = useUrlState(defaults);
  const page = pageNumber(state.page);
  const products = useAdminProducts({
    q: state.q,
    status: state.status,
    kind: state.kind,
    sort: state.sort,
    page,
  });
  const filtered = state.q !== "" || state.status !== "" || state.kind !== "";
  const create = <CreateButton to="/af/products/create">{t("admin.create")}</CreateButton>;
  const spanish = i18n.language === "es";
  const titleOf = (product: Row) => (spanish ? product.title_es : product.title_en);
  return (
    <AdminListPage
      title={t("admin.products")}
      subtitle={t("admin.productsSubtitle")}
      actions={create}
      nav={<AdminShopNav className="mb-4" />}
      filters={
        <>
          <SearchFilter
            label={t("admin.search")}
            placeholder={t("admin.searchPlaceholder")}
            value={state.q}
            onSearch={(q) => update({ q })}
          />
          <StatusFilter
            label={t("admin.kind")}
            className="sm:w-48"
            all={t("admin.allKinds")}
            values={["printed_book", "ebook", "enotes"]}
            labelOf={(kind) => t(`kind.${kind}`)}
            value={state.kind}
            onChange={(kind) => update({ kind })}
          />
          <StatusFilter
            label={t("admin.status")}
            className="sm:w-44"
            all={t("admin.allStatuses")}
            values={["draft", "published", "archived"]}
            labelOf={(status) => t(`admin.statuses.${status}`)}
            value={state.status}
            onChange={(status) => update({ status })}
          />
        </>
      }
      query={products}
      sort={urlSort(state, update)}
      rows={products.data?.data ?? []}
      texts={listTexts(t, "admin.")}
      empty={
        <EmptyState
          icon={filtered ? <SearchX /> : <BookOpen />}
          title={filtered ? t("admin.noMatch") : t("admin.empty")}
          text={filtered ? t("admin.noMatchText") : t("admin.emptyText")}
          action={filtered ? undefined : create}
        />
      }
      columns={[
        { header: t("admin.columns.product"), sortKey: "title" },
        { header: t("admin.columns.kind"), sortKey: "kind" },
        { header: t("admin.columns.price"), align: "right", sortKey: "price" },
        { header: t("admin.columns.stock"), align: "right" },
        { header: t("admin.columns.sold"), align: "right", sortKey: "sold" },
        { header: t("admin.columns.status"), sortKey: "status" },
      ]}
      cells={(product) => {
        const stock = product.bindings.filter((b) => b.active).reduce((s, b) => s + b.stock, 0);
        const other = spanish ? product.title_en : product.title_es;
        return (
          <>
            <TableCell className="max-w-md">
              <Link
                to={`/af/products/${product.id}`}
                className="flex items-center gap-3 rounded-sm focus-ring"
              >
                <span
                  aria-hidden="true"
                  className="h-10 w-7 shrink-0 rounded-sm shadow-sm"
                  style={{ backgroundColor: product.cover_color }}
                />
                <span className="flex min-w-0 flex-col gap-0.5">
                  <span className="font-medium text-primary hover:underline">{titleOf(product)}</span>
                  <span lang={spanish ? "en" : "es"} className="line-clamp-1 text-xs text-fg-muted">
                    {other} · {product.authors}
                  </span>
                </span>
              </Link>
            </TableCell>
            <TableCell className="whitespace-nowrap">{t(`kind.${product.kind}`)}</TableCell>
            <TableCell align="right" className="tabular-nums">
              {product.kind === "printed_book" || product.price > 0
                ? formatMoney(poundsToPence(product.price), i18n.language)
                : "—"}
            </TableCell>
            <TableCell align="right" className="tabular-nums">
              {product.kind === "printed_book" ? (
                stock === 0 ? (
                  <Badge tone="danger">{t("admin.overview.outBadge")}</Badge>
                ) : (
                  stock
                )
              ) : (
                "—"
              )}
            </TableCell>
            <TableCell align="right" className="tabular-nums">
              {product.sold}
            </TableCell>
            <TableCell>
              <Badge tone={statusTone[product.status]}>{t(`admin.statuses.${product.status}`)}</Badge>
            </TableCell>
          </>
        );
      }}
      rowActions={(product) => (
        <RowActions>
          <EditRowButton
            to={`/af/products/${product.id}`}
            label={t("admin.editOne", { name: titleOf(product) })}
            text={t("admin.edit")}
          />
          <DeleteProduct product={product} />
        </RowActions>
      )}
      paging={urlPaging(state, update, products.data?.total, ADMIN_PER_PAGE, pagingTexts(t, "admin."))}
    />
  );
}
