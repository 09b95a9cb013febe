/** A product in the shop grid: cover, type, title, authors, price and stock (or "Owned" for a digital one the learner has). */
import type { ProductCard as Product } from "@aprendo/contract";
import { BookOpenText } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Badge, Card } from "../../../components/ui";
import { formatMoney, poundsToPence } from "../../../lib/format";
import { ProductCover } from "./ProductCover";
import { StockBadge } from "./StockBadge";

export function ProductCard({
  product,
  rank,
  owned = false,
}: {
  product: Product;
  rank?: number;
  owned?: boolean;
}) {
  const { t, i18n } = useTranslation("shop");
  const price = formatMoney(poundsToPence(product.price), i18n.language);
  return (
    <Card asChild interactive className="group relative h-full overflow-hidden">
      <article>
        <div className="relative bg-surface-muted p-4 pb-0 sm:p-5 sm:pb-0">
          <ProductCover
            title={product.title}
            authors={product.authors}
            color={product.cover_color}
            src={product.image_url}
            kind={product.kind}
            className="mx-auto max-w-44 translate-y-2 transition-transform duration-200 group-hover:translate-y-0"
          />
          {rank !== undefined && (
            <span className="absolute top-3 left-3 flex size-9 items-center justify-center rounded-full bg-surface text-sm font-semibold text-fg shadow-md">
              <span className="sr-only">{t("card.rank")}</span>
              {rank}
            </span>
          )}
        </div>
        <div className="flex flex-1 flex-col gap-1.5 border-t border-border p-4">
          <p className="text-xs font-medium tracking-wide text-primary uppercase">
            {t(`kind.${product.kind}`)}
            {product.category ? ` · ${product.category.name}` : ""}
          </p>
          {/* h2: the cards follow the page's h1 directly (heading order). */}
          <h2 className="text-base font-semibold text-fg">
            <Link
              to={`/iu/shop/books/${product.id}`}
              className="line-clamp-2 after:absolute after:inset-0 after:z-10 focus-visible:outline-none focus-visible:after:rounded-lg focus-visible:after:outline-2 focus-visible:after:outline-ring"
            >
              {product.title}
            </Link>
          </h2>
          <p className="line-clamp-1 text-sm text-fg-muted">{t("card.by", { authors: product.authors })}</p>
          <div className="mt-auto flex flex-wrap items-center justify-between gap-2 pt-2">
            <span className="text-base font-semibold text-fg tabular-nums">
              {product.kind === "printed_book" ? t("card.from", { price }) : price}
            </span>
            {owned ? (
              <Badge tone="success">
                <BookOpenText aria-hidden="true" />
                {t("card.owned")}
              </Badge>
            ) : (
              <StockBadge stock={product.stock} inStock={product.in_stock} />
            )}
          </div>
        </div>
      </article>
    </Card>
  );
}
