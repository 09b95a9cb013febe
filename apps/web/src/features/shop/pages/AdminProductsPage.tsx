/** /af/products: the shop's products with search, type and status filters; create, edit, delete. */
import type { AdminProduct } from "@aprendo/contract";
import { BookOpen, Pencil, Plus, SearchX } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { DeleteRowButton, FiltersBar, ListStates, SearchInput, useUrlState } from "../../../components/admin";
import {
  Badge,
  Button,
  Container,
  EmptyState,
  Field,
  PageHeader,
  Pagination,
  Select,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeaderCell,
  TableRow,
} from "../../../components/ui";
import { formatMoney } from "../../commerce/logic";
import { ADMIN_PER_PAGE, useAdminProducts, useDeleteProduct } from "../api";
import { AdminShopNav } from "../components/AdminShopNav";

const defaults = { q: "", status: "", kind: "", page: "1" };
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
  const page = Math.max(1, Number(state.page) || 1);
  const products = useAdminProducts({ q: state.q, status: state.status, kind: state.kind, page });
  const rows = products.data?.data ?? [];
  const filtered = state.q !== "" || state.status !== "" || state.kind !== "";
  const create = (
    <Button asChild>
      <Link to="/af/products/create">
        <Plus aria-hidden="true" className="size-4" />
        {t("admin.create")}
      </Link>
    </Button>
  );
  const spanish = i18n.language === "es";
  return (
    <Container className="py-6 sm:py-8">
      <PageHeader title={t("admin.products")} subtitle={t("admin.productsSubtitle")} actions={create} />
      <AdminShopNav className="mb-4" />
      <FiltersBar>
        <Field label={t("admin.search")} className="min-w-0 flex-[2]">
          {(control) => (
            <SearchInput
              id={control.id}
              value={state.q}
              onSearch={(q) => update({ q })}
              label={t("admin.search")}
              placeholder={t("admin.searchPlaceholder")}
            />
          )}
        </Field>
        <Field label={t("admin.kind")} className="sm:w-48">
          <Select
            value={state.kind}
            onChange={(e) => update({ kind: e.target.value })}
            options={[
              { value: "", label: t("admin.allKinds") },
              ...["printed_book", "ebook", "enotes"].map((k) => ({ value: k, label: t(`kind.${k}`) })),
            ]}
          />
        </Field>
        <Field label={t("admin.status")} className="sm:w-44">
          <Select
            value={state.status}
            onChange={(e) => update({ status: e.target.value })}
            options={[
              { value: "", label: t("admin.allStatuses") },
              ...["draft", "published", "archived"].map((s) => ({
                value: s,
                label: t(`admin.statuses.${s}`),
              })),
            ]}
          />
        </Field>
      </FiltersBar>
      <ListStates
        query={products}
        isEmpty={rows.length === 0}
        loadingLabel={t("admin.loading")}
        errorMessage={t("admin.loadFailed")}
        retryLabel={t("admin.retry")}
        empty={
          <EmptyState
            icon={filtered ? <SearchX /> : <BookOpen />}
            title={filtered ? t("admin.noMatch") : t("admin.empty")}
            text={filtered ? t("admin.noMatchText") : t("admin.emptyText")}
            action={filtered ? undefined : create}
          />
        }
      >
        <Table caption={t("admin.products")} aria-busy={products.isFetching || undefined}>
          <TableHead>
            <TableRow>
              <TableHeaderCell>{t("admin.columns.product")}</TableHeaderCell>
              <TableHeaderCell>{t("admin.columns.kind")}</TableHeaderCell>
              <TableHeaderCell align="right">{t("admin.columns.price")}</TableHeaderCell>
              <TableHeaderCell align="right">{t("admin.columns.stock")}</TableHeaderCell>
              <TableHeaderCell align="right">{t("admin.columns.sold")}</TableHeaderCell>
              <TableHeaderCell>{t("admin.columns.status")}</TableHeaderCell>
              <TableHeaderCell align="right">
                <span className="sr-only">{t("admin.actions")}</span>
              </TableHeaderCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((product) => {
              const stock = product.bindings.filter((b) => b.active).reduce((s, b) => s + b.stock, 0);
              const title = spanish ? product.title_es : product.title_en;
              const other = spanish ? product.title_en : product.title_es;
              return (
                <TableRow key={product.id}>
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
                        <span className="font-medium text-primary hover:underline">{title}</span>
                        <span lang={spanish ? "en" : "es"} className="line-clamp-1 text-xs text-fg-muted">
                          {other} · {product.authors}
                        </span>
                      </span>
                    </Link>
                  </TableCell>
                  <TableCell className="whitespace-nowrap">{t(`kind.${product.kind}`)}</TableCell>
                  <TableCell align="right" className="tabular-nums">
                    {product.kind === "printed_book" || product.price > 0
                      ? formatMoney(product.price, i18n.language)
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
                  <TableCell align="right">
                    <span className="inline-flex gap-1">
                      <Button asChild size="sm" variant="ghost">
                        <Link
                          to={`/af/products/${product.id}`}
                          aria-label={t("admin.editOne", { name: title })}
                        >
                          <Pencil aria-hidden="true" className="size-4" />
                          <span className="max-sm:sr-only">{t("admin.edit")}</span>
                        </Link>
                      </Button>
                      <DeleteProduct product={product} />
                    </span>
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
        {(products.data?.total ?? 0) > ADMIN_PER_PAGE && (
          <Pagination
            className="mt-4"
            page={page}
            pageCount={Math.ceil((products.data?.total ?? 0) / ADMIN_PER_PAGE)}
            onPageChange={(next) => update({ page: String(next) })}
            label={t("admin.pagination")}
            previousLabel={t("admin.previous")}
            nextLabel={t("admin.next")}
            pageLabel={(p, count) => t("admin.pageOf", { page: p, count })}
          />
        )}
      </ListStates>
    </Container>
  );
}
