/** /af/faqs/categories: FAQ categories in both languages, in their order. */
import { FolderTree, Pencil, Plus } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { DeleteRowButton, ListStates } from "../../../components/admin";
import {
  Badge,
  Button,
  Container,
  EmptyState,
  PageHeader,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeaderCell,
  TableRow,
} from "../../../components/ui";
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
  const rows = categories.data ?? [];
  const create = (
    <Button asChild>
      <Link to="/af/faqs/categories/create">
        <Plus aria-hidden="true" className="size-4" />
        {t("categories.create")}
      </Link>
    </Button>
  );
  return (
    <Container className="py-6 sm:py-8">
      <PageHeader
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
      />
      <ListStates
        query={categories}
        isEmpty={rows.length === 0}
        loadingLabel={t("admin.loading")}
        errorMessage={t("loadFailed")}
        retryLabel={t("retry")}
        empty={
          <EmptyState
            icon={<FolderTree />}
            title={t("categories.empty")}
            text={t("categories.emptyText")}
            action={create}
          />
        }
      >
        <Table className="relative" caption={t("categories.title")}>
          <TableHead>
            <TableRow>
              <TableHeaderCell>{t("admin.english")}</TableHeaderCell>
              <TableHeaderCell>{t("admin.spanish")}</TableHeaderCell>
              <TableHeaderCell align="right">{t("categories.questions")}</TableHeaderCell>
              <TableHeaderCell align="right">{t("admin.position")}</TableHeaderCell>
              <TableHeaderCell>{t("admin.state")}</TableHeaderCell>
              <TableHeaderCell align="right">
                <span className="sr-only">{t("admin.actions")}</span>
              </TableHeaderCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((category) => (
              <TableRow key={category.id}>
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
                <TableCell align="right">
                  <span className="inline-flex gap-1">
                    <Button asChild size="sm" variant="ghost">
                      <Link
                        to={`/af/faqs/categories/${category.id}`}
                        aria-label={t("admin.editOne", { name: category.name.en })}
                      >
                        <Pencil aria-hidden="true" className="size-4" />
                        <span className="max-sm:sr-only">{t("admin.edit")}</span>
                      </Link>
                    </Button>
                    <DeleteCategory category={category} />
                  </span>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </ListStates>
    </Container>
  );
}
