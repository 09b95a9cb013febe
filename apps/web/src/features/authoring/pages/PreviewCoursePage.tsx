/** /af/courses/:courseId/preview: the learner's title page of any title (draft too), read-only. */
import { useParams } from "react-router";
import { CourseTitle } from "../../catalog/pages/CoursePage";
import { PreviewFrame } from "../components/PreviewFrame";

export default function PreviewCoursePage() {
  const courseId = Number(useParams().courseId) || 0;
  return (
    <PreviewFrame courseId={courseId}>
      <CourseTitle id={courseId} />
    </PreviewFrame>
  );
}
