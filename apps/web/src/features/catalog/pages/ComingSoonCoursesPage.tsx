/** /iu/courses/coming-soon: titles announced but not yet published. */
import { CalendarClock } from "lucide-react";
import { useTranslation } from "react-i18next";
import { BrowseButton, CourseListPage } from "../components/CourseListPage";

export default function ComingSoonCoursesPage() {
  const { t } = useTranslation("catalog");
  return (
    <CourseListPage
      scope="coming-soon"
      title={t("pages.comingSoon.title")}
      subtitle={t("pages.comingSoon.subtitle")}
      empty={{
        icon: <CalendarClock />,
        title: t("pages.comingSoon.emptyTitle"),
        text: t("pages.comingSoon.emptyText"),
        action: <BrowseButton />,
      }}
    />
  );
}
