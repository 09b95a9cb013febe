/** /iu/sponsor (Sponsor Education): sponsor a learner by amount or with a title; what I gave and received, and my credit. */
import { Gift, HandHeart } from "lucide-react";
import { useTranslation } from "react-i18next";
import { ListStates } from "../../../components/admin";
import {
  Badge,
  Card,
  Container,
  EmptyState,
  PageHeader,
  Skeleton,
  Tabs,
  TabsContent,
  TabsList,
  TabsTrigger,
} from "../../../components/ui";
import { dateLanguage, formatDate, formatMoney, poundsToPence } from "../../../lib/format";
import { showSuccess } from "../../../lib/toast";
import { useCart } from "../../../stores/cart";
import { type SponsorshipItem, useMySponsorships } from "../api";
import { SponsorForm } from "../components/SponsorForm";

function SponsorshipRow({ item, side }: { item: SponsorshipItem; side: "given" | "received" }) {
  const { t, i18n } = useTranslation("commerce");
  const who =
    side === "given"
      ? item.recipient.username
      : (item.sponsor.username ?? item.sponsor.email ?? t("sponsor.anonymous"));
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
      <div className="min-w-0">
        <p className="font-medium text-fg">
          {side === "given" ? t("sponsor.to", { who }) : t("sponsor.from", { who })}
        </p>
        <p className="text-sm text-fg-muted">
          {item.course ? item.course.title : t("sponsor.credit")} ·{" "}
          {formatDate(item.paid_at ?? item.created_at, dateLanguage(i18n.language))}
        </p>
        {item.message && <p className="mt-1 text-sm text-fg italic">“{item.message}”</p>}
      </div>
      <div className="flex items-center gap-2">
        <Badge tone={item.status === "paid" ? "success" : item.status === "refunded" ? "danger" : "neutral"}>
          {t(`sponsor.status.${item.status}`)}
        </Badge>
        <span className="font-semibold text-fg tabular-nums">
          {formatMoney(poundsToPence(item.amount), i18n.language)}
        </span>
      </div>
    </li>
  );
}

export default function SponsorPage() {
  const { t, i18n } = useTranslation("commerce");
  const add = useCart((s) => s.add);
  const mine = useMySponsorships();
  const given = (mine.data?.given ?? []).filter((s) => s.status !== "draft");
  const received = mine.data?.received ?? [];
  return (
    <Container className="py-6 sm:py-8">
      <PageHeader title={t("sponsor.title")} subtitle={t("sponsor.subtitle")} />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <Card className="p-4 sm:p-6">
          <SponsorForm
            submitLabel={t("sponsor.addToCart")}
            onDraft={(draft) => {
              add({ ...draft.cart_item });
              showSuccess(t("sponsor.added", { username: draft.recipient.username }));
            }}
          />
        </Card>
        <aside className="flex flex-col gap-4">
          <Card className="flex flex-row items-center gap-4 p-4 sm:p-6">
            <span className="flex size-12 items-center justify-center rounded-full bg-accent-soft text-accent">
              <Gift aria-hidden="true" className="size-6" />
            </span>
            <div>
              <p className="text-sm text-fg-muted">{t("sponsor.balance")}</p>
              {mine.isPending ? (
                <Skeleton className="h-7 w-20" />
              ) : (
                <p className="text-2xl font-semibold text-fg tabular-nums">
                  {formatMoney(poundsToPence(mine.data?.credit_balance ?? 0), i18n.language)}
                </p>
              )}
              <p className="text-xs text-fg-muted">{t("sponsor.balanceHint")}</p>
            </div>
          </Card>
        </aside>
      </div>
      <section className="mt-8" aria-labelledby="my-sponsorships">
        <h2 id="my-sponsorships" className="mb-3 text-xl font-semibold text-fg">
          {t("sponsor.mine")}
        </h2>
        <Tabs defaultValue="given">
          <TabsList>
            <TabsTrigger value="given">{t("sponsor.given", { count: given.length })}</TabsTrigger>
            <TabsTrigger value="received">{t("sponsor.received", { count: received.length })}</TabsTrigger>
          </TabsList>
          {(["given", "received"] as const).map((side) => {
            const list = side === "given" ? given : received;
            return (
              <TabsContent key={side} value={side} className="mt-4">
                <ListStates
                  query={mine}
                  isEmpty={list.length === 0}
                  loadingLabel={t("loading")}
                  loading={<Skeleton className="h-32 w-full" />}
                  errorMessage={t("loadFailed")}
                  retryLabel={t("retry")}
                  empty={
                    <EmptyState
                      icon={<HandHeart />}
                      title={t(`sponsor.empty.${side}`)}
                      text={t(`sponsor.emptyText.${side}`)}
                    />
                  }
                >
                  <Card asChild>
                    <ul className="divide-y divide-border">
                      {list.map((item) => (
                        <SponsorshipRow key={item.id} item={item} side={side} />
                      ))}
                    </ul>
                  </Card>
                </ListStates>
              </TabsContent>
            );
          })}
        </Tabs>
      </section>
    </Container>
  );
}
