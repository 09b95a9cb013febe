/** /iu/courses/:id: a title's page for the learner, with each lecture's state and the next step. */

import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { Button } from "../../../components/ui";
import { useCourse } from "../api";
import { CourseLoadError, CourseView, CourseViewSkeleton } from "../components/CourseView";
import { positiveInt } from "../logic";

export default function CoursePage() {
  return <CourseTitle id={positiveInt(useParams().id, 0)} />;
}

/** The learner's title page of a title (also rendered by the course editor's preview). */
export function CourseTitle({ id }: { id: number }) {
  const { t } = useTranslation("catalog");
  const course = useCourse(id);
  if (course.isPending) return <CourseViewSkeleton />;
  if (course.isError)
    return (
      <CourseLoadError
        error={course.error}
        onRetry={() => void course.refetch()}
        retrying={course.isFetching}
        back={
          <Button asChild>
            <Link to="/iu/courses">{t("empty.browse")}</Link>
          </Button>
        }
      />
    );
  return <CourseView course={course.data} mode="learner" />;
}
