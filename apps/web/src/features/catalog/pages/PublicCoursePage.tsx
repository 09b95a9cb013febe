/**
 * /courses/:id: a title's public page. Guests see the outline and price, play the preview lectures
 * and are asked to log in or register to enrol, coming back to this title afterwards. A logged-in
 * learner goes to the learner's page of the same title.
 */
import type { LectureOutline } from "@aprendo/contract";
import { Role } from "@aprendo/contract/domain";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, Navigate, useParams } from "react-router";
import { Button } from "../../../components/ui";
import { useSession } from "../../../stores/session";
import { PreviewDialog } from "../../learning/components/PreviewDialog";
import { useCourse } from "../api";
import { AuthPromptDialog } from "../components/AuthPromptDialog";
import { CourseLoadError, CourseView, CourseViewSkeleton } from "../components/CourseView";
import { positiveInt } from "../logic";

export default function PublicCoursePage() {
  const { t } = useTranslation("catalog");
  const id = positiveInt(useParams().id, 0);
  const learner = useSession((s) => s.token !== null && s.role === Role.learner);
  const course = useCourse(learner ? 0 : id, "guest");
  const [askLogin, setAskLogin] = useState(false);
  const [preview, setPreview] = useState<LectureOutline | null>(null);
  if (learner) return <Navigate to={`/iu/courses/${id}`} replace />;
  if (course.isPending) return <CourseViewSkeleton />;
  if (course.isError)
    return (
      <CourseLoadError
        error={course.error}
        onRetry={() => void course.refetch()}
        retrying={course.isFetching}
        back={
          <Button asChild>
            <Link to="/">{t("home")}</Link>
          </Button>
        }
      />
    );
  return (
    <>
      <CourseView
        course={course.data}
        mode="guest"
        onLogin={() => setAskLogin(true)}
        onPreview={setPreview}
      />
      <AuthPromptDialog
        courseId={course.data.id}
        courseTitle={course.data.title}
        open={askLogin}
        onOpenChange={setAskLogin}
      />
      <PreviewDialog lecture={preview} onClose={() => setPreview(null)} />
    </>
  );
}
