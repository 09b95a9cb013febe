/** /af/categories/create and /af/categories/:id: a category's names in English and Spanish and its slug. */
import { courseCategoryInput } from "@aprendo/contract";
import { Trash2 } from "lucide-react";
import type { ReactNode } from "react";
import { useState } from "react";
import { type Resolver, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useParams } from "react-router";
import { contractResolver } from "../../../components/admin/resolver";
import { TextField } from "../../../components/form";
import { Button, Card, ConfirmDialog, Container, PageHeader, Skeleton } from "../../../components/ui";
import { showError, showSuccess } from "../../../lib/toast";
import { type AdminCategory, useAdminCategory, useCategoryMutations } from "../api";
import { BackLink } from "../components/BackLink";
import { BilingualColumns } from "../components/BilingualColumns";
import { reportFormError } from "../components/form";
import { LoadError } from "../components/LoadState";

type Values = { name_en: string; name_es: string; slug: string };
const fields = new Set(["name_en", "name_es", "slug"]);
const schema = courseCategoryInput.pick({ name_en: true, name_es: true, slug: true });
/** An empty slug means "make it from the English name". */
const resolver: Resolver<Values> = (values, context, options) =>
  contractResolver(schema)(
    { ...values, slug: values.slug.trim() || undefined } as never,
    context,
    options as never,
  ) as never;

export default function CategoryEditPage() {
  const { t } = useTranslation("authoring");
  const param = useParams().id;
  const id = param && param !== "create" ? Number(param) : null;
  const category = useAdminCategory(id);
  const back = <BackLink to="/af/categories" label={t("categories.back")} />;

  if (id === null) return <CategoryForm category={null} back={back} />;
  if (category.isPending)
    return (
      <Container size="reading" className="py-6 sm:py-8" role="status" aria-label={t("common.loading")}>
        <Skeleton className="mb-8 h-9 w-2/3" />
        <Skeleton className="h-72 w-full" />
      </Container>
    );
  if (category.isError || !category.data)
    return (
      <Container size="reading" className="py-6 sm:py-8">
        <PageHeader above={back} title={t("categories.editTitle")} />
        <LoadError
          error={category.error ?? "catalog.categoryNotFound"}
          onRetry={() => void category.refetch()}
          retrying={category.isFetching}
        />
      </Container>
    );
  return <CategoryForm key={category.data.id} category={category.data} back={back} />;
}

function CategoryForm({ category, back }: { category: AdminCategory | null; back: ReactNode }) {
  const { t, i18n } = useTranslation("authoring");
  const navigate = useNavigate();
  const { create, update, remove } = useCategoryMutations();
  const [deleting, setDeleting] = useState(false);
  const form = useForm<Values>({
    resolver,
    defaultValues: category
      ? { name_en: category.name_en, name_es: category.name_es, slug: category.slug }
      : { name_en: "", name_es: "", slug: "" },
  });

  const submit = form.handleSubmit(async (values) => {
    const body = { name_en: values.name_en, name_es: values.name_es, slug: values.slug || undefined };
    try {
      const result = category
        ? await update.mutateAsync({ id: category.id, body })
        : await create.mutateAsync(body);
      showSuccess(result.message);
      navigate("/af/categories");
    } catch (error) {
      reportFormError(error, form.setError, (field) => (fields.has(field) ? (field as keyof Values) : null));
    }
  });

  const name = category ? (i18n.language === "es" ? category.name_es : category.name_en) : "";
  return (
    <Container size="reading" className="py-6 sm:py-8">
      <PageHeader
        above={back}
        title={category ? t("categories.editTitle") : t("categories.createTitle")}
        subtitle={category ? name : t("categories.createSubtitle")}
      />
      <Card className="p-4 sm:p-6">
        <form noValidate onSubmit={submit} className="flex flex-col gap-6">
          <BilingualColumns
            en={
              <TextField
                control={form.control}
                name="name_en"
                label={t("categories.fields.name")}
                maxLength={80}
                required
                lang="en"
              />
            }
            es={
              <TextField
                control={form.control}
                name="name_es"
                label={t("categories.fields.name")}
                maxLength={80}
                required
                lang="es"
              />
            }
          />
          <TextField
            control={form.control}
            name="slug"
            label={t("categories.fields.slug")}
            hint={t("categories.fields.slugHint")}
            maxLength={80}
            autoComplete="off"
            spellCheck={false}
          />
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="secondary" asChild>
              <Link to="/af/categories">{t("common.cancel")}</Link>
            </Button>
            <Button type="submit" loading={form.formState.isSubmitting}>
              {category ? t("common.saveChanges") : t("categories.create")}
            </Button>
          </div>
        </form>
      </Card>
      {category && (
        <Card className="mt-6 flex-row flex-wrap items-center justify-between gap-3 p-4 sm:p-6">
          <div className="flex max-w-md flex-col">
            <h2 className="font-semibold text-fg">{t("categories.deleteTitle")}</h2>
            <p className="text-sm text-fg-muted">
              {category.course_count > 0
                ? t("categories.deleteBlocked", { count: category.course_count })
                : t("categories.deleteText")}
            </p>
          </div>
          <Button variant="danger" disabled={category.course_count > 0} onClick={() => setDeleting(true)}>
            <Trash2 aria-hidden="true" className="size-4" />
            {t("common.delete")}
          </Button>
          <ConfirmDialog
            open={deleting}
            onOpenChange={setDeleting}
            title={t("categories.deleteConfirm", { name })}
            description={t("categories.deleteText")}
            confirmLabel={t("common.delete")}
            cancelLabel={t("common.cancel")}
            onConfirm={async () => {
              try {
                showSuccess((await remove.mutateAsync(category.id)).message);
                navigate("/af/categories", { replace: true });
              } catch (error) {
                showError(error);
              }
            }}
          />
        </Card>
      )}
    </Container>
  );
}
