/** /af/faqs/entries: every question, with search, a category filter and paging. */
import { CircleHelp, Pencil, Plus, SearchX } from "lucide-react";
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
import { dateLanguage, formatDate } from "../../../lib/dates";
import {
  entriesPerPage,
  type FaqEntry,
  useAdminFaqCategories,
  useAdminFaqEntries,
  useDeleteFaqEntry,
} from "../api";
import { inLanguage } from "../logic";

const defaults = { search: "", category: "", page: "1" };

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
  const page = Math.max(1, Number(state.page) || 1);
  const entries = useAdminFaqEntries({ search: state.search, category: state.category, page });
  const categories = useAdminFaqCategories();
  const rows = entries.data?.data ?? [];
  const filtered = state.search !== "" || state.category !== "";
  const create = (
    <Button asChild>
      <Link to={`/af/faqs/entries/create${state.category ? `?category=${state.category}` : ""}`}>
        <Plus aria-hidden="true" className="size-4" />
        {t("entries.create")}
      </Link>
    </Button>
  );
  return (
    <Container className="py-6 sm:py-8">
      <PageHeader
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
      />
      <FiltersBar>
        <Field label={t("search")} className="min-w-0 flex-[2]">
          {(control) => (
            <SearchInput
              id={control.id}
              value={state.search}
              onSearch={(search) => update({ search })}
              label={t("search")}
              placeholder={t("entries.searchPlaceholder")}
            />
          )}
        </Field>
        <Field label={t("entries.category")} className="sm:w-64">
          <Select
            value={state.category}
            onChange={(event) => update({ category: event.target.value })}
            options={[
              { value: "", label: t("entries.allCategories") },
              ...(categories.data ?? []).map((c) => ({
                value: String(c.id),
                label: inLanguage(c.name, i18n.language),
              })),
            ]}
          />
        </Field>
      </FiltersBar>
      <ListStates
        query={entries}
        isEmpty={rows.length === 0}
        loadingLabel={t("admin.loading")}
        errorMessage={t("loadFailed")}
        retryLabel={t("retry")}
        empty={
          <EmptyState
            icon={filtered ? <SearchX /> : <CircleHelp />}
            title={filtered ? t("entries.noMatch") : t("entries.empty")}
            text={filtered ? t("noMatchText") : t("entries.emptyText")}
            action={filtered ? undefined : create}
          />
        }
      >
        <Table className="relative" caption={t("entries.title")} aria-busy={entries.isFetching || undefined}>
          <TableHead>
            <TableRow>
              <TableHeaderCell>{t("entries.question")}</TableHeaderCell>
              <TableHeaderCell>{t("entries.category")}</TableHeaderCell>
              <TableHeaderCell align="right">{t("admin.position")}</TableHeaderCell>
              <TableHeaderCell>{t("admin.state")}</TableHeaderCell>
              <TableHeaderCell>{t("entries.updatedColumn")}</TableHeaderCell>
              <TableHeaderCell align="right">
                <span className="sr-only">{t("admin.actions")}</span>
              </TableHeaderCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((entry) => (
              <TableRow key={entry.id}>
                <TableCell className="max-w-lg">
                  <Link
                    to={`/af/faqs/entries/${entry.id}`}
                    className="flex flex-col gap-0.5 rounded-sm focus-ring"
                  >
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
                <TableCell align="right">
                  <span className="inline-flex gap-1">
                    <Button asChild size="sm" variant="ghost">
                      <Link
                        to={`/af/faqs/entries/${entry.id}`}
                        aria-label={t("admin.editOne", { name: entry.question.en })}
                      >
                        <Pencil aria-hidden="true" className="size-4" />
                        <span className="max-sm:sr-only">{t("admin.edit")}</span>
                      </Link>
                    </Button>
                    <DeleteEntry entry={entry} />
                  </span>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
        {(entries.data?.total ?? 0) > entriesPerPage && (
          <Pagination
            className="mt-4"
            page={page}
            pageCount={Math.ceil((entries.data?.total ?? 0) / entriesPerPage)}
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
