/**
 * /iu/shop/books/{id}: a product with its cover, description and details; for a printed book the
 * binding (price and stock of each), the quantity (bounded by stock) and Add to cart; for e-books
 * and e-notes Add to cart straight away, or "Owned — read now" (the viewer) once the learner owns it.
 */
import { shopLimits } from "@aprendo/contract";
import {
  ArrowLeft,
  BookOpenText,
  Minus,
  PackageCheck,
  Plus,
  SearchX,
  ShoppingCart,
  Truck,
  Zap,
} from "lucide-react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import {
  Badge,
  Button,
  buttonClasses,
  Card,
  Container,
  EmptyState,
  ErrorState,
  IconButton,
  NumberInput,
  RadioGroup,
  Skeleton,
} from "../../../components/ui";
import { formatMoney, poundsToPence } from "../../../lib/format";
import { ApiError } from "../../../lib/http";
import { addToCart } from "../../../stores/cart";
import { useOwnedDigital } from "../../library/api";
import { useProduct } from "../api";
import { digitalCartItem, maxQuantity, printedCartItem } from "../cart";
import { ProductCover } from "../components/ProductCover";
import { StockBadge } from "../components/StockBadge";

function Loading({ label }: { label: string }) {
  return (
    <div aria-busy="true" className="grid gap-8 md:grid-cols-[minmax(0,20rem)_1fr]">
      <span className="sr-only" role="status">
        {label}
      </span>
      <Skeleton className="aspect-[3/4] w-full" />
      <div className="flex flex-col gap-3">
        <Skeleton className="h-8 w-3/4" />
        <Skeleton className="h-4 w-1/3" />
        <Skeleton className="h-24 w-full" />
      </div>
    </div>
  );
}

export default function ProductPage() {
  const { t, i18n } = useTranslation("shop");
  const { t: tl } = useTranslation("library");
  const owned = useOwnedDigital(i18n.language);
  const id = Number(useParams().id);
  const product = useProduct(Number.isInteger(id) && id > 0 ? id : 0);
  const data = product.data;
  const firstInStock = data?.bindings.find((b) => b.in_stock) ?? data?.bindings[0];
  const [binding, setBinding] = useState<string | null>(null);
  const [quantity, setQuantity] = useState(1);
  useEffect(() => {
    if (firstInStock && binding === null) setBinding(firstInStock.binding);
  }, [firstInStock, binding]);
  const money = (value: number) => formatMoney(poundsToPence(value), i18n.language);
  const chosen = data?.bindings.find((b) => b.binding === binding) ?? firstInStock;
  const max = chosen ? maxQuantity(chosen.stock) : 0;
  useEffect(() => {
    if (max > 0 && quantity > max) setQuantity(max);
  }, [max, quantity]);

  const back = (
    <Link
      to="/iu/shop"
      className="mb-4 inline-flex items-center gap-1.5 rounded-sm text-sm text-fg-muted hover:text-fg focus-ring"
    >
      <ArrowLeft aria-hidden="true" className="size-4" />
      {t("product.back")}
    </Link>
  );

  let body: React.ReactNode;
  if (product.isPending && id > 0) body = <Loading label={t("list.loading")} />;
  else if (!data && (product.error instanceof ApiError || !(id > 0)))
    body = <EmptyState icon={<SearchX />} title={t("product.notFound")} text={t("product.notFoundText")} />;
  else if (!data)
    body = (
      <ErrorState
        message={t("product.loadFailed")}
        retryLabel={t("list.retry")}
        onRetry={() => void product.refetch()}
        retrying={product.isFetching}
      />
    );
  else {
    const printed = data.kind === "printed_book";
    const add = () => {
      if (printed && chosen)
        addToCart(printedCartItem(data, chosen, quantity, t(`binding.${chosen.binding}`)));
      else {
        const item = digitalCartItem(data);
        if (item) addToCart(item);
      }
    };
    const canBuy = printed ? Boolean(chosen?.in_stock) && max > 0 : data.notes_offer_id !== null;
    // A digital product is never sold twice: owned, it opens in the viewer instead.
    const ownedPath = printed
      ? undefined
      : (owned.byProduct.get(data.id) ??
        (data.notes_offer_id !== null ? owned.byOffer.get(data.notes_offer_id) : undefined));
    const facts: Array<[string, string]> = [
      [t("product.format"), t(`kind.${data.kind}`)],
      [t("product.authors"), data.authors],
      ...(data.category ? ([[t("product.category"), data.category.name]] as Array<[string, string]>) : []),
      ...(data.isbn ? ([[t("product.isbn"), data.isbn]] as Array<[string, string]>) : []),
      ...(data.pages ? ([[t("product.pages"), String(data.pages)]] as Array<[string, string]>) : []),
    ];
    body = (
      <div className="grid gap-6 md:grid-cols-[minmax(0,18rem)_1fr] md:gap-10 lg:grid-cols-[minmax(0,20rem)_1fr]">
        <div className="mx-auto w-full max-w-52 md:max-w-none">
          <ProductCover
            title={data.title}
            authors={data.authors}
            color={data.cover_color}
            src={data.image_url}
            kind={data.kind}
            size="lg"
            className="shadow-lg"
          />
        </div>
        <div className="flex min-w-0 flex-col gap-6">
          <header className="flex flex-col gap-2">
            <p className="text-xs font-medium tracking-wide text-primary uppercase">
              {t(`kind.${data.kind}`)}
              {data.category ? ` · ${data.category.name}` : ""}
            </p>
            <h1 className="text-2xl font-semibold text-fg sm:text-3xl">{data.title}</h1>
            <p className="text-fg-muted">{t("card.by", { authors: data.authors })}</p>
          </header>

          <Card className="flex flex-col gap-5 p-5">
            <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
              <span className="text-3xl font-semibold text-fg tabular-nums">
                {money(printed && chosen ? chosen.price : data.price)}
              </span>
              {printed && chosen && chosen.book_binding_discount > 0 && (
                <>
                  <span className="text-sm text-fg-muted line-through">{money(data.list_price)}</span>
                  <Badge tone="success">
                    {t("product.save", { amount: money(chosen.book_binding_discount) })}
                  </Badge>
                </>
              )}
            </div>
            {printed && data.bindings.length > 0 && (
              <RadioGroup
                legend={t("product.binding")}
                name="binding"
                value={chosen?.binding}
                onValueChange={(value) => {
                  setBinding(value);
                  setQuantity(1);
                }}
                options={data.bindings.map((b) => ({
                  value: b.binding,
                  label: (
                    <span className="flex flex-wrap items-center gap-x-3 gap-y-1">
                      <span className="font-medium">{t(`binding.${b.binding}`)}</span>
                      <span className="tabular-nums">{money(b.price)}</span>
                    </span>
                  ),
                  description: b.in_stock ? t("stock.left", { count: b.stock }) : t("stock.out"),
                }))}
              />
            )}
            {printed && (
              <div className="flex flex-col gap-2">
                <span id="quantity-label" className="text-sm font-medium text-fg">
                  {t("product.quantity")}
                </span>
                <div className="flex items-center gap-2">
                  <IconButton
                    variant="secondary"
                    icon={<Minus />}
                    aria-label={t("product.less")}
                    disabled={!canBuy || quantity <= 1}
                    onClick={() => setQuantity(quantity - 1)}
                  />
                  <div className="w-20 shrink-0">
                    <NumberInput
                      aria-labelledby="quantity-label"
                      aria-describedby="quantity-hint"
                      className="text-center"
                      min={1}
                      max={Math.max(1, max)}
                      disabled={!canBuy}
                      value={String(quantity)}
                      onChange={(event) => {
                        const next = Number(event.target.value);
                        if (event.target.value !== "" && next >= 1)
                          setQuantity(Math.min(next, Math.max(1, max)));
                      }}
                    />
                  </div>
                  <IconButton
                    variant="secondary"
                    icon={<Plus />}
                    aria-label={t("product.more")}
                    disabled={!canBuy || quantity >= max}
                    onClick={() => setQuantity(quantity + 1)}
                  />
                  <StockBadge
                    stock={chosen?.stock ?? 0}
                    inStock={Boolean(chosen?.in_stock)}
                    className="ml-2"
                  />
                </div>
                {canBuy && (
                  <p id="quantity-hint" className="text-xs text-fg-muted">
                    {t("product.maxQuantity", { count: max })}
                  </p>
                )}
              </div>
            )}
            {ownedPath ? (
              <Link
                to={ownedPath}
                className={buttonClasses({ size: "lg", className: "w-full sm:w-auto sm:self-start" })}
              >
                <BookOpenText aria-hidden="true" className="size-4" />
                {tl("owned")}
              </Link>
            ) : (
              <Button size="lg" onClick={add} disabled={!canBuy} className="w-full sm:w-auto sm:self-start">
                <ShoppingCart aria-hidden="true" className="size-4" />
                {canBuy ? t("product.addToCart") : t("product.outOfStock")}
              </Button>
            )}
            <div className="flex items-start gap-3 border-t border-border pt-4 text-sm text-fg-muted">
              {printed ? (
                <Truck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
              ) : (
                <Zap aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
              )}
              <div>
                <p className="font-medium text-fg">
                  {printed ? t("product.shippingTitle") : t("stock.digital")}
                </p>
                <p>
                  {printed
                    ? t("product.shippingText", {
                        first: money(shopLimits.shippingFirstPence / 100),
                        each: money(shopLimits.shippingEachPence / 100),
                      })
                    : t("product.digitalText")}
                </p>
              </div>
            </div>
          </Card>

          {data.description && (
            <section className="flex flex-col gap-2">
              <h2 className="text-xl font-semibold text-fg">{t("product.description")}</h2>
              <p className="whitespace-pre-line text-fg-muted">{data.description}</p>
            </section>
          )}
          <section className="flex flex-col gap-2">
            <h2 className="flex items-center gap-2 text-xl font-semibold text-fg">
              <PackageCheck aria-hidden="true" className="size-5 text-fg-muted" />
              {t("product.details")}
            </h2>
            <dl className="grid grid-cols-[max-content_1fr] gap-x-6 gap-y-2 text-sm">
              {facts.map(([label, value]) => (
                <div key={label} className="contents">
                  <dt className="text-fg-muted">{label}</dt>
                  <dd className="text-fg">{value}</dd>
                </div>
              ))}
            </dl>
          </section>
        </div>
      </div>
    );
  }
  return (
    <Container className="py-6 sm:py-8">
      {back}
      {body}
    </Container>
  );
}
