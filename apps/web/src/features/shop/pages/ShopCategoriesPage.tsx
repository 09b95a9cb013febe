/** /af/shop-categories: the shop's categories (both languages, order, shown or hidden), edited in a dialog. */
import { type ShopCategoryOut, shopCategoryInput } from "@aprendo/contract";
import { FolderTree } from "lucide-react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import {
  contractResolver,
  dialogSubmit,
  FormDialog,
  type RecordDialogProps,
} from "../../../components/admin";
import { CheckboxField, NumberField, TextField } from "../../../components/form";
import { Badge, TableCell } from "../../../components/ui";
import { useAdminCategories, useDeleteCategory, useSaveCategory } from "../api";
import { ShopDialogListPage } from "../components/ShopDialogListPage";

type Values = { name_en: string; name_es: string; position: number | null; active: boolean };

function CategoryDialog({ record: category, open, onOpenChange }: RecordDialogProps<ShopCategoryOut>) {
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
  const submit = dialogSubmit(form, {
    save: (v) => save.mutateAsync({ ...v, position: v.position ?? 0 }),
    fields: ["name_en", "name_es", "position"],
    close: () => onOpenChange(false),
  });
  return (
    <FormDialog
      id="shop-category-form"
      open={open}
      onOpenChange={onOpenChange}
      title={category ? t("admin.categories.editTitle") : t("admin.categories.createTitle")}
      onSubmit={submit}
      submitting={form.formState.isSubmitting}
      texts={{ cancel: t("admin.cancel"), save: t("admin.save") }}
    >
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
        className="sm:max-w-xs"
      />
      <CheckboxField control={form.control} name="active" label={t("admin.categories.active")} />
    </FormDialog>
  );
}

export default function ShopCategoriesPage() {
  const { t, i18n } = useTranslation("shop");
  const categories = useAdminCategories();
  const remove = useDeleteCategory();
  const name = (c: ShopCategoryOut) => (i18n.language === "es" ? c.name_es : c.name_en);
  return (
    <ShopDialogListPage
      section="categories"
      icon={<FolderTree />}
      name={name}
      query={categories}
      columns={[
        { header: t("admin.categories.nameEn") },
        { header: t("admin.categories.nameEs") },
        { header: t("admin.categories.position"), align: "right" },
        { header: t("admin.categories.products"), align: "right" },
        { header: t("admin.status") },
      ]}
      cells={(c) => (
        <>
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
        </>
      )}
      onDelete={(c) => remove.mutateAsync(c.id)}
      dialog={(props) => <CategoryDialog {...props} />}
    />
  );
}
