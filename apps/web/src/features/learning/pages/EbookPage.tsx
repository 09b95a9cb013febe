/**
 * /iu/courses/:courseId/lessons/:lessonId/ebook?ebook=:id : a lecture's e-book in the PDF viewer,
 * opening at the page the learner was on and remembering the page as they read. The PDF can be
 * downloaded (the library's stamped copy, same access rule as reading), except in staff preview.
 */
import { ArrowLeft, Download, FileText } from "lucide-react";
import { useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams, useSearchParams } from "react-router";
import { Button, Container, Content, EmptyState, Select, Skeleton } from "../../../components/ui";
import { showError } from "../../../lib/toast";
import { positiveInt } from "../../catalog/logic";
import { downloadEbook } from "../../library/api";
import { saveEbookPage, useLecture } from "../api";
import { LectureBlocked } from "../components/LectureBlocked";
import { PdfViewer } from "../components/PdfViewer";
import { useLearnerPaths } from "../paths";

/** Page changes are saved after the reader settles on a page. */
const SAVE_PAGE_MS = 700;

export default function EbookPage() {
  const { t } = useTranslation("learning");
  const params = useParams();
  const courseId = positiveInt(params.courseId, 0);
  const lectureId = positiveInt(params.lessonId, 0);
  const [search, setSearch] = useSearchParams();
  const lecture = useLecture(lectureId);
  const ebooks = lecture.data?.ebooks ?? [];
  const wanted = positiveInt(search.get("ebook"), 0);
  const ebook = ebooks.find((e) => e.id === wanted) ?? ebooks[0];
  const paths = useLearnerPaths();
  const [downloading, setDownloading] = useState(false);
  const lecturePath = paths.lesson(courseId, lectureId);

  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const ebookId = ebook?.id;
  const onPageChange = useMemo(
    () => (page: number) => {
      if (!ebookId || paths.preview) return;
      clearTimeout(timer.current);
      timer.current = setTimeout(
        () =>
          // Reading goes on when the page is not saved; the next page turn saves again.
          void saveEbookPage(ebookId, page).catch((error: unknown) =>
            console.warn("e-book page not saved", { ebookId, page, error }),
          ),
        SAVE_PAGE_MS,
      );
    },
    [ebookId, paths.preview],
  );

  // The file URL carries a media token that changes on every lecture fetch: keep the first one so
  // a background refetch does not reload the book.
  const urls = useRef(new Map<number, string>());
  if (ebook && !urls.current.has(ebook.id)) urls.current.set(ebook.id, ebook.file_url);
  const url = ebook ? urls.current.get(ebook.id) : undefined;
  const initialPage = useRef(new Map<number, number>());
  if (ebook && !initialPage.current.has(ebook.id)) initialPage.current.set(ebook.id, ebook.last_page || 1);

  const back = (
    <Button asChild variant="ghost" size="sm">
      <Link to={`${lecturePath}#ebooks`}>
        <ArrowLeft aria-hidden="true" className="size-4" />
        <span className="sr-only sm:not-sr-only">{t("viewer.back")}</span>
      </Link>
    </Button>
  );

  if (lecture.isPending)
    return (
      <Container className="py-6" aria-busy="true">
        <Skeleton className="mb-4 h-8 w-64" />
        <Skeleton className="h-[70dvh] w-full" />
      </Container>
    );
  if (lecture.isError)
    return (
      <Container className="py-6">
        <LectureBlocked
          error={lecture.error}
          course={undefined}
          courseId={courseId}
          lectureId={lectureId}
          onRetry={() => void lecture.refetch()}
          retrying={lecture.isFetching}
        />
      </Container>
    );
  if (!ebook || !url)
    return (
      <Container className="py-10">
        <EmptyState
          icon={<FileText />}
          title={t("ebooks.emptyTitle")}
          text={t("ebooks.emptyText")}
          action={
            <Button asChild>
              <Link to={lecturePath}>{t("viewer.back")}</Link>
            </Button>
          }
        />
      </Container>
    );

  return (
    <div className="flex h-[calc(100dvh-4rem)] min-h-[32rem] flex-col">
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2 border-b border-border bg-surface px-4 py-3 sm:px-6">
        <div className="flex min-w-0 flex-1 flex-col">
          <p className="truncate text-xs text-fg-muted">
            <Content lang={lecture.data.course_title_lang}>{lecture.data.course_title}</Content> ·{" "}
            <Content lang={lecture.data.title_lang}>{lecture.data.title}</Content>
          </p>
          <Content
            as="h1"
            lang={ebook.title_lang}
            className="line-clamp-2 text-xl font-semibold break-words text-fg sm:line-clamp-1"
          >
            {ebook.title}
          </Content>
        </div>
        {!paths.preview && (
          <Button
            variant="secondary"
            size="sm"
            loading={downloading}
            onClick={() => {
              setDownloading(true);
              downloadEbook(ebook.id, ebook.title)
                .catch(showError)
                .finally(() => setDownloading(false));
            }}
          >
            {!downloading && <Download aria-hidden="true" className="size-4" />}
            {t("viewer.download")}
          </Button>
        )}
        {ebooks.length > 1 && (
          <div className="flex items-center gap-2 text-sm text-fg-muted">
            <label htmlFor="ebook-choice" className="sr-only sm:not-sr-only">
              {t("viewer.choose")}
            </label>
            <Select
              id="ebook-choice"
              value={String(ebook.id)}
              onChange={(event) => setSearch({ ebook: event.target.value }, { replace: true })}
              options={ebooks.map((e) => ({ value: String(e.id), label: e.title, lang: e.title_lang }))}
            />
          </div>
        )}
      </div>
      <PdfViewer
        key={ebook.id}
        url={url}
        initialPage={initialPage.current.get(ebook.id) ?? 1}
        onPageChange={onPageChange}
        start={back}
      />
    </div>
  );
}
