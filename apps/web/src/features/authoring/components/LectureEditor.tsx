/**
 * One lecture of a title: texts in English and Spanish, the free-preview flag, its status, video,
 * e-books and FAQs, "preview as a learner" (the learner's lecture page in a new tab), previous/next
 * lecture and delete. Shown in place of the outline (the URL keeps ?lecture=id).
 */
import { type AdminCourse, type AdminLecture, lecturePatch, type PublicationStatus } from "@aprendo/contract";
import { ArrowLeft, ChevronLeft, ChevronRight, ExternalLink, PenLine, Rocket, Trash2 } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { contractResolver } from "../../../components/admin/resolver";
import { CheckboxField, TextareaField, TextField } from "../../../components/form";
import { Button, Card, ConfirmDialog, Skeleton } from "../../../components/ui";
import { showError, showSuccess } from "../../../lib/toast";
import { useAdminLecture, useLectureMutations, useOutlineItem } from "../api";
import { changedFields, inLanguage, learnerLecturePath, locateLecture } from "../logic";
import { BilingualColumns } from "./BilingualColumns";
import { EbookSection } from "./EbookSection";
import { FaqSection } from "./FaqSection";
import { reportFormError } from "./form";
import { LoadError } from "./LoadState";
import { SectionTitle } from "./SectionTitle";
import { StatusBadge } from "./StatusBadge";
import { StatusControl } from "./StatusControl";
import { VideoSection } from "./VideoSection";
import { CaptionsSection } from "./video/CaptionsSection";
import { ResourcesSection } from "./video/ResourcesSection";

type Props = {
  course: AdminCourse;
  lectureId: number;
  onOpenLecture: (id: number) => void;
  onClose: () => void;
};

export function LectureEditor({ course, lectureId, onOpenLecture, onClose }: Props) {
  const { t, i18n } = useTranslation("authoring");
  const lecture = useAdminLecture(lectureId);
  const place = locateLecture(course, lectureId);
  const order = course.levels.flatMap((l) => l.modules.flatMap((m) => m.lectures));
  const index = order.findIndex((l) => l.id === lectureId);
  const previous = index > 0 ? order[index - 1] : undefined;
  const next = index >= 0 ? order[index + 1] : undefined;
  const language = i18n.language;

  return (
    <div className="flex flex-col gap-6">
      <nav aria-label={t("lecture.navigation")} className="flex flex-wrap items-center justify-between gap-2">
        <Button variant="ghost" size="sm" onClick={onClose}>
          <ArrowLeft aria-hidden="true" className="size-4" />
          {t("lecture.backToOutline")}
        </Button>
        <div className="flex items-center gap-1">
          <Button
            variant="ghost"
            size="sm"
            disabled={!previous}
            onClick={() => previous && onOpenLecture(previous.id)}
          >
            <ChevronLeft aria-hidden="true" className="size-4" />
            {t("lecture.previous")}
          </Button>
          <span className="text-sm text-fg-muted tabular-nums">
            {index >= 0 ? t("lecture.position", { number: index + 1, count: order.length }) : ""}
          </span>
          <Button variant="ghost" size="sm" disabled={!next} onClick={() => next && onOpenLecture(next.id)}>
            {t("lecture.next")}
            <ChevronRight aria-hidden="true" className="size-4" />
          </Button>
        </div>
      </nav>
      {lecture.isPending ? (
        <div className="flex flex-col gap-4" role="status" aria-label={t("common.loading")}>
          <Skeleton className="h-10 w-2/3" />
          <Skeleton className="h-64 w-full" />
          <Skeleton className="h-48 w-full" />
        </div>
      ) : lecture.isError ? (
        <LoadError
          error={lecture.error}
          onRetry={() => void lecture.refetch()}
          retrying={lecture.isFetching}
        />
      ) : (
        <LectureForms
          key={lecture.data.id}
          course={course}
          lecture={lecture.data}
          breadcrumb={place ? [inLanguage(place.level, language), inLanguage(place.module, language)] : []}
          onDeleted={onClose}
        />
      )}
    </div>
  );
}

type DetailValues = {
  title_en: string;
  title_es: string;
  description_en: string;
  description_es: string;
  is_preview: boolean;
};
const detailSchema = lecturePatch
  .pick({
    title_en: true,
    title_es: true,
    description_en: true,
    description_es: true,
    is_preview: true,
  })
  .required();
const detailFields = new Set(["title_en", "title_es", "description_en", "description_es", "is_preview"]);

function detailsOf(lecture: AdminLecture): DetailValues {
  return {
    title_en: lecture.title_en,
    title_es: lecture.title_es,
    description_en: lecture.description_en,
    description_es: lecture.description_es,
    is_preview: lecture.is_preview,
  };
}

function LectureForms({
  course,
  lecture,
  breadcrumb,
  onDeleted,
}: {
  course: AdminCourse;
  lecture: AdminLecture;
  breadcrumb: string[];
  onDeleted: () => void;
}) {
  const { t, i18n } = useTranslation("authoring");
  const mutations = useLectureMutations(course.id, lecture.id);
  const { remove } = useOutlineItem(course.id, "lectures");
  const [deleting, setDeleting] = useState(false);
  const form = useForm<DetailValues>({
    resolver: contractResolver(detailSchema),
    values: detailsOf(lecture),
    resetOptions: { keepDirtyValues: true },
  });
  const title = inLanguage(lecture, i18n.language);

  const save = form.handleSubmit(async (values) => {
    const changes = changedFields(detailsOf(lecture), values);
    if (Object.keys(changes).length === 0) return;
    try {
      await mutations.update.mutateAsync(changes);
      showSuccess(t("common.saved"));
      form.reset(values);
    } catch (error) {
      reportFormError(error, form.setError, (field) =>
        detailFields.has(field) ? (field as keyof DetailValues) : null,
      );
    }
  });

  const changeStatus = async (status: PublicationStatus) => {
    try {
      showSuccess((await mutations.status.mutateAsync(status)).message);
    } catch (error) {
      showError(error);
    }
  };

  const column = (lang: "en" | "es") => (
    <>
      <TextField
        control={form.control}
        name={`title_${lang}`}
        label={t("lecture.fields.title")}
        maxLength={160}
        required
        lang={lang}
      />
      <TextareaField
        control={form.control}
        name={`description_${lang}`}
        label={t("lecture.fields.description")}
        maxLength={20_000}
        rows={5}
        lang={lang}
      />
    </>
  );

  return (
    <>
      <header className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="flex min-w-0 flex-col gap-1">
          {breadcrumb.length > 0 && <p className="text-sm text-fg-muted">{breadcrumb.join(" › ")}</p>}
          <h2 className="text-2xl font-semibold tracking-tight text-fg">{title}</h2>
          <div className="flex flex-wrap gap-1.5">
            <StatusBadge status={lecture.status} />
          </div>
        </div>
        <Button variant="secondary" asChild>
          <a href={learnerLecturePath(course.id, lecture.id)} target="_blank" rel="noopener noreferrer">
            <ExternalLink aria-hidden="true" className="size-4" />
            {t("lecture.previewAsLearner")}
            <span className="sr-only">{t("common.newTab")}</span>
          </a>
        </Button>
      </header>

      <div className="grid grid-cols-1 gap-6 xl:grid-cols-[minmax(0,1fr)_20rem]">
        <Card className="p-4 sm:p-6">
          <SectionTitle
            icon={<PenLine />}
            title={t("lecture.sections.details")}
            hint={t("lecture.sections.detailsHint")}
          />
          <form noValidate onSubmit={save} className="flex flex-col gap-5">
            <BilingualColumns en={column("en")} es={column("es")} />
            <CheckboxField
              control={form.control}
              name="is_preview"
              label={t("lecture.fields.isPreview")}
              hint={t("lecture.fields.isPreviewHint")}
            />
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Button
                variant="secondary"
                disabled={!form.formState.isDirty}
                onClick={() => form.reset(detailsOf(lecture))}
              >
                {t("common.discard")}
              </Button>
              <Button type="submit" loading={form.formState.isSubmitting} disabled={!form.formState.isDirty}>
                {t("common.saveChanges")}
              </Button>
            </div>
          </form>
        </Card>
        <Card className="h-fit p-4 sm:p-6">
          <SectionTitle icon={<Rocket />} title={t("lecture.sections.publication")} />
          <StatusControl status={lecture.status} onChange={changeStatus} what="lecture" />
        </Card>
      </div>

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <VideoSection lecture={lecture} mutations={mutations} />
        <EbookSection lecture={lecture} mutations={mutations} />
      </div>
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <CaptionsSection courseId={lecture.course_id} lectureId={lecture.id} />
        <ResourcesSection courseId={lecture.course_id} lectureId={lecture.id} />
      </div>
      <FaqSection lecture={lecture} mutations={mutations} />

      <Card className="flex-row flex-wrap items-center justify-between gap-3 p-4 sm:p-6">
        <div className="flex flex-col">
          <h2 className="font-semibold text-fg">{t("lecture.deleteTitle")}</h2>
          <p className="text-sm text-fg-muted">{t("structure.deleteText.lecture")}</p>
        </div>
        <Button variant="danger" onClick={() => setDeleting(true)}>
          <Trash2 aria-hidden="true" className="size-4" />
          {t("lecture.delete")}
        </Button>
      </Card>
      <ConfirmDialog
        open={deleting}
        onOpenChange={setDeleting}
        title={t("structure.delete.lecture", { name: title })}
        description={t("structure.deleteText.lecture")}
        confirmLabel={t("common.delete")}
        cancelLabel={t("common.cancel")}
        onConfirm={async () => {
          try {
            showSuccess((await remove.mutateAsync(lecture.id)).message);
            onDeleted();
          } catch (error) {
            showError(error);
          }
        }}
      />
    </>
  );
}
