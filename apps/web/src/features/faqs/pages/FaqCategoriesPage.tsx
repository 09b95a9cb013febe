/** /af/faqs/categories: FAQ categories in both languages, in their order. */
import { FolderTree, Plus } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import {
  AdminListPage,
  DeleteRowButton,
  EditRowButton,
  listTexts,
  RowActions,
} from "../../../components/admin";
import { Badge, Button, EmptyState, TableCell } from "../../../components/ui";
import { type FaqCategory, useAdminFaqCategories, useDeleteFaqCategory } from "../api";

function DeleteCategory({ category }: { category: FaqCategory }) {
  const { t } = useTranslation("faqs");
  const remove = useDeleteFaqCategory();
  return (
    <DeleteRowButton
      label={t("admin.deleteOne", { name: category.name.en })}
      title={t("categories.deleteTitle")}
      description={
        category.entries_count > 0
          ? t("categories.deleteInUse", { count: category.entries_count })
          : t("categories.deleteText", { name: category.name.en })
      }
      confirmLabel={t("admin.delete")}
      cancelLabel={t("admin.cancel")}
      onDelete={() => remove.mutateAsync(category.id)}
    />
  );
}

export default function FaqCategoriesPage() {
  const { t } = useTranslation("faqs");
  const categories = useAdminFaqCategories();
  const create = (
    <Button asChild>
      <Link to="/af/faqs/categories/create">
        <Plus aria-hidden="true" className="size-4" />
        {t("categories.create")}
      </Link>
    </Button>
  );
  return (
    <AdminListPage
      title={t("categories.title")}
      subtitle={t("categories.subtitle")}
      actions={
        <>
          <Button asChild variant="secondary">
            <Link to="/af/faqs/entries">{t("entries.title")}</Link>
          </Button>
          {create}
        </>
      }
      query={categories}
      rows={categories.data ?? []}
      texts={{ ...listTexts(t, "admin."), loadFailed: t("loadFailed"), retry: t("retry") }}
      empty={
        <EmptyState
          icon={<FolderTree />}
          title={t("categories.empty")}
          text={t("categories.emptyText")}
          action={create}
        />
      }
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
              to={`/af/faqs/categories/${category.id}`}
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
      rowActions={(category) => (
        <RowActions>
          <EditRowButton
            to={`/af/faqs/categories/${category.id}`}
            label={t("admin.editOne", { name: category.name.en })}
            text={t("admin.edit")}
          />
          <DeleteCategory category={category} />
        </RowActions>
      )}
    />
  );
}
