/**
 * The ticket desk (spec section 2): the filters All, Resolved, In Progress and Unclaimed as tabs with
 * their counts, search, subject and sort in a bar, a dense table, paging, and claiming from the row.
 * `mine` lists the tickets the administrator handles (tickets/me).
 */
import {
  type DeskTicketFilter,
  deskTicketFilters,
  deskTicketSorts,
  ticketPriorities,
} from "@aprendo/contract";
import { Hand, Inbox, SearchX } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { FiltersBar, ListStates, SearchInput, useUrlState } from "../../../components/admin";
import {
  Badge,
  Button,
  Content,
  EmptyState,
  Field,
  Pagination,
  Select,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeaderCell,
  TableRow,
  Tabs,
  TabsContent,
  TabsList,
  TabsTrigger,
  Translated,
} from "../../../components/ui";
import { cn } from "../../../lib/cn";
import { dateLanguage, formatDateTime, relativeTime } from "../../../lib/format";
import { showError, showSuccess } from "../../../lib/toast";
import { deskPerPage, useClaim, useDeskTickets, useTicketSubjects } from "../api";
import { BulkBar } from "../helpdesk/BulkBar";
import { ResponseTimesCell } from "../helpdesk/ResponseTimes";
import { PriorityBadge, TagList } from "../helpdesk/TriagePanel";
import { useTagsInUse } from "../helpdesk-api";
import { inLanguage, pageCount } from "../logic";
import { StatusBadge } from "./StatusBadge";

const defaults = {
  filter: "all",
  search: "",
  sort: "newest",
  subject: "",
  priority: "",
  tag: "",
  assignee: "",
  page: "1",
};
/**
 * From 768 px (the table, not the phone cards) up to 1024 px the requester and the last activity
 * give way, so state, handler, times and actions fit without scrolling sideways; the ticket page has both.
 */
const tabletHidden = "md:max-lg:hidden";
/** The order of spec section 2. */
const tabOrder: DeskTicketFilter[] = ["all", "resolved", "in_progress", "unclaimed"];

export function DeskTicketList({ mine }: { mine: boolean }) {
  const { t, i18n } = useTranslation("support");
  const language = dateLanguage(i18n.language);
  const [state, update] = useUrlState(defaults);
  const filter = (deskTicketFilters as readonly string[]).includes(state.filter)
    ? (state.filter as DeskTicketFilter)
    : "all";
  const page = Math.max(1, Number(state.page) || 1);
  const list = useDeskTickets(mine, {
    filter,
    search: state.search,
    sort: state.sort,
    subject_id: state.subject,
    priority: state.priority,
    tag: state.tag,
    assignee: state.assignee,
    page,
  });
  const subjects = useTicketSubjects();
  const tagsInUse = useTagsInUse();
  const claim = useClaim();
  const rows = list.data?.data ?? [];
  const counts = list.data?.counts;
  const base = mine ? "/af/tickets/me" : "/af/tickets";
  const filtered =
    state.search !== "" ||
    state.subject !== "" ||
    state.priority !== "" ||
    state.tag !== "" ||
    state.assignee !== "";
  // Only tickets on the page can stay selected: a new filter or page starts a new selection.
  const [picked, setPicked] = useState<ReadonlySet<number>>(new Set());
  const visibleIds = rows.map((r) => r.id);
  const selected = visibleIds.filter((id) => picked.has(id));
  const toggle = (id: number, on: boolean) =>
    setPicked((current) => {
      const next = new Set([...current].filter((x) => visibleIds.includes(x)));
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const allPicked = rows.length > 0 && selected.length === rows.length;

  const claimRow = async (id: number) => {
    try {
      const answer = await claim.mutateAsync(id);
      if (answer.message) showSuccess(answer.message);
    } catch (error) {
      showError(error);
    }
  };

  const table = (
    <ListStates
      query={list}
      isEmpty={rows.length === 0}
      loadingLabel={t("list.loading")}
      errorMessage={t("errors.list")}
      retryLabel={t("errors.retry")}
      empty={
        <EmptyState
          icon={filtered ? <SearchX /> : <Inbox />}
          title={filtered ? t("list.noMatch") : mine ? t("desk.emptyMine") : t("desk.empty")}
          text={filtered ? t("list.noMatchText") : mine ? t("desk.emptyMineText") : t("desk.emptyText")}
        />
      }
    >
      <Table
        className="relative"
        caption={t("desk.caption")}
        aria-busy={list.isFetching || undefined}
        data-testid="desk-table"
      >
        <TableHead>
          <TableRow>
            <TableHeaderCell className="w-10">
              <span className="sr-only">{t("helpdesk.columns.select")}</span>
              <input
                type="checkbox"
                className="size-5 cursor-pointer accent-primary align-middle focus-ring"
                checked={allPicked}
                ref={(box) => {
                  if (box) box.indeterminate = selected.length > 0 && !allPicked;
                }}
                onChange={(event) => setPicked(event.target.checked ? new Set(visibleIds) : new Set())}
                aria-label={t("helpdesk.bulk.selectAll")}
                data-testid="select-all"
              />
            </TableHeaderCell>
            <TableHeaderCell>{t("desk.columns.ticket")}</TableHeaderCell>
            <TableHeaderCell className={tabletHidden}>{t("desk.columns.requester")}</TableHeaderCell>
            <TableHeaderCell>{t("desk.columns.status")}</TableHeaderCell>
            <TableHeaderCell>{t("desk.columns.handledBy")}</TableHeaderCell>
            <TableHeaderCell>{t("helpdesk.columns.times")}</TableHeaderCell>
            <TableHeaderCell className={tabletHidden}>{t("desk.columns.activity")}</TableHeaderCell>
            <TableHeaderCell align="right">
              <span className="sr-only">{t("desk.columns.actions")}</span>
            </TableHeaderCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((ticket) => (
            <TableRow
              key={ticket.id}
              className="hover:bg-surface-muted/60"
              aria-selected={picked.has(ticket.id) || undefined}
            >
              <TableCell>
                <input
                  type="checkbox"
                  className="size-5 cursor-pointer accent-primary align-middle focus-ring"
                  checked={picked.has(ticket.id)}
                  onChange={(event) => toggle(ticket.id, event.target.checked)}
                  aria-label={t("helpdesk.bulk.select", { reference: ticket.reference })}
                  data-testid="select-ticket"
                />
              </TableCell>
              <TableCell className="max-w-md">
                <Link
                  to={`${base}/${ticket.id}`}
                  className="flex flex-col gap-0.5 rounded-sm focus-ring"
                  data-testid="desk-ticket-link"
                >
                  <span className="flex items-center gap-2">
                    <span className="font-mono text-xs text-fg-muted tabular-nums">{ticket.reference}</span>
                    <Translated
                      text={ticket.subject.title}
                      className="font-medium text-primary hover:underline"
                    />
                  </span>
                  <Content lang={ticket.language} className="line-clamp-1 text-xs text-fg-muted">
                    {ticket.excerpt}
                  </Content>
                </Link>
                {ticket.desk && (
                  <span className="mt-1 flex flex-wrap items-center gap-1">
                    {ticket.desk.priority !== "normal" && <PriorityBadge priority={ticket.desk.priority} />}
                    <TagList tags={ticket.desk.tags} />
                  </span>
                )}
              </TableCell>
              <TableCell className={tabletHidden}>
                <span className="flex flex-col">
                  <span className="max-w-56 truncate">{ticket.requester.name}</span>
                  <span className="text-xs text-fg-muted">
                    {t(`meta.requesterKind.${ticket.requester.kind}`)}
                  </span>
                </span>
              </TableCell>
              <TableCell>
                <StatusBadge status={ticket.status} />
              </TableCell>
              <TableCell className="whitespace-nowrap">
                {ticket.claimed_by?.name ?? <span className="text-fg-muted">{t("meta.nobodyYet")}</span>}
              </TableCell>
              <TableCell className="whitespace-nowrap text-xs">
                <ResponseTimesCell ticket={ticket} />
              </TableCell>
              <TableCell className={cn("whitespace-nowrap text-fg-muted", tabletHidden)}>
                <time
                  dateTime={ticket.last_activity_at}
                  title={formatDateTime(ticket.last_activity_at, language)}
                >
                  {relativeTime(ticket.last_activity_at, language)}
                </time>
              </TableCell>
              <TableCell align="right">
                {ticket.status === "unclaimed" && !ticket.claimed_by ? (
                  <Button
                    size="sm"
                    variant="secondary"
                    onClick={() => void claimRow(ticket.id)}
                    loading={claim.isPending && claim.variables === ticket.id}
                    aria-label={t("desk.claimTicket", { reference: ticket.reference })}
                  >
                    <Hand aria-hidden="true" className="size-4" />
                    {t("actions.claim")}
                  </Button>
                ) : (
                  <Button asChild size="sm" variant="ghost">
                    <Link
                      to={`${base}/${ticket.id}`}
                      aria-label={t("desk.openTicket", { reference: ticket.reference })}
                    >
                      {t("desk.open")}
                    </Link>
                  </Button>
                )}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {(list.data?.total ?? 0) > deskPerPage && (
        <Pagination
          className="mt-4"
          page={page}
          pageCount={pageCount(list.data?.total ?? 0, deskPerPage)}
          onPageChange={(next) => update({ page: String(next) })}
          label={t("list.pagination")}
          previousLabel={t("list.previous")}
          nextLabel={t("list.next")}
          pageLabel={(p, count) => t("list.pageOf", { page: p, count })}
        />
      )}
    </ListStates>
  );

  return (
    <Tabs value={filter} onValueChange={(value) => update({ filter: value })} className="gap-0">
      <TabsList aria-label={t("desk.filtersLabel")} className="mb-4">
        {tabOrder.map((value) => (
          <TabsTrigger key={value} value={value} data-testid={`desk-filter-${value}`}>
            {t(`filters.${value}`)}
            <Badge tone={value === filter ? "primary" : "neutral"} className="tabular-nums">
              {counts ? counts[value] : "–"}
            </Badge>
          </TabsTrigger>
        ))}
      </TabsList>
      <FiltersBar>
        <Field label={t("list.search")} className="min-w-0 flex-[2]">
          {(control) => (
            <SearchInput
              value={state.search}
              onSearch={(search) => update({ search })}
              label={t("list.search")}
              placeholder={t("desk.searchPlaceholder")}
              id={control.id}
            />
          )}
        </Field>
        <Field label={t("desk.subject")} className="sm:w-52">
          <Select
            value={state.subject}
            onChange={(event) => update({ subject: event.target.value })}
            options={[
              { value: "", label: t("desk.allSubjects") },
              ...(subjects.data ?? []).map((s) => ({
                value: String(s.id),
                label: inLanguage(s.title, i18n.language),
              })),
            ]}
          />
        </Field>
        <Field label={t("helpdesk.priority.label")} className="sm:w-44">
          <Select
            value={state.priority}
            onChange={(event) => update({ priority: event.target.value })}
            options={[
              { value: "", label: t("helpdesk.priority.any") },
              ...ticketPriorities.map((p) => ({ value: p, label: t(`helpdesk.priority.${p}`) })),
            ]}
            data-testid="filter-priority"
          />
        </Field>
        <Field label={t("helpdesk.tags.label")} className="sm:w-44">
          <Select
            value={state.tag}
            onChange={(event) => update({ tag: event.target.value })}
            options={[
              { value: "", label: t("helpdesk.tags.any") },
              ...(tagsInUse.data ?? []).map((x) => ({ value: x.tag, label: `${x.tag} (${x.tickets})` })),
            ]}
            data-testid="filter-tag"
          />
        </Field>
        {!mine && (
          <Field label={t("helpdesk.assignee.label")} className="sm:w-44">
            <Select
              value={state.assignee}
              onChange={(event) => update({ assignee: event.target.value })}
              options={[
                { value: "", label: t("helpdesk.assignee.any") },
                { value: "me", label: t("helpdesk.assignee.me") },
                { value: "none", label: t("helpdesk.assignee.none") },
              ]}
              data-testid="filter-assignee"
            />
          </Field>
        )}
        <Field label={t("desk.sort")} className="sm:w-52">
          <Select
            value={state.sort}
            onChange={(event) => update({ sort: event.target.value })}
            options={deskTicketSorts.map((s) => ({ value: s, label: t(`desk.sorts.${s}`) }))}
          />
        </Field>
      </FiltersBar>
      <BulkBar ids={selected} onDone={() => setPicked(new Set())} />
      {tabOrder.map((value) => (
        <TabsContent key={value} value={value} forceMount hidden={value !== filter}>
          {value === filter && table}
        </TabsContent>
      ))}
    </Tabs>
  );
}
