/**
 * "My notes" of a title: one entry per lecture with a note, and the exports: Markdown (the API's
 * download) and PDF (the notes laid out for print and the browser's print dialog, "Save as PDF").
 */
import { FileDown, NotebookPen, Printer } from "lucide-react";
import { type ReactNode, useEffect, useState } from "react";
import { createPortal } from "react-dom";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Button, Card, EmptyState, ErrorState, Skeleton } from "../../../components/ui";
import { dateLanguage, formatDate, relativeTime } from "../../../lib/format";
import { showError } from "../../../lib/toast";
import { exportNotes, fetchNote, type LectureNote, type NoteListItem, useCourseNotes } from "../api";
import { NoteContent, type NoteNode, proseClasses } from "../noteRender";

/** Saves text as a file through a temporary link. */
export function downloadText(text: string, filename: string, type = "text/markdown;charset=utf-8") {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement("a");
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export const slug = (text: string) =>
  text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "")
    .slice(0, 60) || "notes";

export function CourseNotes({ courseId, courseTitle }: { courseId: number; courseTitle: string }) {
  const { t, i18n } = useTranslation("learning");
  const language = dateLanguage(i18n.language);
  const notes = useCourseNotes(courseId);
  const [exporting, setExporting] = useState<"md" | "pdf" | null>(null);
  const [printable, setPrintable] = useState<Array<NoteListItem & { note: LectureNote | null }> | null>(null);

  const markdown = async () => {
    setExporting("md");
    try {
      downloadText(await exportNotes(courseId), `${slug(t("notes.fileName", { title: courseTitle }))}.md`);
    } catch (error) {
      showError(error);
    } finally {
      setExporting(null);
    }
  };
  const pdf = async () => {
    if (!notes.data) return;
    setExporting("pdf");
    try {
      const full = await Promise.all(
        notes.data.map(async (item) => ({ ...item, note: await fetchNote(item.lecture_id) })),
      );
      setPrintable(full);
    } catch (error) {
      showError(error);
      setExporting(null);
    }
  };

  useEffect(() => {
    if (!printable) return;
    document.body.classList.add("print-notes");
    const done = () => {
      document.body.classList.remove("print-notes");
      setPrintable(null);
      setExporting(null);
    };
    window.addEventListener("afterprint", done, { once: true });
    const timer = setTimeout(() => window.print(), 50);
    return () => {
      clearTimeout(timer);
      window.removeEventListener("afterprint", done);
      document.body.classList.remove("print-notes");
    };
  }, [printable]);

  let content: ReactNode;
  if (notes.isPending)
    content = (
      <div className="flex flex-col gap-3" aria-busy="true">
        <Skeleton className="h-20 w-full" />
        <Skeleton className="h-20 w-full" />
      </div>
    );
  else if (notes.isError)
    content = (
      <ErrorState
        message={t("notes.listFailed")}
        retryLabel={t("retry")}
        onRetry={() => void notes.refetch()}
        retrying={notes.isFetching}
      />
    );
  else if (notes.data.length === 0)
    content = <EmptyState icon={<NotebookPen />} title={t("notes.emptyTitle")} text={t("notes.emptyText")} />;
  else
    content = (
      <ul className="flex flex-col gap-3">
        {notes.data.map((item) => (
          <li key={item.lecture_id}>
            <Card interactive className="relative gap-1 p-4">
              <p className="text-xs text-fg-muted">
                {item.level_title} · {item.module_title}
              </p>
              <Link
                to={`/iu/courses/${courseId}/lesson/${item.lecture_id}#notes`}
                className="font-semibold text-fg after:absolute after:inset-0 focus-visible:outline-none focus-visible:after:rounded-lg focus-visible:after:outline-2 focus-visible:after:outline-ring"
              >
                {item.lecture_title}
              </Link>
              {item.excerpt && <p className="line-clamp-2 text-sm text-fg-muted">{item.excerpt}</p>}
              <p className="text-xs text-fg-muted">
                {t("notes.updated", { when: relativeTime(item.updated_at, language) })}
              </p>
            </Card>
          </li>
        ))}
      </ul>
    );

  return (
    <section aria-labelledby="my-notes" id="notes" className="flex scroll-mt-24 flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="my-notes" className="text-xl font-semibold text-fg">
          {t("notes.title")}
        </h2>
        {notes.data && notes.data.length > 0 && (
          <div className="flex flex-wrap gap-2">
            <Button
              variant="secondary"
              size="sm"
              loading={exporting === "md"}
              onClick={() => void markdown()}
            >
              {exporting !== "md" && <FileDown aria-hidden="true" className="size-4" />}
              {t("notes.exportMarkdown")}
            </Button>
            <Button variant="secondary" size="sm" loading={exporting === "pdf"} onClick={() => void pdf()}>
              {exporting !== "pdf" && <Printer aria-hidden="true" className="size-4" />}
              {t("notes.exportPdf")}
            </Button>
          </div>
        )}
      </div>
      {content}
      {printable &&
        createPortal(
          <div className="notes-print">
            <style>{printStyles}</style>
            <h1>{t("notes.fileName", { title: courseTitle })}</h1>
            <p className="notes-print-date">{formatDate(new Date(), language)}</p>
            {printable.map((item) => (
              <article key={item.lecture_id}>
                <p className="notes-print-where">
                  {item.level_title} · {item.module_title}
                </p>
                <h2>{item.lecture_title}</h2>
                <NoteContent doc={item.note?.content as NoteNode | undefined} className={proseClasses} />
              </article>
            ))}
          </div>,
          document.body,
        )}
    </section>
  );
}

const printStyles = `
.notes-print { display: none; }
@media print {
  body.print-notes > :not(.notes-print) { display: none !important; }
  body.print-notes { background: #fff; }
  body.print-notes .notes-print { display: block; color: #000; font-size: 12pt; padding: 0; }
  .notes-print h1 { font-size: 20pt; font-weight: 600; margin: 0 0 4pt; }
  .notes-print-date, .notes-print-where { color: #444; font-size: 10pt; margin: 0; }
  .notes-print article { break-inside: avoid-page; margin-top: 18pt; }
  .notes-print h2 { font-size: 15pt; font-weight: 600; margin: 2pt 0 6pt; }
  .notes-print * { color: #000 !important; }
}`;
