/** /af/lesson/qas: learners' lecture questions, unanswered first (oldest waiting first), with paging. */
import { Inbox, MessageCircleQuestion } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { listRowsProps, SortHeader, SortSelect, urlSort } from "../../../components/admin";
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
import { perPage, type QaStatusFilter, usePublicCourseOptions, useQas } from "../api";
import { LoadError, TableSkeleton } from "../components/LoadState";
import { useFilterParams } from "../components/useFilterParams";
import { timeAgo } from "../time";

const filters: QaStatusFilter[] = ["unanswered", "answered", "all"];
const isFilter = (value: string | null): value is QaStatusFilter => filters.includes(value as QaStatusFilter);

export default function LessonQasPage() {
  const { t, i18n } = useTranslation("authoring");
  const navigate = useNavigate();
  const { params, update } = useFilterParams();
  const raw = params.get("status");
  const status: QaStatusFilter = isFilter(raw) ? raw : "unanswered";
  const courseId = Number(params.get("course")) || undefined;
  const page = Math.max(1, Number(params.get("page")) || 1);
  const sort = urlSort({ sort: params.get("sort") ?? "" }, (patch) => update({ sort: patch.sort || null }));
  const qas = useQas({ page, status, course_id: courseId, sort: params.get("sort") || undefined });
  const courses = usePublicCourseOptions();

  const list = qas.data;
  const pageCount = list ? Math.max(1, Math.ceil(list.total / perPage)) : 1;

  return (
    <Container className="py-6 sm:py-8">
      <PageHeader title={t("qa.title")} subtitle={t("qa.subtitle")} />
      <search
        aria-label={t("qa.filters")}
        className="mb-4 flex flex-col gap-3 rounded-lg border border-border bg-surface p-3 sm:flex-row sm:items-end sm:justify-between"
      >
        <fieldset className="flex flex-col gap-1.5">
          <legend className="mb-1.5 text-sm font-medium text-fg">{t("qa.show")}</legend>
          <div className="inline-flex self-start rounded-md border border-border-strong bg-surface-muted p-0.5">
            {filters.map((filter) => (
              <button
                key={filter}
                type="button"
                aria-pressed={status === filter}
                onClick={() => update({ status: filter === "unanswered" ? null : filter })}
                className={
                  status === filter
                    ? "min-h-11 rounded-sm bg-surface px-3 text-sm font-medium text-fg shadow-sm focus-ring sm:min-h-9"
                    : "min-h-11 rounded-sm px-3 text-sm font-medium text-fg-muted hover:text-fg focus-ring sm:min-h-9"
                }
              >
                {t(`qa.filter.${filter}`)}
              </button>
            ))}
          </div>
        </fieldset>
        <Field label={t("qa.course")} className="sm:w-72">
          <Select
            value={courseId ? String(courseId) : ""}
            onChange={(event) => update({ course: event.target.value || null })}
            placeholder={t("qa.allCourses")}
            options={courses.data ?? []}
          />
        </Field>
      </search>

      {qas.isPending ? (
        <TableSkeleton label={t("common.loading")} />
      ) : qas.isError ? (
        <LoadError error={qas.error} onRetry={() => void qas.refetch()} retrying={qas.isFetching} />
      ) : list && list.data.length === 0 ? (
        <EmptyState
          icon={status === "unanswered" ? <Inbox /> : <MessageCircleQuestion />}
          title={t(`qa.empty.${status}`)}
          text={t(`qa.emptyText.${status}`)}
          action={
            status === "unanswered" ? (
              <Button variant="secondary" onClick={() => update({ status: "answered" })}>
                {t("qa.seeAnswered")}
              </Button>
            ) : undefined
          }
        />
      ) : list ? (
        <div className="flex flex-col gap-4">
          <p className="text-sm text-fg-muted" aria-live="polite">
            {t(`qa.count.${status}`, { count: list.total })}
          </p>
          <SortSelect
            sort={sort}
            columns={[
              { key: "lecture", label: t("qa.columns.lecture") },
              { key: "learner", label: t("qa.columns.learner") },
              { key: "created_at", label: t("qa.columns.asked") },
            ]}
          />
          <Table caption={t("qa.caption")} aria-busy={qas.isFetching || undefined}>
            <TableHead>
              <TableRow>
                <TableHeaderCell>{t("qa.columns.question")}</TableHeaderCell>
                <SortHeader sort={sort} sortKey="lecture" className="hidden md:table-cell">
                  {t("qa.columns.lecture")}
                </SortHeader>
                <SortHeader sort={sort} sortKey="learner" className="hidden lg:table-cell">
                  {t("qa.columns.learner")}
                </SortHeader>
                <SortHeader sort={sort} sortKey="created_at">
                  {t("qa.columns.asked")}
                </SortHeader>
              </TableRow>
            </TableHead>
            <TableBody {...listRowsProps(qas)}>
              {list.data.map((qa) => (
                <TableRow
                  key={qa.id}
                  className="cursor-pointer transition-colors duration-150 hover:bg-surface-muted"
                  onClick={(event) => {
                    if ((event.target as HTMLElement).closest("a")) return;
                    navigate(`/af/lesson/qas/${qa.id}`);
                  }}
                >
                  <TableCell className="max-w-md">
                    <div className="flex flex-col gap-1">
                      <Link
                        to={`/af/lesson/qas/${qa.id}`}
                        className="line-clamp-2 rounded-sm font-medium text-fg hover:text-primary hover:underline focus-ring"
                      >
                        {qa.body}
                      </Link>
                      <span className="text-xs text-fg-muted md:hidden">
                        {qa.course_title} › {qa.lecture_title}
                      </span>
                    </div>
                  </TableCell>
                  <TableCell className="hidden max-w-xs md:table-cell">
                    <div className="flex flex-col">
                      <span className="truncate text-fg">{qa.lecture_title}</span>
                      <span className="truncate text-xs text-fg-muted">{qa.course_title}</span>
                    </div>
                  </TableCell>
                  <TableCell className="hidden lg:table-cell">
                    <div className="flex flex-col">
                      <span className="text-fg">{qa.learner.name}</span>
                      <span className="text-xs text-fg-muted">@{qa.learner.username}</span>
                    </div>
                  </TableCell>
                  <TableCell>
                    <div className="flex flex-col items-start gap-1">
                      <time dateTime={qa.created_at} className="whitespace-nowrap text-fg-muted">
                        {timeAgo(qa.created_at, i18n.language)}
                      </time>
                      <Badge tone={qa.status === "answered" ? "success" : "warning"}>
                        {t(`qa.status.${qa.status}`)}
                      </Badge>
                    </div>
                  </TableCell>
                </TableRow>
              ))}
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
