/** /iu/courses: every published and coming-soon title, with search and a category filter. */
import { BookOpen } from "lucide-react";
import { useTranslation } from "react-i18next";
import { CourseListPage } from "../components/CourseListPage";

export default function CoursesPage() {
  const { t } = useTranslation("catalog");
  return (
    <CourseListPage
      scope="all"
      title={t("pages.all.title")}
      subtitle={t("pages.all.subtitle")}
      empty={{ icon: <BookOpen />, title: t("pages.all.emptyTitle"), text: t("pages.all.emptyText") }}
    />
  );
}
