/**
 * /iu/shop, /iu/shop/available and /iu/shop/top: the shop's products (all, in stock, best sellers)
 * with search, category and type filters kept in the address, as a grid of covers.
 */
import { PackageSearch, SearchX, ShoppingBag } from "lucide-react";
import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";
import {
  FiltersBar,
  ListPaging,
  ListStates,
  pagingTexts,
  SearchInput,
  useUrlState,
} from "../../../components/admin";
import { Button, Container, EmptyState, Field, PageHeader, Select, Skeleton } from "../../../components/ui";
import { AdvertSlot } from "../../adverts/components/AdvertSlot";
import { useOwnedDigital } from "../../library/api";
import { SHOP_PER_PAGE, type ShopView, useProducts, useShopCategories } from "../api";
import { ProductCard } from "../components/ProductCard";
import { ShopNav } from "../components/ShopNav";

const defaults = { q: "", category: "", kind: "", page: "1" };

function viewOf(pathname: string): ShopView {
  if (pathname.endsWith("/available")) return "available";
  if (pathname.endsWith("/top")) return "top";
  return "all";
}

function GridSkeleton() {
  return (
    <div className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4">
      {Array.from({ length: 8 }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
        <div key={i} className="flex flex-col gap-3 rounded-lg border border-border p-4">
          <Skeleton className="aspect-[3/4] w-full" />
          <Skeleton className="h-4 w-3/4" />
          <Skeleton className="h-4 w-1/2" />
        </div>
      ))}
    </div>
  );
}

export default function ShopPage() {
  const { t, i18n } = useTranslation("shop");
  const owned = useOwnedDigital(i18n.language);
  const view = viewOf(useLocation().pathname);
  const [state, update] = useUrlState(defaults);
  const page = Math.max(1, Number(state.page) || 1);
  const categories = useShopCategories();
  const products = useProducts({
    view,
    page,
    q: state.q,
    categoryId: state.category ? Number(state.category) : undefined,
    kind: state.kind,
  });
  const rows = products.data?.data ?? [];
  const total = products.data?.total ?? 0;
  const filtered = state.q !== "" || state.category !== "" || state.kind !== "";
  const clear = (
    <Button variant="secondary" onClick={() => update({ q: "", category: "", kind: "", page: "1" })}>
      {t("list.clear")}
    </Button>
  );
  const empty = filtered ? (
    <EmptyState icon={<SearchX />} title={t("list.noMatch")} text={t("list.noMatchText")} action={clear} />
  ) : view === "top" ? (
    <EmptyState icon={<ShoppingBag />} title={t("list.topEmpty")} text={t("list.topEmptyText")} />
  ) : (
    <EmptyState
      icon={<PackageSearch />}
      title={view === "available" ? t("list.availableEmpty") : t("list.empty")}
      text={t("list.emptyText")}
    />
  );
  return (
    <Container className="py-6 sm:py-8">
      <PageHeader title={t("title")} subtitle={t("subtitle")} />
      <ShopNav className="mb-4" />
      <AdvertSlot placement="shop_top" className="mb-4" />
      <FiltersBar>
        <Field label={t("filters.search")} className="min-w-0 flex-[2]">
          {(control) => (
            <SearchInput
              id={control.id}
              value={state.q}
              onSearch={(q) => update({ q })}
              label={t("filters.search")}
              placeholder={t("filters.searchPlaceholder")}
            />
          )}
        </Field>
        <Field label={t("filters.category")} className="sm:w-56">
          <Select
            value={state.category}
            onChange={(e) => update({ category: e.target.value })}
            options={[
              { value: "", label: t("filters.allCategories") },
              ...(categories.data ?? []).map((c) => ({ value: String(c.id), label: c.name })),
            ]}
          />
        </Field>
        <Field label={t("filters.kind")} className="sm:w-48">
          <Select
            value={state.kind}
            onChange={(e) => update({ kind: e.target.value })}
            options={[
              { value: "", label: t("filters.allKinds") },
              ...["printed_book", "ebook", "enotes"].map((k) => ({ value: k, label: t(`kind.${k}`) })),
            ]}
          />
        </Field>
      </FiltersBar>
      <ListStates
        query={products}
        isEmpty={rows.length === 0}
        loading={<GridSkeleton />}
        loadingLabel={t("list.loading")}
        errorMessage={t("list.loadFailed")}
        retryLabel={t("list.retry")}
        empty={empty}
      >
        <p className="mb-3 text-sm text-fg-muted" aria-live="polite">
          {t("list.count", { count: total })}
        </p>
        <ul
          className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 lg:grid-cols-4"
          aria-busy={products.isFetching || undefined}
        >
          {rows.map((product, index) => (
            <li key={product.id}>
              <ProductCard
                product={product}
                owned={owned.byProduct.has(product.id)}
                rank={view === "top" ? (page - 1) * SHOP_PER_PAGE + index + 1 : undefined}
              />
            </li>
          ))}
        </ul>
        <ListPaging
          className="mt-6"
          page={page}
          total={total}
          perPage={SHOP_PER_PAGE}
          onPageChange={(next) => update({ page: String(next) })}
          texts={pagingTexts(t, "list.")}
        />
      </ListStates>
    </Container>
  );
}
