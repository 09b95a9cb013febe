/**
 * One ticket as its requester or an administrator sees it: reference, subject and state, where it
 * came from, the thread, and the reply box. The requester marks it resolved or reopens it here;
 * the desk adds its own actions (`actions`) and details (`aside`).
 */
import type { TicketDetail } from "@aprendo/contract";
import { CircleCheck, RotateCcw } from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Button, Card, Translated } from "../../../components/ui";
import { dateLanguage, formatDateTime } from "../../../lib/format";
import { showError, showSuccess } from "../../../lib/toast";
import { type TicketViewer, useTicketAction } from "../api";
import { MergedBanner } from "../helpdesk/MergedBanner";
import { formatVideoTime } from "../logic";
import { ReplyForm } from "./ReplyForm";
import { StatusBadge } from "./StatusBadge";
import { TicketThread } from "./TicketThread";

export type TicketViewProps = {
  ticket: TicketDetail;
  viewer: TicketViewer;
  /** Extra buttons beside resolve/reopen (claim, hand over). */
  actions?: ReactNode;
  /** Above the thread: a banner about who handles the ticket. */
  notice?: ReactNode;
  /** The heading level of the ticket's title (h1 on its own page, h2 beside a list). */
  headingLevel?: 1 | 2;
};

export function TicketView({ ticket, viewer, actions, notice, headingLevel = 1 }: TicketViewProps) {
  const { t, i18n } = useTranslation("support");
  const language = dateLanguage(i18n.language);
  const action = useTicketAction(viewer, ticket.id);
  const Heading = headingLevel === 1 ? "h1" : "h2";
  const staff = viewer.kind === "staff";

  const run = async (name: "resolve" | "reopen") => {
    try {
      const answer = await action.mutateAsync(name);
      if (answer.message) showSuccess(answer.message);
    } catch (error) {
      showError(error);
    }
  };

  const replyNote =
    ticket.status === "resolved"
      ? staff
        ? t("reply.reopensStaff")
        : t("reply.reopens")
      : staff && ticket.status === "unclaimed"
        ? t("reply.claims")
        : undefined;

  return (
    <div className="flex flex-col gap-6" data-testid="ticket-view">
      <Card className="gap-4 p-5 sm:p-6">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
          <div className="flex min-w-0 flex-col gap-1">
            <p className="flex flex-wrap items-center gap-2 text-sm text-fg-muted">
              <span className="font-mono font-medium tabular-nums">{ticket.reference}</span>
              <StatusBadge status={ticket.status} />
            </p>
            <Heading className="text-xl font-semibold tracking-tight text-fg sm:text-2xl">
              <Translated text={ticket.subject.title} />
            </Heading>
          </div>
          <div className="flex shrink-0 flex-wrap gap-2">
            {actions}
            {ticket.abilities.resolve && (
              <Button
                variant={staff ? "primary" : "secondary"}
                onClick={() => void run("resolve")}
                loading={action.isPending && action.variables === "resolve"}
                data-testid="resolve-ticket"
              >
                <CircleCheck aria-hidden="true" className="size-4" />
                {staff ? t("actions.resolve") : t("actions.markResolved")}
              </Button>
            )}
            {ticket.abilities.reopen && (
              <Button
                variant="secondary"
                onClick={() => void run("reopen")}
                loading={action.isPending && action.variables === "reopen"}
              >
                <RotateCcw aria-hidden="true" className="size-4" />
                {t("actions.reopen")}
              </Button>
            )}
          </div>
        </div>
        <dl className="grid grid-cols-1 gap-x-6 gap-y-2 border-t border-border pt-4 text-sm sm:grid-cols-2 lg:grid-cols-4">
          <div>
            <dt className="text-fg-muted">{t("meta.opened")}</dt>
            <dd className="text-fg">{formatDateTime(ticket.created_at, language)}</dd>
          </div>
          <div>
            <dt className="text-fg-muted">{t("meta.lastActivity")}</dt>
            <dd className="text-fg">{formatDateTime(ticket.last_activity_at, language)}</dd>
          </div>
          <div>
            <dt className="text-fg-muted">{t("meta.handledBy")}</dt>
            <dd className="text-fg">{ticket.claimed_by?.name ?? t("meta.nobodyYet")}</dd>
          </div>
          {staff && (
            <div>
              <dt className="text-fg-muted">{t("meta.requester")}</dt>
              <dd className="break-words text-fg">
                {ticket.requester.name}
                {ticket.requester.email && ticket.requester.email !== ticket.requester.name && (
                  <span className="block text-fg-muted">{ticket.requester.email}</span>
                )}
                <span className="block text-xs text-fg-muted">
                  {t(`meta.requesterKind.${ticket.requester.kind}`)}
                </span>
              </dd>
            </div>
          )}
          {ticket.lecture_id !== null && (
            <div className="sm:col-span-2">
              <dt className="text-fg-muted">{t("meta.fromLecture")}</dt>
              <dd className="text-fg" data-testid="ticket-lecture">
                {t("meta.lectureRef", { course: ticket.course_id, lecture: ticket.lecture_id })}
                {ticket.video_time !== null &&
                  ` · ${t("meta.videoAt", { time: formatVideoTime(ticket.video_time) })}`}
              </dd>
            </div>
          )}
        </dl>
      </Card>
      {ticket.merged_into && <MergedBanner ticket={ticket} viewer={viewer} />}
      {notice}
      <section aria-labelledby={`thread-${ticket.id}`} className="flex flex-col gap-4">
        <h2 id={`thread-${ticket.id}`} className="sr-only">
          {t("thread.label")}
        </h2>
        <TicketThread ticket={ticket} readerSide={staff ? "staff" : "requester"} />
      </section>
      {ticket.abilities.reply ? (
        <ReplyForm
          viewer={viewer}
          ticketId={ticket.id}
          note={replyNote}
          cannedLanguage={staff ? ticket.desk?.language : undefined}
        />
      ) : (
        <p className="rounded-lg border border-dashed border-border-strong px-4 py-3 text-sm text-fg-muted">
          {staff ? t("reply.notYours") : t("reply.closed")}
        </p>
      )}
    </div>
  );
}
