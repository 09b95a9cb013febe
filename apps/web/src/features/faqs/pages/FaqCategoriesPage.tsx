/** /af/faqs/categories: FAQ categories in both languages, in their order. */
import { FolderTree } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { LinkListPage, listTexts } from "../../../components/admin";
import { Badge, Button, TableCell } from "../../../components/ui";
import { useAdminFaqCategories, useDeleteFaqCategory } from "../api";

const base = "/af/faqs/categories";

export default function FaqCategoriesPage() {
  const { t } = useTranslation("faqs");
  const categories = useAdminFaqCategories();
  const remove = useDeleteFaqCategory();
  return (
    <LinkListPage
      base={base}
      title={t("categories.title")}
      subtitle={t("categories.subtitle")}
      actions={
        <Button asChild variant="secondary">
          <Link to="/af/faqs/entries">{t("entries.title")}</Link>
        </Button>
      }
      query={categories}
      texts={{
        ...listTexts(t, "admin."),
        loadFailed: t("loadFailed"),
        retry: t("retry"),
        create: t("categories.create"),
        edit: t("admin.edit"),
        delete: t("admin.delete"),
        cancel: t("admin.cancel"),
        deleteTitle: t("categories.deleteTitle"),
      }}
      empty={{ icon: <FolderTree />, title: t("categories.empty"), text: t("categories.emptyText") }}
      columns={[
        { header: t("admin.english") },
        { header: t("admin.spanish") },
        { header: t("categories.questions"), align: "right" },
        { header: t("admin.position"), align: "right" },
        { header: t("admin.state") },
      ]}
      cells={(category) => (
        <>
          <TableCell>
            <Link
              to={`${base}/${category.id}`}
              className="font-medium text-primary hover:underline focus-ring"
            >
              {category.name.en}
            </Link>
          </TableCell>
          <TableCell lang="es">{category.name.es}</TableCell>
          <TableCell align="right" className="tabular-nums">
            <Link
              to={`/af/faqs/entries?category=${category.id}`}
              className="text-primary hover:underline focus-ring"
              aria-label={t("categories.showQuestions", {
                count: category.entries_count,
                name: category.name.en,
              })}
            >
              {category.entries_count}
            </Link>
          </TableCell>
          <TableCell align="right" className="tabular-nums">
            {category.position}
          </TableCell>
          <TableCell>
            <Badge tone={category.active ? "success" : "neutral"}>
              {category.active ? t("admin.active") : t("admin.inactive")}
            </Badge>
          </TableCell>
        </>
      )}
      rowTexts={(category) => ({
        edit: t("admin.editOne", { name: category.name.en }),
        delete: t("admin.deleteOne", { name: category.name.en }),
        deleteText:
          category.entries_count > 0
            ? t("categories.deleteInUse", { count: category.entries_count })
            : t("categories.deleteText", { name: category.name.en }),
      })}
      onDelete={(category) => remove.mutateAsync(category.id)}
    />
  );
}
