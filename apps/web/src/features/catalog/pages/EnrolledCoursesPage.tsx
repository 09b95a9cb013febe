/** /iu/courses/enrolled: the learner's titles with their progress. */
import { GraduationCap } from "lucide-react";
import { useTranslation } from "react-i18next";
import { BrowseButton, CourseListPage } from "../components/CourseListPage";

export default function EnrolledCoursesPage() {
  const { t } = useTranslation("catalog");
  return (
    <CourseListPage
      scope="enrolled"
      title={t("pages.enrolled.title")}
      subtitle={t("pages.enrolled.subtitle")}
      empty={{
        icon: <GraduationCap />,
        title: t("pages.enrolled.emptyTitle"),
        text: t("pages.enrolled.emptyText"),
        action: <BrowseButton />,
      }}
    />
  );
}
