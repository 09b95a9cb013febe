/**
 * /af/pending-approval-requests (isUserManager): photos and identity documents waiting for a decision,
 * one at a time in a review pane that shows the document inline. Keys: J / K next and previous, A
 * approve (once the document is shown), R reject with a reason. Every opening is logged and audited.
 */
import { IdCard, Image as ImageIcon, Inbox } from "lucide-react";
import { useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { EmptyState, ErrorState, PageHeader, Skeleton } from "../../../components/ui";
import { cn } from "../../../lib/cn";
import { usePendingReviews } from "../api";
import { ReviewPane, type ReviewPaneHandle } from "../components/ReviewPane";
import { nextSelection, queueOf, shortcutOf } from "../logic";

export default function ApprovalsPage() {
  const { t } = useTranslation("approvals");
  const list = usePendingReviews();
  const items = useMemo(() => queueOf(list.data?.data ?? []), [list.data]);
  const [selected, setSelected] = useState<string | null>(null);
  const lastIndex = useRef(0);
  const pane = useRef<ReviewPaneHandle>(null);

  const index = items.findIndex((i) => i.id === selected);
  if (index >= 0) lastIndex.current = index;
  const current = index >= 0 ? items[index]! : null;
  // The first entry at the start, and the one that takes a decided entry's place afterwards.
  useEffect(() => {
    const next = nextSelection(items, selected, lastIndex.current);
    if (next !== selected) setSelected(next);
  }, [items, selected]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const shortcut = shortcutOf(event);
      if (!shortcut || items.length === 0) return;
      event.preventDefault();
      const at = Math.max(
        0,
        items.findIndex((i) => i.id === selected),
      );
      if (shortcut === "next") setSelected(items[Math.min(at + 1, items.length - 1)]!.id);
      else if (shortcut === "previous") setSelected(items[Math.max(at - 1, 0)]!.id);
      else if (shortcut === "approve") pane.current?.approve();
      else pane.current?.reject();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [items, selected]);

  return (
    <div className="mx-auto flex w-full max-w-page flex-col gap-4 px-4 py-6 sm:px-6 sm:py-8 lg:px-8">
      <PageHeader title={t("title")} subtitle={t("subtitle")} className="pb-0" />
      <Shortcuts />
      {list.isPending ? (
        <div className="grid gap-4 lg:grid-cols-[18rem_minmax(0,1fr)]">
          <Skeleton className="h-64 w-full" />
          <Skeleton className="h-96 w-full" />
        </div>
      ) : list.isError ? (
        <ErrorState
          message={t("loadFailed")}
          retryLabel={t("retry")}
          onRetry={() => void list.refetch()}
          retrying={list.isFetching}
        />
      ) : items.length === 0 ? (
        <EmptyState icon={<Inbox />} title={t("empty")} text={t("emptyText")} />
      ) : (
        <div className="grid items-start gap-4 lg:grid-cols-[18rem_minmax(0,1fr)]">
          <nav aria-label={t("queue", { count: items.length })}>
            <p className="mb-2 text-sm font-medium text-fg-muted">{t("queue", { count: items.length })}</p>
            <ul className="flex max-h-48 flex-col gap-1 overflow-y-auto rounded-md border border-border bg-surface p-1 lg:max-h-[70vh]">
              {items.map((item) => {
                const Icon = item.kind === "photo" ? ImageIcon : IdCard;
                const active = item.id === selected;
                return (
                  <li key={item.id}>
                    <button
                      type="button"
                      onClick={() => setSelected(item.id)}
                      aria-current={active ? "true" : undefined}
                      className={cn(
                        "flex w-full items-center gap-3 rounded-sm px-3 py-2 text-left focus-ring",
                        active ? "bg-primary-soft text-fg" : "hover:bg-surface-muted",
                      )}
                    >
                      <Icon aria-hidden="true" className="size-4 shrink-0 text-fg-muted" />
                      <span className="min-w-0 flex-1">
                        <span className="block truncate text-sm font-medium">
                          {item.review.name || item.review.username}
                        </span>
                        <span className="block truncate text-xs text-fg-muted">
                          {t(`kind.${item.kind}`)} · @{item.review.username}
                        </span>
                      </span>
                    </button>
                  </li>
                );
              })}
            </ul>
          </nav>
          {current && <ReviewPane key={current.id} ref={pane} item={current} onDecided={() => undefined} />}
        </div>
      )}
    </div>
  );
}

function Shortcuts() {
  const { t } = useTranslation("approvals");
  const keys = [
    ["J", t("keys.next")],
    ["K", t("keys.previous")],
    ["A", t("keys.approve")],
    ["R", t("keys.reject")],
  ] as const;
  return (
    <section
      aria-label={t("keys.title")}
      className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm text-fg-muted"
    >
      <span className="font-medium">{t("keys.title")}</span>
      {keys.map(([key, text]) => (
        <span key={key} className="inline-flex items-center gap-1.5">
          <kbd className="min-w-6 rounded-sm border border-border bg-surface px-1.5 py-0.5 text-center font-mono text-xs text-fg shadow-xs">
            {key}
          </kbd>
          {text}
        </span>
      ))}
    </section>
  );
}
