/**
 * The conversation of a ticket: the opening description, then every message, oldest first. The
 * reader's own side sits on the right, the other side on the left, each with name and time.
 */
import type { TicketAttachment, TicketDetail } from "@aprendo/contract";
import { Headset, User } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Content } from "../../../components/ui";
import { cn } from "../../../lib/cn";
import { dateLanguage, formatDateTime, relativeTime } from "../../../lib/format";
import { AttachmentGallery } from "./AttachmentGallery";

type Bubble = {
  key: string;
  side: "requester" | "staff";
  name: string;
  body: string;
  at: string;
  attachments: TicketAttachment[];
  opening?: boolean;
};

export function TicketThread({
  ticket,
  readerSide,
}: {
  ticket: TicketDetail;
  readerSide: "requester" | "staff";
}) {
  const { t, i18n } = useTranslation("support");
  const language = dateLanguage(i18n.language);
  const bubbles: Bubble[] = [
    {
      key: "opening",
      side: "requester",
      name: ticket.requester.name,
      body: ticket.description,
      at: ticket.created_at,
      attachments: ticket.attachments,
      opening: true,
    },
    ...ticket.messages.map((m) => ({
      key: String(m.id),
      side: m.author.kind,
      name: m.author.name,
      body: m.body,
      at: m.created_at,
      attachments: m.attachments,
    })),
  ];
  return (
    <ol aria-label={t("thread.label")} className="flex flex-col gap-4" data-testid="ticket-thread">
      {bubbles.map((bubble) => {
        const mine = bubble.side === readerSide;
        const Icon = bubble.side === "staff" ? Headset : User;
        const who = mine
          ? t("thread.you")
          : bubble.side === "staff"
            ? t("thread.supportTeam", { name: bubble.name })
            : bubble.name;
        return (
          <li key={bubble.key} className={cn("flex gap-3", mine && "flex-row-reverse")}>
            <span
              aria-hidden="true"
              className={cn(
                "mt-1 flex size-9 shrink-0 items-center justify-center rounded-full",
                bubble.side === "staff" ? "bg-primary text-primary-fg" : "bg-surface-muted text-fg-muted",
              )}
            >
              <Icon className="size-4" />
            </span>
            <article
              className={cn(
                "min-w-0 max-w-[min(40rem,85%)] rounded-lg border px-4 py-3",
                mine ? "border-primary/30 bg-primary-soft" : "border-border bg-surface",
              )}
            >
              <header className="mb-1 flex flex-wrap items-baseline gap-x-2 text-xs text-fg-muted">
                <span className="font-semibold text-fg">{who}</span>
                {bubble.opening && <span>{t("thread.opened")}</span>}
                <time dateTime={bubble.at} title={formatDateTime(bubble.at, language)}>
                  {relativeTime(bubble.at, language)}
                </time>
              </header>
              <Content
                as="p"
                lang={ticket.language}
                className="text-sm leading-relaxed break-words whitespace-pre-wrap text-fg"
              >
                {bubble.body}
              </Content>
              <AttachmentGallery attachments={bubble.attachments} />
            </article>
          </li>
        );
      })}
    </ol>
  );
}
