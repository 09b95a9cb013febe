/** /af/courses: every title, any status, with search, status and category filters and paging. */
import { type PublicationStatus, publicationStatuses } from "@aprendo/contract";
import { BookPlus, SearchX } from "lucide-react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { listRowsProps, SortHeader, SortSelect, urlSort } from "../../../components/admin";
import {
  Button,
  Container,
  EmptyState,
  Field,
  Input,
  PageHeader,
  Pagination,
  Select,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
} from "../../../components/ui";
import { dateLanguage, formatDate, formatMoney, formatNumber } from "../../../lib/format";
import { perPage, useAdminCategories, useAdminCourses } from "../api";
import { CoverImage } from "../components/CoverImage";
import { LoadError, TableSkeleton } from "../components/LoadState";
import { StatusBadge } from "../components/StatusBadge";
import { useFilterParams } from "../components/useFilterParams";
import { inLanguage } from "../logic";

const isStatus = (value: string | null): value is PublicationStatus =>
  (publicationStatuses as readonly string[]).includes(value ?? "");

export default function CoursesPage() {
  const { t, i18n } = useTranslation("authoring");
  const navigate = useNavigate();
  const { params, update, clear } = useFilterParams();
  const q = params.get("q") ?? "";
  const status = params.get("status");
  const categoryId = Number(params.get("category")) || undefined;
  const page = Math.max(1, Number(params.get("page")) || 1);
  const [search, setSearch] = useState(q);
  const categories = useAdminCategories();
  const sort = urlSort({ sort: params.get("sort") ?? "" }, (patch) => update({ sort: patch.sort || null }));
  const courses = useAdminCourses({
    page,
    q: q || undefined,
    status: isStatus(status) ? status : undefined,
    category_id: categoryId,
    sort: params.get("sort") || undefined,
  });

  // The search box applies itself after a short pause in typing.
  useEffect(() => {
    if (search.trim() === q) return;
    const timer = setTimeout(() => update({ q: search.trim() || null }), 300);
    return () => clearTimeout(timer);
  }, [search, q, update]);

  const filtered = Boolean(q || status || categoryId);
  const language = i18n.language;
  const list = courses.data;
  const pageCount = list ? Math.max(1, Math.ceil(list.total / perPage)) : 1;

  return (
    <Container className="py-6 sm:py-8">
      <PageHeader
        title={t("courses.title")}
        subtitle={t("courses.subtitle")}
        actions={
          <Button asChild>
            <Link to="/af/courses/create">
              <BookPlus aria-hidden="true" className="size-4" />
              {t("courses.new")}
            </Link>
          </Button>
        }
      />
      <search
        aria-label={t("courses.filters")}
        className="mb-4 grid grid-cols-2 items-end gap-3 rounded-lg border border-border bg-surface p-3 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)_auto]"
      >
        <Field label={t("courses.search")} className="col-span-2 sm:col-span-1">
          <Input
            type="search"
            value={search}
            placeholder={t("courses.searchPlaceholder")}
            onChange={(event) => setSearch(event.target.value)}
          />
        </Field>
        <Field label={t("courses.statusFilter")}>
          <Select
            value={isStatus(status) ? status : ""}
            onChange={(event) => update({ status: event.target.value || null })}
            placeholder={t("courses.allStatuses")}
            options={publicationStatuses.map((s) => ({ value: s, label: t(`status.${s}`) }))}
          />
        </Field>
        <Field label={t("courses.categoryFilter")}>
          <Select
            value={categoryId ? String(categoryId) : ""}
            onChange={(event) => update({ category: event.target.value || null })}
            placeholder={t("courses.allCategories")}
            options={(categories.data ?? []).map((c) => ({
              value: String(c.id),
              label: inLanguage({ title_en: c.name_en, title_es: c.name_es }, language),
            }))}
          />
        </Field>
        <Button
          variant="ghost"
          className="col-span-2 sm:col-span-1"
          disabled={!filtered}
          onClick={() => {
            setSearch("");
            clear();
          }}
        >
          {t("common.clearFilters")}
        </Button>
      </search>

      {courses.isPending ? (
        <TableSkeleton label={t("common.loading")} />
      ) : courses.isError ? (
        <LoadError
          error={courses.error}
          onRetry={() => void courses.refetch()}
          retrying={courses.isFetching}
        />
      ) : list && list.data.length === 0 ? (
        filtered ? (
          <EmptyState
            icon={<SearchX />}
            title={t("courses.noMatch")}
            text={t("courses.noMatchText")}
            action={
              <Button
                variant="secondary"
                onClick={() => {
                  setSearch("");
                  clear();
                }}
              >
                {t("common.clearFilters")}
              </Button>
            }
          />
        ) : (
          <EmptyState
            icon={<BookPlus />}
            title={t("courses.empty")}
            text={t("courses.emptyText")}
            action={
              <Button asChild>
                <Link to="/af/courses/create">{t("courses.new")}</Link>
              </Button>
            }
          />
        )
      ) : list ? (
        <div className="flex flex-col gap-4">
          <p className="text-sm text-fg-muted" aria-live="polite">
            {t("courses.count", { count: list.total })}
          </p>
          <SortSelect
            sort={sort}
            columns={[
              { key: "title", label: t("courses.columns.title") },
              { key: "status", label: t("courses.columns.status") },
              { key: "price", label: t("courses.columns.price") },
              { key: "updated_at", label: t("courses.columns.updated") },
            ]}
          />
          <Table caption={t("courses.caption")} aria-busy={courses.isFetching || undefined}>
            <TableHead>
              <TableRow>
                <SortHeader sort={sort} sortKey="title">
                  {t("courses.columns.title")}
                </SortHeader>
                <SortHeader sort={sort} sortKey="category" className="hidden lg:table-cell">
                  {t("courses.columns.category")}
                </SortHeader>
                <SortHeader sort={sort} sortKey="status" className="hidden sm:table-cell">
                  {t("courses.columns.status")}
                </SortHeader>
                <SortHeader sort={sort} sortKey="price" align="right">
                  {t("courses.columns.price")}
                </SortHeader>
                <SortHeader sort={sort} sortKey="learners" align="right" className="hidden md:table-cell">
                  {t("courses.columns.learners")}
                </SortHeader>
                <SortHeader sort={sort} sortKey="updated_at" className="hidden xl:table-cell">
                  {t("courses.columns.updated")}
                </SortHeader>
              </TableRow>
            </TableHead>
            <TableBody {...listRowsProps(courses)}>
              {list.data.map((course) => {
                const title = inLanguage(course, language);
                const other = language === "es" ? course.title_en : course.title_es;
                return (
                  <TableRow
                    key={course.id}
                    className="cursor-pointer transition-colors duration-150 hover:bg-surface-muted"
                    onClick={(event) => {
                      if ((event.target as HTMLElement).closest("a")) return;
                      navigate(`/af/courses/${course.id}`);
                    }}
                  >
                    <TableCell className="w-full max-w-0 py-2">
                      <div className="flex items-center gap-3">
                        <CoverImage url={course.cover_url} status={course.status} title={title} size="sm" />
                        <div className="flex min-w-0 flex-col">
                          <Link
                            to={`/af/courses/${course.id}`}
                            className="truncate rounded-sm font-medium text-fg hover:text-primary hover:underline focus-ring"
                          >
                            {title}
                          </Link>
                          {other && other !== title && (
                            <span
                              className="truncate text-xs text-fg-muted"
                              lang={language === "es" ? "en" : "es"}
                            >
                              {other}
                            </span>
                          )}
                          <StatusBadge status={course.status} className="mt-1 self-start sm:hidden" />
                        </div>
                      </div>
                    </TableCell>
                    <TableCell className="hidden text-fg-muted lg:table-cell">
                      {course.category_name ?? t("courses.noCategory")}
                    </TableCell>
                    <TableCell className="hidden sm:table-cell">
                      <StatusBadge status={course.status} />
                    </TableCell>
                    <TableCell align="right" className="whitespace-nowrap tabular-nums">
                      {course.is_free
                        ? t("courses.free")
                        : formatMoney(course.price_pence, language, course.currency)}
                    </TableCell>
                    <TableCell align="right" className="hidden tabular-nums md:table-cell">
                      {formatNumber(course.enrolment_count, language)}
                    </TableCell>
                    <TableCell className="hidden whitespace-nowrap text-fg-muted xl:table-cell">
                      {formatDate(course.updated_at, dateLanguage(language))}
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
          {pageCount > 1 && (
            <Pagination
              page={page}
              pageCount={pageCount}
              onPageChange={(next) => update({ page: String(next) })}
              label={t("common.pagination")}
              previousLabel={t("common.previous")}
              nextLabel={t("common.next")}
              pageLabel={(current, count) => t("common.pageOf", { page: current, count })}
            />
          )}
        </div>
      ) : null}
    </Container>
  );
}
