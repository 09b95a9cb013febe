/**
 * /af/courses/:courseId/preview/lesson/:lessonId: the learner's lecture page (video, e-books, FAQs)
 * for any status; the video plays without reporting progress, notes and questions are off.
 */
import { useParams } from "react-router";
import LecturePage from "../../learning/pages/LecturePage";
import { PreviewFrame } from "../components/PreviewFrame";

export default function PreviewLecturePage() {
  const params = useParams();
  const courseId = Number(params.courseId) || 0;
  return (
    <PreviewFrame courseId={courseId} lectureId={Number(params.lessonId) || undefined}>
      <LecturePage />
    </PreviewFrame>
  );
}
