/**
 * /af/courses/:id/quizzes: every lecture quiz and module or level exam of a title, in the order of
 * its outline, with a link to edit it or to add one where none exists; and the CSV bulk upload
 * (permission 21, isAbleToBulkUploadQuizzes) with its line-by-line error report.
 */
import { quizLimits } from "@aprendo/contract";
import { ArrowLeft, Download, FileQuestion, Pencil, Plus, Upload } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { ListStates } from "../../../components/admin";
import {
  Badge,
  Banner,
  Button,
  Card,
  Container,
  FileDropZone,
  PageHeader,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeaderCell,
  TableRow,
} from "../../../components/ui";
import { formatMoney } from "../../../lib/format";
import { showError, showSuccess } from "../../../lib/toast";
import { useSession } from "../../../stores/session";
import {
  type AdminQuizSummary,
  type BulkLine,
  type BulkReport,
  bulkLines,
  useAdminOutline,
  useBulkUpload,
  useCourseQuizzes,
} from "../api";
import { csvTemplate, formatClock } from "../logic";

type Row = {
  key: string;
  depth: number;
  kind: "lecture" | "module" | "level";
  id: number;
  title: string;
  quiz: AdminQuizSummary | undefined;
};

function BulkUpload({ courseId, firstOwner }: { courseId: number; firstOwner: string }) {
  const { t } = useTranslation("quizzes");
  const upload = useBulkUpload();
  const [files, setFiles] = useState<File[]>([]);
  const [report, setReport] = useState<BulkReport | null>(null);
  const [lines, setLines] = useState<BulkLine[] | null>(null);
  const templateUrl = `data:text/csv;charset=utf-8,${encodeURIComponent(csvTemplate(firstOwner))}`;

  const send = async () => {
    const file = files[0];
    if (!file) return;
    setReport(null);
    setLines(null);
    try {
      const result = await upload.mutateAsync(file);
      setReport(result);
      setFiles([]);
      showSuccess(result.message);
    } catch (error) {
      const found = bulkLines(error);
      if (found) setLines(found);
      showError(found ? (error as Error).message : error);
    }
  };

  return (
    <Card className="gap-4 p-5 sm:p-6" data-testid="bulk-upload">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex flex-col gap-1">
          <h2 className="text-xl font-semibold text-fg">{t("admin.bulkTitle")}</h2>
          <p className="max-w-2xl text-sm text-fg-muted">{t("admin.bulkText")}</p>
        </div>
        <Button asChild variant="secondary" size="sm">
          <a href={templateUrl} download={`quizzes-template-${courseId}.csv`}>
            <Download aria-hidden="true" className="size-4" />
            {t("admin.bulkTemplate")}
          </a>
        </Button>
      </div>
      <details className="rounded-md border border-border px-3 py-2 text-sm text-fg">
        <summary className="cursor-pointer font-medium">{t("admin.bulkColumns")}</summary>
        <ul className="mt-2 flex list-disc flex-col gap-1 pl-5 text-fg-muted">
          {(["owner", "type", "question", "options", "correct", "explanation", "settings"] as const).map(
            (c) => (
              <li key={c}>{t(`admin.bulkColumn.${c}`)}</li>
            ),
          )}
        </ul>
      </details>
      <FileDropZone
        label={t("admin.bulkDrop")}
        hint={t("admin.bulkHint")}
        accept=".csv,text/csv"
        maxSize={quizLimits.bulkFileMaxBytes}
        multiple={false}
        files={files}
        onFilesChange={setFiles}
        onReject={(reason) => showError(t(`admin.bulkReject.${reason}`))}
        removeLabel={(file) => t("admin.removeFile", { name: file.name })}
      />
      <div>
        <Button
          onClick={() => void send()}
          disabled={files.length === 0}
          loading={upload.isPending}
          data-testid="bulk-send"
        >
          {!upload.isPending && <Upload aria-hidden="true" className="size-4" />}
          {t("admin.bulkSend")}
        </Button>
      </div>
      {report && (
        <Banner tone="success" title={report.message}>
          {t("admin.bulkDone", { questions: report.imported_questions, quizzes: report.quizzes_created })}
        </Banner>
      )}
      {lines && (
        <div className="flex flex-col gap-2" data-testid="bulk-errors">
          <Banner tone="danger" title={t("admin.bulkFailed", { count: lines.length })}>
            {t("admin.bulkFailedText")}
          </Banner>
          <Table caption={t("admin.bulkReport")}>
            <TableHead>
              <TableRow>
                <TableHeaderCell>{t("admin.line")}</TableHeaderCell>
                <TableHeaderCell>{t("admin.field")}</TableHeaderCell>
                <TableHeaderCell>{t("admin.problem")}</TableHeaderCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {lines.map((line, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a report, never reordered
                <TableRow key={index}>
                  <TableCell className="tabular-nums">{line.line}</TableCell>
                  <TableCell>
                    <code className="text-xs">{line.field}</code>
                  </TableCell>
                  <TableCell>{line.message}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
      )}
    </Card>
  );
}

export default function CourseQuizzesPage() {
  const { t, i18n } = useTranslation("quizzes");
  const courseId = Number(useParams().id) || 0;
  const outline = useAdminOutline(courseId);
  const quizzes = useCourseQuizzes(courseId);
  const canBulk = useSession((s) => s.permissions.includes("isAbleToBulkUploadQuizzes"));
  const language = i18n.language === "es" ? "es" : "en";
  const find = (kind: Row["kind"], id: number) =>
    quizzes.data?.find((q) => q.kind === kind && q.owner.id === id);

  const rows: Row[] = [];
  for (const level of outline.data?.levels ?? []) {
    for (const module of level.modules) {
      for (const lecture of module.lectures)
        rows.push({
          key: `l${lecture.id}`,
          depth: 2,
          kind: "lecture",
          id: lecture.id,
          title: lecture[`title_${language}`],
          quiz: find("lecture", lecture.id),
        });
      rows.push({
        key: `m${module.id}`,
        depth: 1,
        kind: "module",
        id: module.id,
        title: module[`title_${language}`],
        quiz: find("module", module.id),
      });
    }
    rows.push({
      key: `v${level.id}`,
      depth: 0,
      kind: "level",
      id: level.id,
      title: level[`title_${language}`],
      quiz: find("level", level.id),
    });
  }
  const courseTitle = outline.data?.[`title_${language}`];
  const firstLecture = rows.find((r) => r.kind === "lecture");

  return (
    <Container className="max-w-5xl py-6 sm:py-8">
      <PageHeader
        above={
          <Link
            to={`/af/courses/${courseId}`}
            className="inline-flex items-center gap-1.5 rounded-sm hover:text-fg focus-ring"
          >
            <ArrowLeft aria-hidden="true" className="size-4" />
            {t("admin.backToCourse")}
          </Link>
        }
        title={t("admin.quizzesTitle")}
        subtitle={courseTitle}
      />
      <div className="flex flex-col gap-6">
        <ListStates
          query={{
            isPending: outline.isPending || quizzes.isPending,
            isError: outline.isError || quizzes.isError,
            isFetching: outline.isFetching || quizzes.isFetching,
            refetch: () => Promise.all([outline.refetch(), quizzes.refetch()]),
          }}
          isEmpty={rows.length === 0}
          empty={<Card className="p-6 text-sm text-fg-muted">{t("admin.noOutline")}</Card>}
          errorMessage={t("loadFailed")}
          retryLabel={t("retry")}
          loadingLabel={t("loading")}
        >
          <Table caption={t("admin.quizzesTitle")}>
            <TableHead>
              <TableRow>
                <TableHeaderCell>{t("admin.where")}</TableHeaderCell>
                <TableHeaderCell>{t("admin.quiz")}</TableHeaderCell>
                <TableHeaderCell align="right">
                  <span className="sr-only">{t("admin.actions")}</span>
                </TableHeaderCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((row) => (
                <TableRow key={row.key} className={row.depth < 2 ? "bg-surface-muted/40" : undefined}>
                  <TableCell>
                    <div className="flex flex-col">
                      <span className="text-xs text-fg-muted">{t(`admin.owner.${row.kind}`)}</span>
                      <span className={row.kind === "lecture" ? "text-fg" : "font-semibold text-fg"}>
                        {row.title}
                      </span>
                    </div>
                  </TableCell>
                  <TableCell>
                    {row.quiz ? (
                      <div className="flex flex-wrap items-center gap-2 text-sm">
                        <Badge tone={row.quiz.status === "published" ? "success" : "neutral"}>
                          {t(`admin.status.${row.quiz.status}`)}
                        </Badge>
                        <span className="text-fg-muted tabular-nums">
                          {t("instructions.questionCount", { count: row.quiz.question_count })} ·{" "}
                          {formatClock(row.quiz.time_limit_seconds)} · {row.quiz.pass_mark_percent}%
                          {row.quiz.is_paid && ` · ${formatMoney(row.quiz.price_pence, i18n.language)}`}
                        </span>
                      </div>
                    ) : (
                      <span className="text-sm text-fg-muted">{t("admin.noQuiz")}</span>
                    )}
                  </TableCell>
                  <TableCell align="right">
                    {row.quiz ? (
                      <Button asChild variant="secondary" size="sm">
                        <Link
                          to={`/af/courses/${courseId}/quizzes/${row.quiz.id}`}
                          aria-label={t("admin.editQuizOf", { title: row.title })}
                        >
                          <Pencil aria-hidden="true" className="size-4" />
                          {t("admin.edit")}
                        </Link>
                      </Button>
                    ) : (
                      <Button asChild variant="ghost" size="sm">
                        <Link
                          to={`/af/courses/${courseId}/quizzes/new?owner=${row.kind}:${row.id}`}
                          aria-label={t("admin.addQuizTo", { title: row.title })}
                        >
                          <Plus aria-hidden="true" className="size-4" />
                          {t("admin.add")}
                        </Link>
                      </Button>
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </ListStates>
        {canBulk ? (
          <BulkUpload
            courseId={courseId}
            firstOwner={firstLecture ? `lecture:${firstLecture.id}` : "lecture:1"}
          />
        ) : (
          <p className="flex items-center gap-2 text-sm text-fg-muted">
            <FileQuestion aria-hidden="true" className="size-4" />
            {t("admin.bulkNoPermission")}
          </p>
        )}
      </div>
    </Container>
  );
}
