/**
 * /iu/courses/:courseId/lesson/:lessonId: the lecture. Tracked video that resumes where the learner
 * stopped, the quiz button (open once the whole video was watched), previous/next lectures, the
 * outline beside it, and tabs for the description, e-books, notes, FAQs and Q&A (`#qa` opens Q&A).
 */
import type { LectureDetail, ProgressResult } from "@aprendo/contract";
import { useQueryClient } from "@tanstack/react-query";
import { ArrowLeft, ArrowRight, ChevronRight, FileQuestion, PartyPopper } from "lucide-react";
import { lazy, type RefObject, Suspense, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation, useParams } from "react-router";
import {
  Banner,
  Button,
  Card,
  Container,
  Content,
  ProgressBar,
  Quoting,
  Skeleton,
  SkeletonText,
  Tabs,
  TabsContent,
  TabsList,
  TabsTrigger,
} from "../../../components/ui";
import { translateMessage } from "../../../i18n";
import { reportUnexpected } from "../../../lib/report-error";
import { showSuccess } from "../../../lib/toast";
import { useCourse } from "../../catalog/api";
import { positiveInt } from "../../catalog/logic";
import { ticketFromLectureLink } from "../../support/logic";
import { lectureKey, reportProgress, useLecture } from "../api";
import { LectureBlocked } from "../components/LectureBlocked";
import { EbookList, FaqList, LectureDescription } from "../components/LectureResources";
import { MarkComplete } from "../components/MarkComplete";
import { OutlineAside, OutlineDrawerButton } from "../components/OutlinePanel";
import { QaSection } from "../components/QaSection";
import { StateBadge } from "../components/StateBadge";
import { VideoPlayer } from "../components/VideoPlayer";
import { ResourceList } from "../components/video/ResourceList";
import { useLearnerPaths } from "../paths";
import { stateLook } from "../states";

const NotesEditor = lazy(() => import("../components/NotesEditor"));

const tabs = ["about", "ebooks", "notes", "faqs", "qa"] as const;
type Tab = (typeof tabs)[number];
const tabOf = (hash: string): Tab | null => {
  const name = hash.replace(/^#/, "");
  return (tabs as readonly string[]).includes(name) ? (name as Tab) : null;
};

export default function LecturePage() {
  const { t, i18n } = useTranslation("learning");
  const params = useParams();
  const courseId = positiveInt(params.courseId, 0);
  const lectureId = positiveInt(params.lessonId, 0);
  const location = useLocation();
  const client = useQueryClient();
  const course = useCourse(courseId);
  const lecture = useLecture(lectureId);
  const [tab, setTab] = useState<Tab>(() => tabOf(location.hash) ?? "about");
  const tabsRef = useRef<HTMLDivElement>(null);
  const paths = useLearnerPaths();
  const [justCompleted, setJustCompleted] = useState(false);

  // A link to #qa (the Q&A notification) or #notes opens that tab and scrolls to it once it is there.
  const loaded = lecture.isSuccess;
  useEffect(() => {
    const wanted = tabOf(location.hash);
    if (!wanted || !loaded) return;
    setTab(wanted);
    const frame = requestAnimationFrame(() => tabsRef.current?.scrollIntoView({ block: "start" }));
    return () => cancelAnimationFrame(frame);
  }, [location.hash, loaded]);

  const onProgress = (result: ProgressResult) => {
    const key = lectureKey(lectureId, i18n.language === "es" ? "es" : "en");
    const before = client.getQueryData<LectureDetail>(key);
    client.setQueryData<LectureDetail>(key, (current) =>
      current
        ? {
            ...current,
            state: result.state,
            can_take_quiz: result.can_take_quiz,
            quiz_message: result.can_take_quiz ? null : current.quiz_message,
            next_lecture: result.next_lecture ?? current.next_lecture,
            progress: {
              watched_seconds: result.watched_seconds,
              watched_percent: result.watched_percent,
              last_position_seconds: result.last_position_seconds,
              video_watched: result.video_watched,
              completed: result.completed,
              quiz_passed: result.quiz_passed,
            },
          }
        : current,
    );
    const changed =
      before &&
      (before.state !== result.state ||
        before.progress?.video_watched !== result.video_watched ||
        before.next_lecture?.state !== result.next_lecture?.state);
    if (changed) {
      void client.invalidateQueries({ queryKey: ["catalog"] });
      void client.invalidateQueries({ queryKey: ["learning", "lecture", result.next_lecture?.id ?? -1] });
    }
    if (before && !before.progress?.completed && result.completed) {
      setJustCompleted(true);
      showSuccess(t("lecture.completedToast"));
    }
  };

  const crumbs = (
    <nav aria-label={t("breadcrumb")} className="text-sm text-fg-muted">
      <ol className="flex flex-wrap items-center gap-1">
        <li>
          <Link
            to={paths.preview ? `/af/courses/${courseId}` : "/iu/courses/enrolled"}
            className="hover:text-fg hover:underline"
          >
            {paths.preview ? t("previewMode.editor") : t("myTitles")}
          </Link>
        </li>
        <li className="flex items-center gap-1">
          <ChevronRight aria-hidden="true" className="size-4" />
          <Link to={paths.course(courseId)} className="hover:text-fg hover:underline">
            {lecture.data ? (
              <Content lang={lecture.data.course_title_lang}>{lecture.data.course_title}</Content>
            ) : course.data ? (
              <Content lang={course.data.title_lang}>{course.data.title}</Content>
            ) : (
              t("title")
            )}
          </Link>
        </li>
        {lecture.data && (
          <li className="hidden items-center gap-1 sm:flex">
            <ChevronRight aria-hidden="true" className="size-4" />
            <Content lang={lecture.data.module.title_lang}>{lecture.data.module.title}</Content>
          </li>
        )}
      </ol>
    </nav>
  );

  return (
    <Container className="py-6 sm:py-8">
      <div className="grid grid-cols-1 gap-8 xl:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="flex min-w-0 flex-col gap-6">
          <div className="flex flex-wrap items-start justify-between gap-3">
            {crumbs}
            <OutlineDrawerButton course={course.data} lectureId={lectureId} query={course} />
          </div>
          {lecture.isPending ? (
            <LectureSkeleton />
          ) : lecture.isError ? (
            <LectureBlocked
              error={lecture.error}
              course={course.data}
              courseId={courseId}
              lectureId={lectureId}
              onRetry={() => void lecture.refetch()}
              retrying={lecture.isFetching}
            />
          ) : (
            <LectureBody
              lecture={lecture.data}
              onProgress={onProgress}
              justCompleted={justCompleted}
              tab={tab}
              onTab={setTab}
              tabsRef={tabsRef}
            />
          )}
        </div>
        <OutlineAside course={course.data} lectureId={lectureId} query={course} />
      </div>
    </Container>
  );
}

function LectureSkeleton() {
  return (
    <div className="flex flex-col gap-4" aria-busy="true">
      <Skeleton className="h-9 w-2/3" />
      <Skeleton className="aspect-video w-full" />
      <Skeleton className="h-11 w-full" />
      <SkeletonText lines={3} />
    </div>
  );
}

function LectureBody({
  lecture,
  onProgress,
  justCompleted,
  tab,
  onTab,
  tabsRef,
}: {
  lecture: LectureDetail;
  onProgress: (result: ProgressResult) => void;
  justCompleted: boolean;
  tab: Tab;
  onTab: (tab: Tab) => void;
  tabsRef: RefObject<HTMLDivElement | null>;
}) {
  const { t } = useTranslation("learning");
  const paths = useLearnerPaths();
  const progress = lecture.progress;
  const next = lecture.next_lecture;
  const previous = lecture.previous_lecture;
  const nextOpens = next ? stateLook(next.state).opens : false;
  const lessonPath = (id: number) => paths.lesson(lecture.course_id, id);
  const tracked = !paths.preview && lecture.state !== "not_enrolled" && progress !== null;

  // Opening a lecture without a video makes it the one to continue (the dashboard's "continue
  // learning"); the learner then marks it complete (MarkComplete).
  const reportOpened = tracked && !lecture.video && !progress?.video_watched;
  const onProgressRef = useRef(onProgress);
  onProgressRef.current = onProgress;
  useEffect(() => {
    if (!reportOpened) return;
    let live = true;
    reportProgress(lecture.id, { ranges: [], position: 0 })
      .then((result) => live && onProgressRef.current(result))
      .catch(reportUnexpected("recording a lecture as opened", { lectureId: lecture.id }));
    return () => {
      live = false;
    };
  }, [reportOpened, lecture.id]);

  return (
    <>
      <header className="flex flex-col gap-2">
        <Content as="p" lang={lecture.level.title_lang} className="text-sm font-medium text-primary">
          {lecture.level.title}
        </Content>
        <Content
          as="h1"
          lang={lecture.title_lang}
          className="text-2xl font-semibold tracking-tight text-fg sm:text-3xl"
        >
          {lecture.title}
        </Content>
        <div className="flex flex-wrap items-center gap-2">
          <StateBadge state={lecture.state} isPreview={lecture.is_preview} />
          {lecture.has_quiz && (
            <span className="inline-flex items-center gap-1 text-xs text-fg-muted">
              <FileQuestion aria-hidden="true" className="size-3.5" />
              {t("outline.quiz")}
            </span>
          )}
        </div>
      </header>

      {lecture.video ? (
        <VideoPlayer
          key={lecture.id}
          lectureId={lecture.id}
          video={lecture.video}
          lastPosition={progress?.last_position_seconds ?? 0}
          tracked={tracked}
          onResult={onProgress}
          title={lecture.title}
          next={next && nextOpens ? { title: next.title, href: lessonPath(next.id) } : null}
        />
      ) : tracked ? (
        <MarkComplete lecture={lecture} onResult={onProgress} />
      ) : (
        <Banner tone="info">{translateMessage("lecture.noVideo")}</Banner>
      )}

      {progress && lecture.video && (
        <ProgressBar
          value={progress.watched_percent}
          tone={progress.video_watched ? "success" : "primary"}
          label={t("video.watched")}
          valueText={t("video.watchedText", { percent: progress.watched_percent })}
          showValue
          size="sm"
        />
      )}

      {justCompleted && next && nextOpens && (
        <Banner
          tone="success"
          title={t("lecture.completedTitle")}
          action={
            <Button asChild size="sm">
              <Link to={lessonPath(next.id)}>
                {t("lecture.startNext")}
                <ArrowRight aria-hidden="true" className="size-4" />
              </Link>
            </Button>
          }
        >
          <Quoting
            text={t("lecture.nextUnlocked", { title: next.title })}
            quote={next.title}
            lang={next.title_lang}
          />
        </Banner>
      )}

      {lecture.has_quiz && (
        <Card className="flex-col gap-3 p-4 sm:flex-row sm:items-center" data-testid="quiz-card">
          <span
            aria-hidden="true"
            className="flex size-11 shrink-0 items-center justify-center rounded-lg bg-primary-soft text-primary"
          >
            {lecture.state === "quiz_passed" ? (
              <PartyPopper className="size-5" />
            ) : (
              <FileQuestion className="size-5" />
            )}
          </span>
          <div className="flex min-w-0 flex-1 flex-col">
            <p className="font-semibold text-fg">{t("quiz.title")}</p>
            <p className="text-sm text-fg-muted">
              {paths.preview
                ? t("previewMode.quiz")
                : lecture.state === "quiz_passed"
                  ? t("quiz.passed")
                  : lecture.can_take_quiz
                    ? t("quiz.open")
                    : (lecture.quiz_message ?? translateMessage("lecture.watchVideoFirst"))}
            </p>
          </div>
          {paths.preview ? null : lecture.can_take_quiz ? (
            <Button asChild>
              <Link to={`${lessonPath(lecture.id)}/quiz`}>
                {lecture.state === "quiz_passed" ? t("quiz.retake") : t("quiz.take")}
              </Link>
            </Button>
          ) : (
            <Button disabled aria-describedby={undefined}>
              {t("quiz.take")}
            </Button>
          )}
        </Card>
      )}

      <nav aria-label={t("lecture.neighbours")} className="grid grid-cols-2 gap-3">
        {previous ? (
          <Button asChild variant="secondary" className="h-auto justify-start py-2 whitespace-normal">
            <Link to={lessonPath(previous.id)}>
              <ArrowLeft aria-hidden="true" className="size-4 shrink-0" />
              <span className="flex min-w-0 flex-col text-left">
                <span className="text-xs text-fg-muted">{t("lecture.previous")}</span>
                <Content lang={previous.title_lang} className="line-clamp-2">
                  {previous.title}
                </Content>
              </span>
            </Link>
          </Button>
        ) : (
          <span />
        )}
        {next &&
          (nextOpens ? (
            <Button asChild variant="secondary" className="h-auto justify-end py-2 whitespace-normal">
              <Link to={lessonPath(next.id)} data-testid="next-lecture">
                <span className="flex min-w-0 flex-col text-right">
                  <span className="text-xs text-fg-muted">{t("lecture.next")}</span>
                  <Content lang={next.title_lang} className="line-clamp-2">
                    {next.title}
                  </Content>
                </span>
                <ArrowRight aria-hidden="true" className="size-4 shrink-0" />
              </Link>
            </Button>
          ) : (
            <div
              className="flex flex-col items-end justify-center rounded-md border border-dashed border-border-strong px-3 py-2 text-right"
              data-testid="next-lecture-locked"
            >
              <span className="text-xs text-fg-muted">{t("lecture.next")}</span>
              <Content lang={next.title_lang} className="line-clamp-2 text-sm text-fg-muted">
                {next.title}
              </Content>
              <span className="text-xs text-fg-muted">
                {next.state !== "locked"
                  ? t(stateLook(next.state).label)
                  : lecture.has_quiz && progress?.video_watched
                    ? t("lecture.passQuizToUnlock")
                    : lecture.video
                      ? t("lecture.finishToUnlock")
                      : t("lecture.markToUnlock")}
              </span>
            </div>
          ))}
      </nav>

      {!paths.preview && (
        <p className="text-sm">
          <Link
            to={ticketFromLectureLink({
              course_id: lecture.course_id,
              lecture_id: lecture.id,
              video_time: progress?.last_position_seconds,
            })}
            className="text-primary hover:underline"
          >
            {t("lecture.reportProblem")}
          </Link>
        </p>
      )}

      <div ref={tabsRef} id="qa" className="scroll-mt-24">
        <Tabs value={tab} onValueChange={(value) => onTab(value as Tab)}>
          <TabsList aria-label={t("tabs.label")}>
            <TabsTrigger value="about">{t("tabs.about")}</TabsTrigger>
            <TabsTrigger value="ebooks">
              {t("tabs.ebooks")}
              {lecture.ebooks.length > 0 && <Count n={lecture.ebooks.length} />}
            </TabsTrigger>
            <TabsTrigger value="notes">{t("tabs.notes")}</TabsTrigger>
            <TabsTrigger value="faqs">
              {t("tabs.faqs")}
              {lecture.faqs.length > 0 && <Count n={lecture.faqs.length} />}
            </TabsTrigger>
            <TabsTrigger value="qa">{t("tabs.qa")}</TabsTrigger>
          </TabsList>
          <TabsContent value="about">
            <LectureDescription text={lecture.description} lang={lecture.description_lang} />
            {!paths.preview && lecture.progress !== null && <ResourceList lectureId={lecture.id} />}
          </TabsContent>
          <TabsContent value="ebooks">
            <EbookList lecture={lecture} />
          </TabsContent>
          <TabsContent value="notes">
            {paths.preview ? (
              <Banner tone="info">{t("previewMode.notes")}</Banner>
            ) : (
              <>
                <Suspense
                  fallback={
                    <div aria-busy="true" className="flex flex-col gap-2">
                      <Skeleton className="h-10 w-full" />
                      <Skeleton className="h-48 w-full" />
                    </div>
                  }
                >
                  <NotesEditor lectureId={lecture.id} hasVideo={Boolean(lecture.video)} />
                </Suspense>
                <p className="mt-3 text-sm">
                  <Link
                    to={`/iu/courses/${lecture.course_id}#notes`}
                    className="text-primary hover:underline"
                  >
                    {t("notes.allOfTitle")}
                  </Link>
                </p>
              </>
            )}
          </TabsContent>
          <TabsContent value="faqs">
            <FaqList faqs={lecture.faqs} />
          </TabsContent>
          <TabsContent value="qa">
            {paths.preview ? (
              <Banner tone="info">{t("previewMode.qa")}</Banner>
            ) : (
              <QaSection lectureId={lecture.id} />
            )}
          </TabsContent>
        </Tabs>
      </div>
    </>
  );
}

function Count({ n }: { n: number }) {
  return <span className="rounded-full bg-surface-muted px-1.5 text-xs text-fg-muted tabular-nums">{n}</span>;
}
