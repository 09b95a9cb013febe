/**
 * The course editor's "preview as a learner": the learner's own title, lecture and e-book pages,
 * rendered with the preview paths (links stay inside /af/courses/:courseId/preview) under a banner
 * that says nothing is saved. The pages send no progress and offer no enrolment, notes or questions.
 */
import { ArrowLeft, Eye } from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Button } from "../../../components/ui";
import { LearnerPathsProvider, previewPaths } from "../../learning/paths";

export function PreviewFrame({
  courseId,
  lectureId,
  children,
}: {
  courseId: number;
  lectureId?: number;
  children: ReactNode;
}) {
  const { t } = useTranslation("authoring");
  const editor = lectureId
    ? `/af/courses/${courseId}?tab=structure&lecture=${lectureId}`
    : `/af/courses/${courseId}`;
  return (
    <LearnerPathsProvider value={previewPaths}>
      <section
        aria-label={t("preview.label")}
        data-testid="preview-banner"
        className="sticky top-16 z-20 border-b border-warning/40 bg-warning-soft"
      >
        <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-2 sm:px-6">
          <span className="inline-flex items-center gap-2 rounded-full bg-warning px-2.5 py-0.5 text-xs font-semibold tracking-wide text-warning-fg uppercase">
            <Eye aria-hidden="true" className="size-3.5" />
            {t("preview.badge")}
          </span>
          <p className="order-last w-full text-sm text-fg sm:order-none sm:w-auto sm:min-w-0 sm:flex-1">
            {t("preview.text")}
          </p>
          <Button asChild size="sm" variant="secondary" className="ml-auto sm:ml-0">
            <Link to={editor}>
              <ArrowLeft aria-hidden="true" className="size-4" />
              {t("preview.back")}
            </Link>
          </Button>
        </div>
      </section>
      {children}
    </LearnerPathsProvider>
  );
}
