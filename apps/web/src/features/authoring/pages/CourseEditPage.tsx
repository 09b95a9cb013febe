/**
 * /af/courses/:id: the title editor. Tab "Details": texts in English and Spanish side by side,
 * category and price, cover, publication status and a readiness checklist. Tab "Content": the
 * outline editor, or one lecture's editor (?lecture=id). The tab and lecture live in the URL.
 */
import type { AdminCourse, PublicationStatus } from "@aprendo/contract";
import {
  CircleCheck,
  CircleDashed,
  ExternalLink,
  Eye,
  ListChecks,
  ListTree,
  Rocket,
  Settings2,
  Tags,
  Trash2,
} from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useParams, useSearchParams } from "react-router";
import {
  Button,
  Card,
  ConfirmDialog,
  Container,
  PageHeader,
  Skeleton,
  Tabs,
  TabsContent,
  TabsList,
  TabsTrigger,
} from "../../../components/ui";
import { formatMoney } from "../../../lib/format";
import { showError, showSuccess } from "../../../lib/toast";
import {
  useAdminCategories,
  useAdminCourse,
  useCourseStatus,
  useDeleteCourse,
  useUpdateCourse,
} from "../api";
import { BackLink } from "../components/BackLink";
import { CourseCatalogueFields, CourseTextsCard } from "../components/CourseFields";
import { CoverCard } from "../components/CoverCard";
import { courseResolver } from "../components/courseResolver";
import { reportFormError } from "../components/form";
import { LectureEditor } from "../components/LectureEditor";
import { LoadError } from "../components/LoadState";
import { SectionTitle } from "../components/SectionTitle";
import { StatusBadge } from "../components/StatusBadge";
import { StatusControl } from "../components/StatusControl";
import { StructureEditor } from "../components/StructureEditor";
import {
  changedFields,
  countLectures,
  courseFieldOf,
  courseToForm,
  formToCourse,
  inLanguage,
} from "../logic";

export default function CourseEditPage() {
  const { t, i18n } = useTranslation("authoring");
  const id = Number(useParams().id);
  const course = useAdminCourse(id);
  const [params, setParams] = useSearchParams();
  const lectureId = Number(params.get("lecture")) || null;
  const tab = lectureId || params.get("tab") === "structure" ? "structure" : "details";

  const go = (changes: { tab?: string; lecture?: number | null }) => {
    const next = new URLSearchParams(params);
    if (changes.tab) next.set("tab", changes.tab);
    if (changes.lecture === null) next.delete("lecture");
    else if (changes.lecture) next.set("lecture", String(changes.lecture));
    setParams(next);
    if (changes.lecture !== undefined) window.scrollTo({ top: 0 });
  };

  if (course.isPending)
    return (
      <Container className="py-6 sm:py-8" role="status" aria-label={t("common.loading")}>
        <Skeleton className="mb-2 h-4 w-32" />
        <Skeleton className="mb-8 h-9 w-2/3" />
        <Skeleton className="mb-6 h-11 w-64" />
        <Skeleton className="h-96 w-full" />
      </Container>
    );
  if (course.isError)
    return (
      <Container className="py-6 sm:py-8">
        <PageHeader above={<BackLink />} title={t("course.title")} />
        <LoadError error={course.error} onRetry={() => void course.refetch()} retrying={course.isFetching} />
      </Container>
    );

  const data = course.data;
  const title = inLanguage(data, i18n.language);
  const lectures = countLectures(data);
  return (
    <Container className="py-6 sm:py-8">
      <PageHeader
        above={<BackLink />}
        title={title}
        subtitle={
          <span className="flex flex-wrap items-center gap-2 text-sm">
            <StatusBadge status={data.status} />
            <span>
              {data.is_free ? t("courses.free") : formatMoney(data.price_pence, i18n.language, data.currency)}
            </span>
            <span aria-hidden="true">·</span>
            <span>
              {t("course.levels", { count: data.levels.length })}, {t("course.lectures", { count: lectures })}
            </span>
            <span aria-hidden="true">·</span>
            <span>{t("course.learners", { count: data.enrolment_count })}</span>
          </span>
        }
        actions={
          <>
            <Button variant="secondary" asChild>
              <a href={`/courses/${data.id}`} target="_blank" rel="noopener noreferrer">
                <ExternalLink aria-hidden="true" className="size-4" />
                {t("course.previewPage")}
                <span className="sr-only">{t("common.newTab")}</span>
              </a>
            </Button>
            <Button variant="secondary" asChild>
              <Link to={`/af/courses/${data.id}/preview`}>
                <Eye aria-hidden="true" className="size-4" />
                {t("preview.openTitle")}
              </Link>
            </Button>
            <Button variant="secondary" asChild>
              <Link to={`/af/courses/${data.id}/quizzes`}>
                <ListChecks aria-hidden="true" className="size-4" />
                {t("course.quizzes")}
              </Link>
            </Button>
            <DeleteCourseButton course={data} />
          </>
        }
      />
      <Tabs value={tab} onValueChange={(value) => go({ tab: value, lecture: null })}>
        <TabsList aria-label={t("course.tabs.label")}>
          <TabsTrigger value="details">
            <Settings2 aria-hidden="true" className="size-4" />
            {t("course.tabs.details")}
          </TabsTrigger>
          <TabsTrigger value="structure">
            <ListTree aria-hidden="true" className="size-4" />
            {t("course.tabs.structure")}
          </TabsTrigger>
        </TabsList>
        <TabsContent value="details">
          <CourseDetails course={data} />
        </TabsContent>
        <TabsContent value="structure">
          {lectureId ? (
            <LectureEditor
              course={data}
              lectureId={lectureId}
              onOpenLecture={(lecture) => go({ lecture })}
              onClose={() => go({ tab: "structure", lecture: null })}
            />
          ) : (
            <StructureEditor course={data} onOpenLecture={(lecture) => go({ tab: "structure", lecture })} />
          )}
        </TabsContent>
      </Tabs>
    </Container>
  );
}

function CourseDetails({ course }: { course: AdminCourse }) {
  const { t } = useTranslation("authoring");
  const categories = useAdminCategories();
  const update = useUpdateCourse(course.id);
  const status = useCourseStatus(course.id);
  const form = useForm({
    resolver: courseResolver,
    values: courseToForm(course),
    resetOptions: { keepDirtyValues: true },
  });
  const { isDirty, isSubmitting } = form.formState;

  const save = form.handleSubmit(async (values) => {
    const changes = changedFields(formToCourse(courseToForm(course)), formToCourse(values));
    if (Object.keys(changes).length === 0) return form.reset(values);
    // The server checks price and free together: send both when either changed.
    if ("is_free" in changes || "price_pence" in changes) {
      const body = formToCourse(values);
      changes.is_free = body.is_free;
      changes.price_pence = body.price_pence;
    }
    try {
      const saved = await update.mutateAsync(changes);
      form.reset(courseToForm(saved));
      showSuccess(t("common.saved"));
    } catch (error) {
      reportFormError(error, form.setError, courseFieldOf);
    }
  });

  const changeStatus = async (next: PublicationStatus) => {
    try {
      await status.mutateAsync(next);
      showSuccess(t(`status.changed.${next}`));
    } catch (error) {
      showError(error);
    }
  };

  return (
    <form noValidate onSubmit={save} className="flex flex-col gap-6">
      <CourseTextsCard control={form.control} />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
        <Card className="p-4 sm:p-6">
          <SectionTitle
            icon={<Tags />}
            title={t("course.sections.catalogue")}
            hint={t("course.sections.catalogueHint")}
          />
          <CourseCatalogueFields control={form.control} categories={categories.data ?? []} />
        </Card>
        <CoverCard course={course} />
        <Card className="p-4 sm:p-6">
          <SectionTitle
            icon={<Rocket />}
            title={t("course.sections.publication")}
            hint={t("course.sections.publicationHint")}
          />
          <div className="flex flex-col gap-5">
            <StatusControl status={course.status} onChange={changeStatus} what="title" />
            <Readiness course={course} />
          </div>
        </Card>
      </div>
      <div
        className={
          isDirty
            ? "sticky bottom-[var(--cookie-inset,0px)] z-10 -mx-4 flex flex-col-reverse gap-2 border-t border-border bg-surface/95 px-4 py-3 shadow-md backdrop-blur sm:mx-0 sm:flex-row sm:items-center sm:justify-end sm:rounded-lg sm:border"
            : "flex flex-col-reverse gap-2 sm:flex-row sm:justify-end"
        }
      >
        {isDirty && <p className="mr-auto text-sm text-fg-muted">{t("common.unsaved")}</p>}
        <Button
          variant="secondary"
          disabled={!isDirty || isSubmitting}
          onClick={() => form.reset(courseToForm(course))}
        >
          {t("common.discard")}
        </Button>
        <Button type="submit" loading={isSubmitting} disabled={!isDirty}>
          {t("common.saveChanges")}
        </Button>
      </div>
    </form>
  );
}

/** What a title needs before learners see it, ticked off as it is done. */
function Readiness({ course }: { course: AdminCourse }) {
  const { t } = useTranslation("authoring");
  const lectures = course.levels.flatMap((l) => l.modules.flatMap((m) => m.lectures));
  const checks = [
    { key: "spanish", done: course.title_es.trim() !== "" && course.short_description_es.trim() !== "" },
    { key: "cover", done: course.cover_url !== null },
    { key: "lectures", done: lectures.length > 0 },
    { key: "videos", done: lectures.length > 0 && lectures.every((l) => l.has_video) },
    // WCAG 1.2.2: prerecorded video needs captions.
    {
      key: "captions",
      done: lectures.some((l) => l.has_video) && lectures.every((l) => !l.has_video || l.has_captions),
    },
    { key: "published", done: lectures.some((l) => l.status === "published") },
  ];
  return (
    <div className="flex flex-col gap-2">
      <h3 className="text-sm font-semibold text-fg">{t("readiness.title")}</h3>
      <ul className="flex flex-col gap-1.5">
        {checks.map((check) => (
          <li key={check.key} className="flex items-start gap-2 text-sm">
            {check.done ? (
              <CircleCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-success" />
            ) : (
              <CircleDashed aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-fg-muted" />
            )}
            <span className={check.done ? "text-fg" : "text-fg-muted"}>
              {t(`readiness.${check.key}`)}
              <span className="sr-only">{check.done ? t("readiness.done") : t("readiness.todo")}</span>
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}

function DeleteCourseButton({ course }: { course: AdminCourse }) {
  const { t, i18n } = useTranslation("authoring");
  const navigate = useNavigate();
  const remove = useDeleteCourse(course.id);
  const [open, setOpen] = useState(false);
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button variant="secondary">
          <Trash2 aria-hidden="true" className="size-4" />
          {t("course.delete")}
        </Button>
      }
      title={t("course.deleteTitle", { name: inLanguage(course, i18n.language) })}
      description={course.enrolment_count > 0 ? t("course.deleteHasLearners") : t("course.deleteText")}
      confirmLabel={t("common.delete")}
      cancelLabel={t("common.cancel")}
      onConfirm={async () => {
        try {
          const result = await remove.mutateAsync();
          showSuccess(result.message);
          navigate("/af/courses", { replace: true });
        } catch (error) {
          showError(error);
        }
      }}
    />
  );
}
