/** /af/shop-categories: the shop's categories (both languages, order, shown or hidden), edited in a dialog. */
import { type ShopCategoryOut, shopCategoryInput } from "@aprendo/contract";
import { FolderTree, Pencil, Plus } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { contractResolver, DeleteRowButton, ListStates, reportFormError } from "../../../components/admin";
import { CheckboxField, NumberField, TextField } from "../../../components/form";
import {
  Badge,
  Button,
  Container,
  Dialog,
  EmptyState,
  PageHeader,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeaderCell,
  TableRow,
} from "../../../components/ui";
import { showSuccess } from "../../../lib/toast";
import { useAdminCategories, useDeleteCategory, useSaveCategory } from "../api";
import { AdminShopNav } from "../components/AdminShopNav";

type Values = { name_en: string; name_es: string; position: number | null; active: boolean };

function CategoryDialog({
  category,
  open,
  onOpenChange,
}: {
  category: ShopCategoryOut | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation("shop");
  const save = useSaveCategory(category?.id ?? null);
  const form = useForm<Values>({
    resolver: contractResolver(shopCategoryInput, (v: Values) => ({ ...v, position: v.position ?? 0 })),
    values: category
      ? {
          name_en: category.name_en,
          name_es: category.name_es,
          position: category.position,
          active: category.active,
        }
      : { name_en: "", name_es: "", position: 0, active: true },
  });
  const submit = form.handleSubmit(async (v) => {
    try {
      const answer = await save.mutateAsync({ ...v, position: v.position ?? 0 });
      showSuccess(answer.message);
      onOpenChange(false);
    } catch (error) {
      reportFormError(error, form.setError, ["name_en", "name_es", "position"]);
    }
  });
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={category ? t("admin.categories.editTitle") : t("admin.categories.createTitle")}
      closeLabel={t("admin.cancel")}
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            {t("admin.cancel")}
          </Button>
          <Button type="submit" form="shop-category-form" loading={form.formState.isSubmitting}>
            {t("admin.save")}
          </Button>
        </>
      }
    >
      <form id="shop-category-form" noValidate onSubmit={submit} className="flex flex-col gap-4">
        <TextField
          control={form.control}
          name="name_en"
          label={t("admin.categories.nameEn")}
          maxLength={80}
          lang="en"
          required
        />
        <TextField
          control={form.control}
          name="name_es"
          label={t("admin.categories.nameEs")}
          maxLength={80}
          lang="es"
          required
        />
        <NumberField
          control={form.control}
          name="position"
          label={t("admin.categories.position")}
          hint={t("admin.categories.positionHint")}
          min={0}
          className="sm:max-w-40"
        />
        <CheckboxField control={form.control} name="active" label={t("admin.categories.active")} />
      </form>
    </Dialog>
  );
}

export default function ShopCategoriesPage() {
  const { t, i18n } = useTranslation("shop");
  const categories = useAdminCategories();
  const remove = useDeleteCategory();
  const [editing, setEditing] = useState<ShopCategoryOut | null>(null);
  const [open, setOpen] = useState(false);
  const rows = categories.data ?? [];
  const openFor = (category: ShopCategoryOut | null) => {
    setEditing(category);
    setOpen(true);
  };
  const create = (
    <Button onClick={() => openFor(null)}>
      <Plus aria-hidden="true" className="size-4" />
      {t("admin.categories.create")}
    </Button>
  );
  const name = (c: ShopCategoryOut) => (i18n.language === "es" ? c.name_es : c.name_en);
  return (
    <Container className="py-6 sm:py-8">
      <PageHeader
        title={t("admin.categories.title")}
        subtitle={t("admin.categories.subtitle")}
        actions={create}
      />
      <AdminShopNav className="mb-4" />
      <ListStates
        query={categories}
        isEmpty={rows.length === 0}
        loadingLabel={t("admin.loading")}
        errorMessage={t("admin.loadFailed")}
        retryLabel={t("admin.retry")}
        empty={
          <EmptyState
            icon={<FolderTree />}
            title={t("admin.categories.empty")}
            text={t("admin.categories.emptyText")}
            action={create}
          />
        }
      >
        <Table caption={t("admin.categories.title")}>
          <TableHead>
            <TableRow>
              <TableHeaderCell>{t("admin.categories.nameEn")}</TableHeaderCell>
              <TableHeaderCell>{t("admin.categories.nameEs")}</TableHeaderCell>
              <TableHeaderCell align="right">{t("admin.categories.position")}</TableHeaderCell>
              <TableHeaderCell align="right">{t("admin.categories.products")}</TableHeaderCell>
              <TableHeaderCell>{t("admin.status")}</TableHeaderCell>
              <TableHeaderCell align="right">
                <span className="sr-only">{t("admin.actions")}</span>
              </TableHeaderCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((c) => (
              <TableRow key={c.id}>
                <TableCell className="font-medium text-fg" lang="en">
                  {c.name_en}
                </TableCell>
                <TableCell lang="es">{c.name_es}</TableCell>
                <TableCell align="right" className="tabular-nums">
                  {c.position}
                </TableCell>
                <TableCell align="right" className="tabular-nums">
                  {c.product_count}
                </TableCell>
                <TableCell>
                  <Badge tone={c.active ? "success" : "neutral"}>
                    {c.active ? t("admin.categories.shown") : t("admin.categories.hidden")}
                  </Badge>
                </TableCell>
                <TableCell align="right">
                  <span className="inline-flex gap-1">
                    <Button
                      size="sm"
                      variant="ghost"
                      onClick={() => openFor(c)}
                      aria-label={t("admin.editOne", { name: name(c) })}
                    >
                      <Pencil aria-hidden="true" className="size-4" />
                      <span className="max-sm:sr-only">{t("admin.edit")}</span>
                    </Button>
                    <DeleteRowButton
                      label={t("admin.deleteOne", { name: name(c) })}
                      title={t("admin.categories.deleteTitle")}
                      description={t("admin.categories.deleteText", { name: name(c) })}
                      confirmLabel={t("admin.delete")}
                      cancelLabel={t("admin.cancel")}
                      onDelete={() => remove.mutateAsync(c.id)}
                    />
                  </span>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </ListStates>
      <CategoryDialog category={editing} open={open} onOpenChange={setOpen} />
    </Container>
  );
}
