/**
 * /af/outbox: every mail and SMS with its delivery status (queued, sent, failed with the reason),
 * attempts and times, for platform configuration managers; a failed one can be sent again once the
 * mail server or SMS provider is fixed. Bodies (links, codes) are never shown.
 */
import type { OutboxDelivery } from "@aprendo/contract";
import { MailCheck, RotateCw, SearchX } from "lucide-react";
import { useTranslation } from "react-i18next";
import {
  AdminTable,
  FiltersBar,
  listTexts,
  pagingTexts,
  SearchInput,
  urlPaging,
  urlSort,
  useUrlState,
} from "../../../components/admin";
import {
  Badge,
  type BadgeTone,
  Button,
  Container,
  EmptyState,
  Field,
  PageHeader,
  Select,
  TableCell,
} from "../../../components/ui";
import { dateLanguage, formatDateTime } from "../../../lib/format";
import { showError, showSuccess } from "../../../lib/toast";
import { perPage, useOutbox, useRetryDelivery } from "../api";

const defaults = { status: "all", channel: "all", search: "", page: "1", sort: "" };
const statusTone: Record<OutboxDelivery["status"], BadgeTone> = {
  queued: "warning",
  sent: "success",
  failed: "danger",
};

export default function OutboxPage() {
  const { t, i18n } = useTranslation("messaging");
  const language = dateLanguage(i18n.language);
  const [state, update] = useUrlState(defaults);
  const page = Math.max(1, Number(state.page) || 1);
  const list = useOutbox({
    status: state.status,
    channel: state.channel,
    search: state.search,
    sort: state.sort,
    page,
  });
  const retry = useRetryDelivery();
  const rows = list.data?.data ?? [];
  const counts = list.data?.counts;
  const filtered = state.status !== "all" || state.channel !== "all" || state.search !== "";

  const statusBadge = (row: OutboxDelivery) => (
    <Badge tone={statusTone[row.status]}>{t(`status.${row.status}`)}</Badge>
  );
  /** How delivery went, in a line: when it went out, or the last attempt and why it failed. */
  const outcome = (row: OutboxDelivery) => (
    <span className="flex flex-col gap-0.5 text-xs text-fg-muted">
      {row.delivered_at && row.driver && (
        <span>
          {t("deliveredAt", {
            when: formatDateTime(row.delivered_at, language),
            driver: t(`driver.${row.driver}`, { defaultValue: row.driver }),
          })}
        </span>
      )}
      {row.status !== "sent" && row.last_attempt_at && (
        <span>{t("lastAttempt", { when: formatDateTime(row.last_attempt_at, language) })}</span>
      )}
      {row.status !== "sent" && row.last_error && (
        <span className="break-words text-danger">{row.last_error}</span>
      )}
    </span>
  );
  const sendAgain = (row: OutboxDelivery) =>
    row.status === "failed" ? (
      <Button
        size="sm"
        variant="secondary"
        disabled={retry.isPending}
        onClick={() =>
          retry.mutate(row.id, { onSuccess: (r) => showSuccess(r.message), onError: (e) => showError(e) })
        }
      >
        <RotateCw aria-hidden className="size-4" />
        {t("sendAgain")}
      </Button>
    ) : null;

  return (
    <Container className="py-6 sm:py-8">
      <PageHeader title={t("title")} subtitle={t("subtitle")} />
      {counts && (
        <p className="mb-3 flex flex-wrap gap-2" aria-live="polite">
          <Badge tone={counts.queued > 0 ? "warning" : "neutral"}>
            {t("queuedCount", { count: counts.queued })}
          </Badge>
          <Badge tone={counts.failed > 0 ? "danger" : "neutral"}>
            {t("failedCount", { count: counts.failed })}
          </Badge>
        </p>
      )}
      <FiltersBar>
        <Field label={t("search")} className="min-w-0 flex-[2]">
          {(control) => (
            <SearchInput
              id={control.id}
              value={state.search}
              onSearch={(search) => update({ search })}
              label={t("search")}
              placeholder={t("searchPlaceholder")}
            />
          )}
        </Field>
        <Field label={t("statusLabel")} className="sm:w-40">
          <Select
            value={state.status}
            onChange={(e) => update({ status: e.target.value })}
            options={["all", "queued", "sent", "failed"].map((s) => ({
              value: s,
              label: s === "all" ? t("any") : t(`status.${s}`),
            }))}
          />
        </Field>
        <Field label={t("channelLabel")} className="sm:w-40">
          <Select
            value={state.channel}
            onChange={(e) => update({ channel: e.target.value })}
            options={["all", "mail", "sms"].map((c) => ({
              value: c,
              label: c === "all" ? t("any") : t(`channel.${c}`),
            }))}
          />
        </Field>
      </FiltersBar>
      <AdminTable
        caption={t("title")}
        query={list}
        rows={rows}
        rowKey={(row) => row.id}
        testId="outbox"
        cardsBelow="md"
        sort={urlSort(state, update)}
        columns={[
          { header: t("columns.recipient"), sortKey: "recipient" },
          { header: t("columns.subject"), sortKey: "subject" },
          { header: t("columns.status"), sortKey: "status" },
          { header: t("columns.attempts"), align: "right", sortKey: "attempts" },
          { header: t("columns.when"), sortKey: "created_at" },
        ]}
        cells={(row) => (
          <>
            <TableCell className="align-top">
              <span className="flex flex-col">
                <span className="break-all text-fg">{row.recipient}</span>
                <span className="text-xs text-fg-muted">{t(`channel.${row.channel}`)}</span>
              </span>
            </TableCell>
            <TableCell className="align-top text-fg">{row.subject || "—"}</TableCell>
            <TableCell className="align-top">
              <span className="flex flex-col items-start gap-1">
                {statusBadge(row)}
                {outcome(row)}
              </span>
            </TableCell>
            <TableCell align="right" className="align-top tabular-nums">
              {row.attempts}
            </TableCell>
            <TableCell className="whitespace-nowrap align-top text-fg-muted">
              {formatDateTime(row.created_at, language)}
            </TableCell>
          </>
        )}
        rowActions={sendAgain}
        card={(row) => (
          <div className="flex flex-col gap-2">
            <span className="flex flex-wrap items-center justify-between gap-2">
              <span className="break-all font-medium text-fg">{row.recipient}</span>
              {statusBadge(row)}
            </span>
            <span className="text-sm text-fg">
              {t(`channel.${row.channel}`)}
              {row.subject ? ` · ${row.subject}` : ""}
            </span>
            <span className="text-xs text-fg-muted">
              {formatDateTime(row.created_at, language)} · {t("attempts", { count: row.attempts })}
            </span>
            {outcome(row)}
            {sendAgain(row)}
          </div>
        )}
        empty={
          <EmptyState
            icon={filtered ? <SearchX /> : <MailCheck />}
            title={filtered ? t("noMatch") : t("empty")}
            text={filtered ? undefined : t("emptyText")}
          />
        }
        texts={listTexts(t)}
        paging={urlPaging(state, update, list.data?.total, perPage, pagingTexts(t))}
      />
    </Container>
  );
}
