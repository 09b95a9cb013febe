/** /iu/courses/:id: a title's page for the learner, with each lecture's state and the next step. */

import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { Button, Container } from "../../../components/ui";
import { AdvertSlot } from "../../adverts/components/AdvertSlot";
import { useCourse } from "../api";
import { CourseLoadError, CourseView, CourseViewSkeleton } from "../components/CourseView";
import { positiveInt } from "../logic";

export default function CoursePage() {
  return (
    <>
      <CourseTitle id={positiveInt(useParams().id, 0)} />
      {/* After the title's content (not in the editor's preview, which renders CourseTitle alone). */}
      <Container className="pb-8">
        <AdvertSlot placement="title_page" />
      </Container>
    </>
  );
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
