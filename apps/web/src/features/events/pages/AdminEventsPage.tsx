/** /af/events: national and global events, with search, scope and upcoming/past filters. */
import type { EventItem } from "@aprendo/contract";
import { CalendarDays, SearchX } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import {
  AdminListPage,
  CreateButton,
  DeleteRowButton,
  EditRowButton,
  listTexts,
  pageNumber,
  pagingTexts,
  RowActions,
  SearchFilter,
  SelectFilter,
  urlPaging,
  urlSort,
  useUrlState,
} from "../../../components/admin";
import { Badge, EmptyState, TableCell } from "../../../components/ui";
import { dateLanguage, formatDateTime } from "../../../lib/format";
import { adminPerPage, useAdminEvents, useDeleteEvent } from "../api";

const defaults = { search: "", scope: "all", when: "all", page: "1", sort: "" };

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
  const page = pageNumber(state.page);
  const events = useAdminEvents({
    search: state.search,
    scope: state.scope,
    when: state.when,
    sort: state.sort,
    page,
  });
  const filtered = state.search !== "" || state.scope !== "all" || state.when !== "all";
  const create = <CreateButton to="/af/events/create">{t("admin.create")}</CreateButton>;
  return (
    <AdminListPage
      title={t("admin.title")}
      subtitle={t("admin.subtitle")}
      actions={create}
      filters={
        <>
          <SearchFilter
            label={t("admin.search")}
            placeholder={t("admin.searchPlaceholder")}
            value={state.search}
            onSearch={(search) => update({ search })}
          />
          <SelectFilter
            label={t("admin.scope")}
            className="sm:w-44"
            value={state.scope}
            onChange={(scope) => update({ scope })}
            options={["all", "national", "global"].map((v) => ({ value: v, label: t(`scope.${v}`) }))}
          />
          <SelectFilter
            label={t("admin.when")}
            className="sm:w-44"
            value={state.when}
            onChange={(when) => update({ when })}
            options={["all", "upcoming", "past"].map((v) => ({
              value: v,
              label: t(`admin.whenOptions.${v}`),
            }))}
          />
        </>
      }
      query={events}
      sort={urlSort(state, update)}
      rows={events.data?.data ?? []}
      texts={{ ...listTexts(t, "admin."), loadFailed: t("loadFailed"), retry: t("retry") }}
      empty={
        <EmptyState
          icon={filtered ? <SearchX /> : <CalendarDays />}
          title={filtered ? t("admin.noMatch") : t("admin.empty")}
          text={filtered ? t("admin.noMatchText") : t("admin.emptyText")}
          action={filtered ? undefined : create}
        />
      }
      columns={[
        { header: t("admin.columns.title"), sortKey: "title" },
        { header: t("admin.columns.scope"), sortKey: "scope" },
        { header: t("admin.columns.starts"), sortKey: "starts_at" },
        { header: t("admin.columns.ends"), sortKey: "ends_at" },
      ]}
      cells={(event) => (
        <>
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
        </>
      )}
      rowActions={(event) => (
        <RowActions>
          <EditRowButton
            to={`/af/events/${event.id}`}
            label={t("admin.editOne", { name: event.title.en })}
            text={t("admin.edit")}
          />
          <DeleteEvent event={event} />
        </RowActions>
      )}
      paging={urlPaging(state, update, events.data?.total, adminPerPage, pagingTexts(t, "admin."))}
    />
  );
}
