/** /af/courses/create: a new title (a draft) with its texts, category and price; the rest comes after. */
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { Banner, Button, Card, Container, PageHeader } from "../../../components/ui";
import { showSuccess } from "../../../lib/toast";
import { useAdminCategories, useCreateCourse } from "../api";
import { BackLink } from "../components/BackLink";
import { CourseCatalogueFields, CourseTextsCard } from "../components/CourseFields";
import { courseResolver } from "../components/courseResolver";
import { reportFormError } from "../components/form";
import { courseFieldOf, emptyCourseForm, formToCourse } from "../logic";

export default function CourseCreatePage() {
  const { t } = useTranslation("authoring");
  const navigate = useNavigate();
  const categories = useAdminCategories();
  const create = useCreateCourse();
  const form = useForm({ resolver: courseResolver, defaultValues: emptyCourseForm });

  const submit = form.handleSubmit(async (values) => {
    try {
      const result = await create.mutateAsync(formToCourse(values));
      showSuccess(result.message);
      navigate(`/af/courses/${result.id}?tab=structure`);
    } catch (error) {
      reportFormError(error, form.setError, courseFieldOf);
    }
  });

  return (
    <Container className="py-6 sm:py-8">
      <PageHeader above={<BackLink />} title={t("create.title")} subtitle={t("create.subtitle")} />
      <form noValidate onSubmit={submit} className="flex flex-col gap-6">
        <CourseTextsCard control={form.control} />
        <Card className="p-4 sm:p-6">
          <h2 className="mb-5 text-xl font-semibold text-fg">{t("course.sections.catalogue")}</h2>
          <div className="max-w-xl">
            <CourseCatalogueFields control={form.control} categories={categories.data ?? []} />
          </div>
        </Card>
        <Banner tone="info">{t("create.next")}</Banner>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" asChild>
            <Link to="/af/courses">{t("common.cancel")}</Link>
          </Button>
          <Button type="submit" loading={form.formState.isSubmitting}>
            {t("create.submit")}
          </Button>
        </div>
      </form>
    </Container>
  );
}
