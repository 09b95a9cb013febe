/** /iu/courses/top: published titles by number of learners. */
import { Trophy } from "lucide-react";
import { useTranslation } from "react-i18next";
import { BrowseButton, CourseListPage } from "../components/CourseListPage";

export default function TopCoursesPage() {
  const { t } = useTranslation("catalog");
  return (
    <CourseListPage
      scope="top"
      ranked
      title={t("pages.top.title")}
      subtitle={t("pages.top.subtitle")}
      empty={{
        icon: <Trophy />,
        title: t("pages.top.emptyTitle"),
        text: t("pages.top.emptyText"),
        action: <BrowseButton />,
      }}
    />
  );
}
