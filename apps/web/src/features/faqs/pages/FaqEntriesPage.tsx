/** /af/faqs/entries: every question, with search, a category filter and paging. */
import { CircleHelp, SearchX } from "lucide-react";
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
import { Badge, Button, EmptyState, TableCell } from "../../../components/ui";
import { dateLanguage, formatDate } from "../../../lib/format";
import {
  entriesPerPage,
  type FaqEntry,
  useAdminFaqCategories,
  useAdminFaqEntries,
  useDeleteFaqEntry,
} from "../api";
import { inLanguage } from "../logic";

const defaults = { search: "", category: "", page: "1", sort: "" };

function DeleteEntry({ entry }: { entry: FaqEntry }) {
  const { t } = useTranslation("faqs");
  const remove = useDeleteFaqEntry();
  return (
    <DeleteRowButton
      label={t("admin.deleteOne", { name: entry.question.en })}
      title={t("entries.deleteTitle")}
      description={t("entries.deleteText", { name: entry.question.en })}
      confirmLabel={t("admin.delete")}
      cancelLabel={t("admin.cancel")}
      onDelete={() => remove.mutateAsync(entry.id)}
    />
  );
}

export default function FaqEntriesPage() {
  const { t, i18n } = useTranslation("faqs");
  const [state, update] = useUrlState(defaults);
  const page = pageNumber(state.page);
  const entries = useAdminFaqEntries({
    search: state.search,
    category: state.category,
    sort: state.sort,
    page,
  });
  const categories = useAdminFaqCategories();
  const filtered = state.search !== "" || state.category !== "";
  const create = (
    <CreateButton to={`/af/faqs/entries/create${state.category ? `?category=${state.category}` : ""}`}>
      {t("entries.create")}
    </CreateButton>
  );
  return (
    <AdminListPage
      title={t("entries.title")}
      subtitle={t("entries.subtitle")}
      actions={
        <>
          <Button asChild variant="secondary">
            <Link to="/af/faqs/categories">{t("categories.title")}</Link>
          </Button>
          {create}
        </>
      }
      filters={
        <>
          <SearchFilter
            label={t("search")}
            placeholder={t("entries.searchPlaceholder")}
            value={state.search}
            onSearch={(search) => update({ search })}
          />
          <SelectFilter
            label={t("entries.category")}
            className="sm:w-64"
            value={state.category}
            onChange={(category) => update({ category })}
            options={[
              { value: "", label: t("entries.allCategories") },
              ...(categories.data ?? []).map((c) => ({
                value: String(c.id),
                label: inLanguage(c.name, i18n.language),
              })),
            ]}
          />
        </>
      }
      query={entries}
      sort={urlSort(state, update)}
      rows={entries.data?.data ?? []}
      texts={{ ...listTexts(t, "admin."), loadFailed: t("loadFailed"), retry: t("retry") }}
      empty={
        <EmptyState
          icon={filtered ? <SearchX /> : <CircleHelp />}
          title={filtered ? t("entries.noMatch") : t("entries.empty")}
          text={filtered ? t("noMatchText") : t("entries.emptyText")}
          action={filtered ? undefined : create}
        />
      }
      columns={[
        { header: t("entries.question"), sortKey: "question" },
        { header: t("entries.category"), sortKey: "category" },
        { header: t("admin.position"), align: "right", sortKey: "position" },
        { header: t("admin.state"), sortKey: "active" },
        { header: t("entries.updatedColumn"), sortKey: "updated_at" },
      ]}
      cells={(entry) => (
        <>
          <TableCell className="max-w-lg">
            <Link to={`/af/faqs/entries/${entry.id}`} className="flex flex-col gap-0.5 rounded-sm focus-ring">
              <span className="font-medium text-primary hover:underline">{entry.question.en}</span>
              <span lang="es" className="line-clamp-1 text-xs text-fg-muted">
                {entry.question.es}
              </span>
            </Link>
          </TableCell>
          <TableCell className="whitespace-nowrap">
            {inLanguage(entry.category.name, i18n.language)}
          </TableCell>
          <TableCell align="right" className="tabular-nums">
            {entry.position}
          </TableCell>
          <TableCell>
            <Badge tone={entry.active ? "success" : "neutral"}>
              {entry.active ? t("admin.active") : t("admin.inactive")}
            </Badge>
          </TableCell>
          <TableCell className="whitespace-nowrap text-fg-muted">
            {formatDate(entry.updated_at, dateLanguage(i18n.language))}
          </TableCell>
        </>
      )}
      rowActions={(entry) => (
        <RowActions>
          <EditRowButton
            to={`/af/faqs/entries/${entry.id}`}
            label={t("admin.editOne", { name: entry.question.en })}
            text={t("admin.edit")}
          />
          <DeleteEntry entry={entry} />
        </RowActions>
      )}
      paging={urlPaging(state, update, entries.data?.total, entriesPerPage, pagingTexts(t, "admin."))}
    />
  );
}
