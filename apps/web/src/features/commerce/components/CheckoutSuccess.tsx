/**
 * After paying: what was bought and unlocked, with the way to it (a title's page; an e-book's viewer,
 * "Read now") and to the purchase history.
 */
import type { CheckoutResult } from "@aprendo/contract";
import { useQueryClient } from "@tanstack/react-query";
import { ArrowRight, BookOpenText, CircleCheckBig } from "lucide-react";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Button, Card, Quoting } from "../../../components/ui";
import { formatMoney, poundsToPence } from "../../../lib/format";
import { libraryKeys, useOwnedDigital } from "../../library/api";
import { grantedLink, orderLabel } from "../logic";
import { TransactionId } from "./TransactionId";

export function CheckoutSuccess({ result, guest = false }: { result: CheckoutResult; guest?: boolean }) {
  const { t, i18n } = useTranslation("commerce");
  const heading = useRef<HTMLHeadingElement>(null);
  const client = useQueryClient();
  const owned = useOwnedDigital(i18n.language);
  // What was just bought is in the library now: "Read now" and "Owned" read it afresh.
  useEffect(() => {
    void client.invalidateQueries({ queryKey: libraryKeys.all });
  }, [client]);
  useEffect(() => {
    heading.current?.focus();
    window.scrollTo({ top: 0 });
  }, []);
  const sponsored = result.granted.filter((item) => item.type === "sponsorship");
  const unlocked = result.granted.filter((item) => item.type !== "sponsorship");
  const items = (list: CheckoutResult["granted"]) => (
    <ul className="flex flex-col divide-y divide-border rounded-lg border border-border">
      {list.map((item) => {
        const digital = item.type === "ebook";
        const link = guest
          ? null
          : digital
            ? (owned.byOffer.get(item.id) ?? "/iu/library")
            : grantedLink(item);
        return (
          <li key={`${item.type}-${item.id}`} className="flex items-center justify-between gap-3 px-4 py-3">
            <span className="min-w-0">
              <Quoting
                text={item.name}
                quote={item.name_title}
                lang={item.name_lang}
                className="block truncate font-medium text-fg"
              />
              <span className="text-xs text-fg-muted">
                {item.type === "sponsorship" ? t("success.sponsoredNote") : t(`types.${item.type}`)}
              </span>
            </span>
            {link && (
              <Button asChild size="sm" variant={digital ? "primary" : "secondary"}>
                <Link to={link}>
                  {digital && <BookOpenText aria-hidden="true" className="size-4" />}
                  {digital ? t("success.readNow") : t("success.open")}
                  {!digital && <ArrowRight aria-hidden="true" className="size-4" />}
                </Link>
              </Button>
            )}
          </li>
        );
      })}
    </ul>
  );
  return (
    <Card className="mx-auto flex w-full max-w-2xl flex-col gap-6 p-6 sm:p-8" data-testid="checkout-success">
      <div className="flex flex-col items-center gap-3 text-center">
        <span className="flex size-14 items-center justify-center rounded-full bg-success-soft text-success">
          <CircleCheckBig aria-hidden="true" className="size-8" />
        </span>
        <h1 ref={heading} tabIndex={-1} className="text-2xl font-semibold text-fg outline-none">
          {t("success.title")}
        </h1>
        <p className="text-fg-muted" role="status">
          {result.message}
        </p>
      </div>
      <dl className="grid grid-cols-1 gap-3 rounded-lg border border-border bg-surface-muted p-4 text-sm sm:grid-cols-3">
        <div>
          <dt className="text-fg-muted">{t("success.order")}</dt>
          <dd className="font-semibold text-fg" data-testid="order-number">
            {orderLabel({ number: result.order_number, id: result.order_id })}
          </dd>
        </div>
        <div>
          <dt className="text-fg-muted">{t("success.paid")}</dt>
          <dd className="font-semibold text-fg tabular-nums">
            {formatMoney(poundsToPence(result.total), i18n.language)}
          </dd>
        </div>
        {result.transaction_id && (
          <div className="min-w-0">
            <dt className="text-fg-muted">{t("success.transaction")}</dt>
            <dd>
              <TransactionId id={result.transaction_id} />
            </dd>
          </div>
        )}
      </dl>
      {unlocked.length > 0 && (
        <section className="flex flex-col gap-2">
          <h2 className="text-base font-semibold text-fg">{t("success.unlocked")}</h2>
          {items(unlocked)}
        </section>
      )}
      {sponsored.length > 0 && (
        // Given to someone else: never "unlocked for you".
        <section className="flex flex-col gap-2">
          <h2 className="text-base font-semibold text-fg">
            {t("success.sponsoredTitle", { count: sponsored.length })}
          </h2>
          {items(sponsored)}
        </section>
      )}
      {!guest && (
        <div className="flex flex-col gap-2 sm:flex-row sm:justify-center">
          <Button asChild variant="secondary">
            <Link to="/iu/profile/history">{t("success.history")}</Link>
          </Button>
          <Button asChild>
            <Link to="/iu/courses/enrolled">{t("success.myCourses")}</Link>
          </Button>
        </div>
      )}
    </Card>
  );
}
