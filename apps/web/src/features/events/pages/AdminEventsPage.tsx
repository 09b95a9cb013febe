/** /af/events: national and global events, with search, scope and upcoming/past filters. */
import type { EventItem } from "@aprendo/contract";
import { CalendarDays, Pencil, Plus, SearchX } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { DeleteRowButton, FiltersBar, ListStates, SearchInput, useUrlState } from "../../../components/admin";
import {
  Badge,
  Button,
  Container,
  EmptyState,
  Field,
  PageHeader,
  Pagination,
  Select,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeaderCell,
  TableRow,
} from "../../../components/ui";
import { dateLanguage, formatDateTime } from "../../../lib/dates";
import { adminPerPage, useAdminEvents, useDeleteEvent } from "../api";

const defaults = { search: "", scope: "all", when: "all", page: "1" };

function DeleteEvent({ event }: { event: EventItem }) {
  const { t } = useTranslation("events");
  const remove = useDeleteEvent();
  return (
    <DeleteRowButton
      label={t("admin.deleteOne", { name: event.title.en })}
      title={t("admin.deleteTitle")}
      description={t("admin.deleteText", { name: event.title.en })}
      confirmLabel={t("admin.delete")}
      cancelLabel={t("admin.cancel")}
      onDelete={() => remove.mutateAsync(event.id)}
    />
  );
}

export default function AdminEventsPage() {
  const { t, i18n } = useTranslation("events");
  const language = dateLanguage(i18n.language);
  const [state, update] = useUrlState(defaults);
  const page = Math.max(1, Number(state.page) || 1);
  const events = useAdminEvents({ search: state.search, scope: state.scope, when: state.when, page });
  const rows = events.data?.data ?? [];
  const filtered = state.search !== "" || state.scope !== "all" || state.when !== "all";
  const create = (
    <Button asChild>
      <Link to="/af/events/create">
        <Plus aria-hidden="true" className="size-4" />
        {t("admin.create")}
      </Link>
    </Button>
  );
  return (
    <Container className="py-6 sm:py-8">
      <PageHeader title={t("admin.title")} subtitle={t("admin.subtitle")} actions={create} />
      <FiltersBar>
        <Field label={t("admin.search")} className="min-w-0 flex-[2]">
          {(control) => (
            <SearchInput
              id={control.id}
              value={state.search}
              onSearch={(search) => update({ search })}
              label={t("admin.search")}
              placeholder={t("admin.searchPlaceholder")}
            />
          )}
        </Field>
        <Field label={t("admin.scope")} className="sm:w-44">
          <Select
            value={state.scope}
            onChange={(e) => update({ scope: e.target.value })}
            options={["all", "national", "global"].map((v) => ({ value: v, label: t(`scope.${v}`) }))}
          />
        </Field>
        <Field label={t("admin.when")} className="sm:w-44">
          <Select
            value={state.when}
            onChange={(e) => update({ when: e.target.value })}
            options={["all", "upcoming", "past"].map((v) => ({
              value: v,
              label: t(`admin.whenOptions.${v}`),
            }))}
          />
        </Field>
      </FiltersBar>
      <ListStates
        query={events}
        isEmpty={rows.length === 0}
        loadingLabel={t("admin.loading")}
        errorMessage={t("loadFailed")}
        retryLabel={t("retry")}
        empty={
          <EmptyState
            icon={filtered ? <SearchX /> : <CalendarDays />}
            title={filtered ? t("admin.noMatch") : t("admin.empty")}
            text={filtered ? t("admin.noMatchText") : t("admin.emptyText")}
            action={filtered ? undefined : create}
          />
        }
      >
        <Table className="relative" caption={t("admin.title")} aria-busy={events.isFetching || undefined}>
          <TableHead>
            <TableRow>
              <TableHeaderCell>{t("admin.columns.title")}</TableHeaderCell>
              <TableHeaderCell>{t("admin.columns.scope")}</TableHeaderCell>
              <TableHeaderCell>{t("admin.columns.starts")}</TableHeaderCell>
              <TableHeaderCell>{t("admin.columns.ends")}</TableHeaderCell>
              <TableHeaderCell align="right">
                <span className="sr-only">{t("admin.actions")}</span>
              </TableHeaderCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((event) => (
              <TableRow key={event.id}>
                <TableCell className="max-w-md">
                  <Link to={`/af/events/${event.id}`} className="flex flex-col gap-0.5 rounded-sm focus-ring">
                    <span className="font-medium text-primary hover:underline">{event.title.en}</span>
                    <span lang="es" className="line-clamp-1 text-xs text-fg-muted">
                      {event.title.es}
                    </span>
                  </Link>
                </TableCell>
                <TableCell className="whitespace-nowrap">
                  {event.scope === "global" ? (
                    <Badge tone="info">{t("scope.global")}</Badge>
                  ) : (
                    <Badge tone="accent">{t("scope.nationalIn", { country: event.country ?? "" })}</Badge>
                  )}
                </TableCell>
                <TableCell className="whitespace-nowrap tabular-nums">
                  {formatDateTime(event.starts_at, language)}
                </TableCell>
                <TableCell className="whitespace-nowrap tabular-nums">
                  {formatDateTime(event.ends_at, language)}
                </TableCell>
                <TableCell align="right">
                  <span className="inline-flex gap-1">
                    <Button asChild size="sm" variant="ghost">
                      <Link
                        to={`/af/events/${event.id}`}
                        aria-label={t("admin.editOne", { name: event.title.en })}
                      >
                        <Pencil aria-hidden="true" className="size-4" />
                        <span className="max-sm:sr-only">{t("admin.edit")}</span>
                      </Link>
                    </Button>
                    <DeleteEvent event={event} />
                  </span>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
        {(events.data?.total ?? 0) > adminPerPage && (
          <Pagination
            className="mt-4"
            page={page}
            pageCount={Math.ceil((events.data?.total ?? 0) / adminPerPage)}
            onPageChange={(next) => update({ page: String(next) })}
            label={t("admin.pagination")}
            previousLabel={t("admin.previous")}
            nextLabel={t("admin.next")}
            pageLabel={(p, count) => t("admin.pageOf", { page: p, count })}
          />
        )}
      </ListStates>
    </Container>
  );
}
