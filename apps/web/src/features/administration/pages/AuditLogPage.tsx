/**
 * /ha/audit-log and /ma/audit-log: every back-office change, newest first, filtered by who, action,
 * record type and id, and days; each entry opens to show its before and after.
 */
import { ChevronDown, ClipboardList, SearchX } from "lucide-react";
import { Fragment, useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";
import {
  FiltersBar,
  ListPaging,
  ListStates,
  pagingTexts,
  SearchInput,
  SortHeader,
  SortSelect,
  urlSort,
  useUrlState,
} from "../../../components/admin";
import {
  Button,
  Container,
  EmptyState,
  Field,
  Input,
  PageHeader,
  Select,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeaderCell,
  TableRow,
} from "../../../components/ui";
import { cn } from "../../../lib/cn";
import { dateLanguage, formatDateTime } from "../../../lib/format";
import { perPage, useAuditFacets, useAuditLog } from "../api";
import { AuditDiff } from "../components/AuditDiff";
import { actionLabel, entityLabel } from "../components/AuditEntries";

const defaults = { actor: "", action: "", entity: "", entity_id: "", from: "", to: "", page: "1", sort: "" };

export default function AuditLogPage() {
  const { t, i18n } = useTranslation("administration");
  const language = dateLanguage(i18n.language);
  const area = useLocation().pathname.startsWith("/ma") ? "ma" : "ha";
  const [state, update] = useUrlState(defaults);
  const page = Math.max(1, Number(state.page) || 1);
  const log = useAuditLog(area, { ...state, page });
  // Only by time: newest first (the default), or oldest first.
  const sort = urlSort(state, update);
  const facets = useAuditFacets(area);
  const [open, setOpen] = useState<number | null>(null);
  const rows = log.data?.data ?? [];
  const filtered = Object.entries(state).some(([key, value]) => key !== "page" && value !== "");
  return (
    <Container className="py-6 sm:py-8">
      <PageHeader title={t("audit.title")} subtitle={t("audit.subtitle")} />
      <FiltersBar>
        <Field label={t("audit.actor")} className="min-w-0 sm:w-44">
          {(control) => (
            <SearchInput
              id={control.id}
              value={state.actor}
              onSearch={(actor) => update({ actor })}
              label={t("audit.actor")}
              placeholder={t("audit.actorPlaceholder")}
            />
          )}
        </Field>
        <Field label={t("audit.action")} className="sm:w-52">
          <Select
            value={state.action}
            onChange={(event) => update({ action: event.currentTarget.value })}
            options={[
              { value: "", label: t("audit.anyAction") },
              ...(facets.data?.actions ?? []).map((a) => ({ value: a, label: actionLabel(t, a) })),
            ]}
          />
        </Field>
        <div className="grid grid-cols-2 gap-3 sm:contents">
          <Field label={t("audit.entity")} className="min-w-0 sm:w-40">
            <Select
              value={state.entity}
              onChange={(event) => update({ entity: event.currentTarget.value })}
              options={[
                { value: "", label: t("audit.anyEntity") },
                ...(facets.data?.entities ?? []).map((e) => ({ value: e, label: entityLabel(t, e) })),
              ]}
            />
          </Field>
          <Field label={t("audit.entityId")} className="min-w-0 sm:w-28">
            <Input
              value={state.entity_id}
              inputMode="numeric"
              onChange={(event) => update({ entity_id: event.currentTarget.value.trim() })}
            />
          </Field>
        </div>
        <div className="grid grid-cols-2 gap-3 sm:contents">
          <Field label={t("audit.from")} className="min-w-0 sm:w-36">
            <Input
              type="date"
              value={state.from}
              max={state.to || undefined}
              onChange={(e) => update({ from: e.currentTarget.value })}
            />
          </Field>
          <Field label={t("audit.to")} className="min-w-0 sm:w-36">
            <Input
              type="date"
              value={state.to}
              min={state.from || undefined}
              onChange={(e) => update({ to: e.currentTarget.value })}
            />
          </Field>
        </div>
        {filtered && (
          <Button variant="ghost" onClick={() => update({ ...defaults })}>
            {t("common.clearFilters")}
          </Button>
        )}
      </FiltersBar>
      <ListStates
        query={log}
        isEmpty={rows.length === 0}
        loadingLabel={t("common.loading")}
        errorMessage={t("common.loadFailed")}
        retryLabel={t("common.retry")}
        empty={
          <EmptyState
            icon={filtered ? <SearchX /> : <ClipboardList />}
            title={filtered ? t("audit.noMatch") : t("audit.empty")}
            text={filtered ? t("audit.noMatchText") : t("audit.emptyText")}
          />
        }
      >
        <SortSelect
          sort={sort}
          className="mb-3 sm:hidden"
          columns={[{ key: "created_at", label: t("audit.columns.when") }]}
        />
        <ul className="flex flex-col gap-3 sm:hidden" aria-busy={log.isFetching || undefined}>
          {rows.map((entry) => {
            const expanded = open === entry.id;
            return (
              <li
                key={entry.id}
                className="rounded-lg border border-border bg-surface p-4"
                data-testid="audit-card"
              >
                <div className="flex items-start justify-between gap-3">
                  <div className="flex min-w-0 flex-col gap-0.5">
                    <p className="text-sm text-fg">
                      <span className="font-semibold">{entry.actor?.username ?? t("audit.system")}</span>{" "}
                      {actionLabel(t, entry.action)}
                    </p>
                    <p className="text-xs text-fg-muted">
                      {entityLabel(t, entry.entity)}
                      {entry.entity_id ? ` #${entry.entity_id}` : ""} ·{" "}
                      <time dateTime={entry.created_at}>{formatDateTime(entry.created_at, language)}</time>
                    </p>
                  </div>
                  <Button
                    size="sm"
                    variant="ghost"
                    aria-expanded={expanded}
                    aria-controls={`audit-card-${entry.id}`}
                    aria-label={t("audit.showChanges", { action: actionLabel(t, entry.action) })}
                    onClick={() => setOpen(expanded ? null : entry.id)}
                  >
                    <ChevronDown
                      aria-hidden="true"
                      className={cn("size-4 transition-transform", expanded && "rotate-180")}
                    />
                  </Button>
                </div>
                {expanded && (
                  <div id={`audit-card-${entry.id}`} className="mt-3">
                    <AuditDiff entry={entry} />
                  </div>
                )}
              </li>
            );
          })}
        </ul>
        <div className="max-sm:hidden">
          <Table caption={t("audit.title")} aria-busy={log.isFetching || undefined}>
            <TableHead>
              <TableRow>
                <SortHeader sort={sort} sortKey="created_at">
                  {t("audit.columns.when")}
                </SortHeader>
                <TableHeaderCell>{t("audit.columns.actor")}</TableHeaderCell>
                <TableHeaderCell>{t("audit.columns.action")}</TableHeaderCell>
                <TableHeaderCell>{t("audit.columns.record")}</TableHeaderCell>
                <TableHeaderCell align="right">
                  <span className="sr-only">{t("audit.changes")}</span>
                </TableHeaderCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((entry) => {
                const expanded = open === entry.id;
                return (
                  <Fragment key={entry.id}>
                    <TableRow data-testid="audit-row">
                      <TableCell className="whitespace-nowrap text-fg-muted">
                        <time dateTime={entry.created_at}>{formatDateTime(entry.created_at, language)}</time>
                      </TableCell>
                      <TableCell>
                        <span className="flex flex-col">
                          <span className="font-medium text-fg">
                            {entry.actor?.username ?? t("audit.system")}
                          </span>
                          {entry.actor?.role_id && (
                            <span className="text-xs text-fg-muted">
                              {t(`audit.role.${entry.actor.role_id}`)}
                            </span>
                          )}
                        </span>
                      </TableCell>
                      <TableCell>
                        <span className="flex flex-col gap-0.5">
                          <span className="text-fg">{actionLabel(t, entry.action)}</span>
                          <code className="w-fit rounded bg-surface-muted px-1.5 py-0.5 font-mono text-xs text-fg-muted">
                            {entry.action}
                          </code>
                        </span>
                      </TableCell>
                      <TableCell className="whitespace-nowrap">
                        {entityLabel(t, entry.entity)}
                        {entry.entity_id && <span className="text-fg-muted"> #{entry.entity_id}</span>}
                      </TableCell>
                      <TableCell align="right">
                        <Button
                          size="sm"
                          variant="ghost"
                          aria-expanded={expanded}
                          aria-controls={`audit-${entry.id}`}
                          aria-label={t("audit.showChanges", { action: actionLabel(t, entry.action) })}
                          onClick={() => setOpen(expanded ? null : entry.id)}
                        >
                          <span className="max-sm:sr-only">{t("audit.changes")}</span>
                          <ChevronDown
                            aria-hidden="true"
                            className={cn("size-4 transition-transform", expanded && "rotate-180")}
                          />
                        </Button>
                      </TableCell>
                    </TableRow>
                    {expanded && (
                      <TableRow>
                        <TableCell colSpan={5} className="bg-surface-muted/50">
                          <div id={`audit-${entry.id}`}>
                            <AuditDiff entry={entry} />
                          </div>
                        </TableCell>
                      </TableRow>
                    )}
                  </Fragment>
                );
              })}
            </TableBody>
          </Table>
        </div>
        <ListPaging
          page={page}
          total={log.data?.total ?? 0}
          perPage={perPage}
          onPageChange={(next) => update({ page: String(next) })}
          texts={pagingTexts(t, "common.")}
        />
      </ListStates>
    </Container>
  );
}
