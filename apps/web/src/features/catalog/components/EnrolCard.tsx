/** The title page's action card: cover, price, progress and the one thing to do next. */
import type { CourseDetail } from "@aprendo/contract";
import { CalendarClock, CirclePlay, LogIn, RotateCcw, ShoppingCart, Sparkles } from "lucide-react";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Banner, Button, Card, ProgressBar } from "../../../components/ui";
import { formatMoney } from "../../../lib/format";
import { showError, showSuccess } from "../../../lib/toast";
import { useLearnerPaths } from "../../learning/paths";
import { useEnrol } from "../api";
import { addCourseToCart } from "../cart";
import { clock } from "../logic";
import { CourseCover } from "./CourseCover";
import { CourseMeta } from "./CourseMeta";
import { NotifyMeButton, WishlistButton } from "./WishlistButton";

export function EnrolCard({
  course,
  onLogin,
}: {
  course: CourseDetail;
  /** Guests: open the log in or register dialog. */
  onLogin?: () => void;
}) {
  const { t, i18n } = useTranslation("catalog");
  const enrol = useEnrol();
  const [adding, setAdding] = useState(false);
  const progress = course.progress;
  const resume = course.resume;
  const paths = useLearnerPaths();
  const lessonPath = (id: number) => paths.lesson(course.id, id);
  const firstLecture = course.levels.flatMap((l) => l.modules.flatMap((m) => m.lectures))[0];
  const price =
    course.status === "coming_soon"
      ? t("comingSoon")
      : course.is_free
        ? t("free")
        : formatMoney(course.price_pence, i18n.language, course.currency);

  let action: ReactNode = null;
  if (paths.preview)
    action = firstLecture ? (
      <Button asChild size="lg" fullWidth>
        <Link to={lessonPath(firstLecture.id)}>
          <CirclePlay aria-hidden="true" className="size-5" />
          {t("cta.start")}
        </Link>
      </Button>
    ) : (
      <p className="text-sm text-fg-muted">{t("cta.noLectures")}</p>
    );
  else
    switch (course.enrol_action) {
      case "enrolled": {
        const started = (progress?.completed_lectures ?? 0) > 0 || (resume?.position_seconds ?? 0) > 0;
        const finished = progress !== null && progress.percent >= 100;
        action = resume ? (
          <Button asChild size="lg" fullWidth>
            <Link to={lessonPath(resume.lecture_id)}>
              {finished ? (
                <RotateCcw aria-hidden="true" className="size-5" />
              ) : (
                <CirclePlay aria-hidden="true" className="size-5" />
              )}
              {finished ? t("cta.review") : started ? t("cta.continue") : t("cta.start")}
            </Link>
          </Button>
        ) : (
          <p className="text-sm text-fg-muted">{t("cta.noLectures")}</p>
        );
        break;
      }
      case "enrol":
        action = (
          <Button
            size="lg"
            fullWidth
            loading={enrol.isPending}
            onClick={() =>
              enrol.mutate(course.id, {
                onSuccess: (result) => showSuccess(result.message),
                onError: showError,
              })
            }
          >
            {!enrol.isPending && <Sparkles aria-hidden="true" className="size-5" />}
            {t("cta.enrolFree")}
          </Button>
        );
        break;
      case "cart":
        action = (
          <Button
            size="lg"
            variant="accent"
            fullWidth
            loading={adding}
            onClick={async () => {
              setAdding(true);
              try {
                await addCourseToCart(course, {
                  added: t("cart.added", { title: course.title }),
                });
              } finally {
                setAdding(false);
              }
            }}
          >
            {!adding && <ShoppingCart aria-hidden="true" className="size-5" />}
            {t("cta.addToCart")}
          </Button>
        );
        break;
      case "coming_soon":
        action = (
          <>
            <Banner tone="info" className="w-full">
              {t("cta.comingSoonText")}
            </Banner>
            <NotifyMeButton course={course} />
          </>
        );
        break;
      case "login":
        action = (
          <Button size="lg" fullWidth onClick={onLogin}>
            <LogIn aria-hidden="true" className="size-5" />
            {t("cta.login")}
          </Button>
        );
        break;
    }

  return (
    <Card className="overflow-hidden">
      <CourseCover id={course.id} title={course.title} src={course.cover_url} eager />
      <div className="flex flex-col gap-4 p-5">
        <div className="flex items-baseline justify-between gap-3">
          <p className="text-2xl font-semibold text-fg" data-testid="course-price">
            {course.status === "coming_soon" && (
              <CalendarClock aria-hidden="true" className="mr-2 inline size-5 align-[-2px] text-info" />
            )}
            {price}
          </p>
          {course.enrolment && <span className="text-sm font-medium text-success">{t("enrolled")}</span>}
        </div>
        {progress && course.enrolment && (
          <div className="flex flex-col gap-2">
            <ProgressBar
              value={progress.percent}
              tone={progress.percent >= 100 ? "success" : "primary"}
              label={t("progress.title")}
              valueText={t("progress.lectures", {
                done: progress.completed_lectures,
                total: progress.total_lectures,
              })}
              showValue
            />
            <p className="text-sm text-fg-muted">
              {t("progress.lectures", { done: progress.completed_lectures, total: progress.total_lectures })}
            </p>
          </div>
        )}
        {action}
        {!paths.preview && course.enrol_action !== "enrolled" && (
          <WishlistButton course={course} look="button" />
        )}
        {course.enrol_action === "enrolled" && resume && (
          <p className="text-sm text-fg-muted">
            {t("cta.next", { title: resume.lecture_title })}
            {resume.position_seconds > 0 &&
              ` · ${clock(resume.position_seconds)} / ${clock(resume.duration_seconds)}`}
          </p>
        )}
        <div className="border-t border-border pt-4">
          <p className="mb-2 text-sm font-semibold text-fg">{t("includes")}</p>
          <CourseMeta
            levels={course.level_count}
            lectures={course.lecture_count}
            seconds={course.duration_seconds}
            learners={course.enrolment_count}
            className="flex-col items-start"
          />
        </div>
      </div>
    </Card>
  );
}
