/**
 * /iu/library/:ebookId : one e-book of "My library" in the PDF viewer, opening at the page the
 * learner was on and remembering the page on the server as they read (also for e-books bought
 * without the title, which the lecture page does not open). Access is the server's decision.
 */
import { useQueryClient } from "@tanstack/react-query";
import { ArrowLeft, Download, FileWarning } from "lucide-react";
import { useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { Button, buttonClasses, Container, EmptyState, ErrorState, Skeleton } from "../../../components/ui";
import { ApiError } from "../../../lib/http";
import { showError } from "../../../lib/toast";
import { positiveInt } from "../../catalog/logic";
import { saveEbookPage } from "../../learning/api";
import { PdfViewer } from "../../learning/components/PdfViewer";
import { downloadEbook, libraryKeys, useLibraryEbook } from "../api";

/** Page changes are saved after the reader settles on a page. */
const SAVE_PAGE_MS = 700;

export default function LibraryReaderPage() {
  const { t } = useTranslation("library");
  const id = positiveInt(useParams().ebookId, 0);
  const ebook = useLibraryEbook(id);
  const [downloading, setDownloading] = useState(false);
  const [saveFailed, setSaveFailed] = useState(false);
  const client = useQueryClient();

  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const onPageChange = useMemo(
    () => (page: number) => {
      if (!id) return;
      clearTimeout(timer.current);
      timer.current = setTimeout(() => {
        saveEbookPage(id, page).then(
          () => {
            setSaveFailed(false);
            // The library shows the new page when the learner goes back to it.
            void client.invalidateQueries({ queryKey: libraryKeys.lists, refetchType: "none" });
          },
          (error: unknown) => {
            // Reading goes on; the learner is told once, and the next page turn tries again.
            console.warn("e-book page not saved", { ebookId: id, page, error });
            setSaveFailed(true);
          },
        );
      }, SAVE_PAGE_MS);
    },
    [id, client],
  );

  const back = (
    <Button asChild variant="ghost" size="sm">
      <Link to="/iu/library">
        <ArrowLeft aria-hidden="true" className="size-4" />
        <span className="sr-only sm:not-sr-only">{t("viewer.back")}</span>
      </Link>
    </Button>
  );

  if (ebook.isPending && id > 0)
    return (
      <Container className="py-6" aria-busy="true">
        <span className="sr-only" role="status">
          {t("loading")}
        </span>
        <Skeleton className="mb-4 h-8 w-64" />
        <Skeleton className="h-[70dvh] w-full" />
      </Container>
    );
  if (!ebook.data)
    return (
      <Container className="py-10">
        {ebook.error instanceof ApiError || !(id > 0) ? (
          <EmptyState
            icon={<FileWarning />}
            title={t("viewer.notFound")}
            text={ebook.error instanceof ApiError ? ebook.error.message : t("viewer.notFoundText")}
            action={
              <Link to="/iu/library" className={buttonClasses({})}>
                {t("viewer.back")}
              </Link>
            }
          />
        ) : (
          <ErrorState
            message={t("loadFailed")}
            retryLabel={t("retry")}
            onRetry={() => void ebook.refetch()}
            retrying={ebook.isFetching}
          />
        )}
      </Container>
    );

  const book = ebook.data;
  const download = async () => {
    setDownloading(true);
    try {
      await downloadEbook(book.id, book.title);
    } catch (error) {
      showError(error);
    } finally {
      setDownloading(false);
    }
  };
  return (
    <div className="flex h-[calc(100dvh-4rem)] min-h-[32rem] flex-col">
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2 border-b border-border bg-surface px-4 py-3 sm:px-6">
        <div className="flex min-w-0 flex-1 flex-col">
          <p className="truncate text-xs text-fg-muted">
            {book.course.title} · {book.lecture.title}
          </p>
          <h1 className="line-clamp-2 text-xl font-semibold break-words text-fg sm:line-clamp-1">
            {book.title}
          </h1>
        </div>
        <Button variant="secondary" size="sm" loading={downloading} onClick={() => void download()}>
          {!downloading && <Download aria-hidden="true" className="size-4" />}
          {t("download")}
        </Button>
      </div>
      {saveFailed && (
        <p
          role="status"
          className="border-b border-border bg-warning-soft px-4 py-2 text-sm text-warning sm:px-6"
        >
          {t("viewer.saveFailed")}
        </p>
      )}
      <PdfViewer
        key={book.id}
        url={book.file_url}
        initialPage={book.last_page || 1}
        onPageChange={onPageChange}
        start={back}
      />
    </div>
  );
}
