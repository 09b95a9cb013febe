/** /iu/categories/course/:id: the titles of one category. */
import { FolderOpen } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { Skeleton } from "../../../components/ui";
import { useCategories } from "../api";
import { BrowseButton, CourseListPage } from "../components/CourseListPage";
import { positiveInt } from "../logic";

export default function CategoryCoursesPage() {
  const { t } = useTranslation("catalog");
  const id = positiveInt(useParams().id, 0);
  const categories = useCategories();
  const category = categories.data?.find((c) => c.id === id);
  const title =
    category?.name ?? (categories.isPending ? <Skeleton className="h-9 w-56" /> : t("pages.category.title"));
  return (
    <CourseListPage
      scope="category"
      categoryId={id}
      showNav={false}
      title={title}
      subtitle={category ? t("pages.category.subtitle", { count: category.course_count }) : undefined}
      above={
        <Link to="/iu/courses" className="hover:text-fg hover:underline">
          {t("pages.all.title")}
        </Link>
      }
      empty={{
        icon: <FolderOpen />,
        title: t("pages.category.emptyTitle"),
        text: t("pages.category.emptyText"),
        action: <BrowseButton />,
      }}
    />
  );
}
