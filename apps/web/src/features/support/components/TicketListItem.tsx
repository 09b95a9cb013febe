import type { TicketSummary } from "@aprendo/contract";
import { MessageSquare } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Content, Translated } from "../../../components/ui";
import { cn } from "../../../lib/cn";
import { dateLanguage, relativeTime } from "../../../lib/format";
import { StatusBadge } from "./StatusBadge";

/** A ticket in the learner's list: subject, state, the start of the description and the last activity. */
export function TicketListItem({
  ticket,
  to,
  selected,
}: {
  ticket: TicketSummary;
  to: string;
  selected: boolean;
}) {
  const { t, i18n } = useTranslation("support");
  return (
    <Link
      to={to}
      aria-current={selected ? "page" : undefined}
      className={cn(
        "flex flex-col gap-1.5 rounded-lg border px-4 py-3 transition-colors duration-150 focus-ring",
        selected ? "border-primary bg-primary-soft" : "border-border bg-surface hover:bg-surface-muted",
      )}
      data-testid="ticket-list-item"
    >
      <span className="flex items-center justify-between gap-2">
        <span className="font-mono text-xs text-fg-muted tabular-nums">{ticket.reference}</span>
        <StatusBadge status={ticket.status} />
      </span>
      <Translated text={ticket.subject.title} className="truncate font-medium text-fg" />
      <Content lang={ticket.language} className="line-clamp-2 text-sm text-fg-muted">
        {ticket.excerpt}
      </Content>
      <span className="flex items-center justify-between gap-2 text-xs text-fg-muted">
        <time dateTime={ticket.last_activity_at}>
          {relativeTime(ticket.last_activity_at, dateLanguage(i18n.language))}
        </time>
        <span className="inline-flex items-center gap-1">
          <MessageSquare aria-hidden="true" className="size-3.5" />
          <span className="sr-only">{t("list.messages", { count: ticket.messages_count })}</span>
          <span aria-hidden="true">{ticket.messages_count}</span>
        </span>
      </span>
    </Link>
  );
}
