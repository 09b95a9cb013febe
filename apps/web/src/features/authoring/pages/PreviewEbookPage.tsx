/** /af/courses/:courseId/preview/lesson/:lessonId/ebook?ebook=:id: the learner's PDF viewer, pages not remembered. */
import { useParams } from "react-router";
import EbookPage from "../../learning/pages/EbookPage";
import { PreviewFrame } from "../components/PreviewFrame";

export default function PreviewEbookPage() {
  const params = useParams();
  return (
    <PreviewFrame courseId={Number(params.courseId) || 0} lectureId={Number(params.lessonId) || undefined}>
      <EbookPage />
    </PreviewFrame>
  );
}
