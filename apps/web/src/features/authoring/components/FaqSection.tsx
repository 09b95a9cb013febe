/** A lecture's FAQs in English and Spanish: the list, add and edit in a dialog, delete asked once. */
import { type AdminLecture, lectureFaqInput } from "@aprendo/contract";
import { HelpCircle, Pencil, Plus, Trash2 } from "lucide-react";
import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { contractResolver } from "../../../components/admin/resolver";
import { TextareaField, TextField } from "../../../components/form";
import { Button, Card, ConfirmDialog, Dialog, IconButton } from "../../../components/ui";
import { showError, showSuccess } from "../../../lib/toast";
import type { FaqInput, useLectureMutations } from "../api";
import { BilingualColumns } from "./BilingualColumns";
import { reportFormError } from "./form";
import { SectionTitle } from "./SectionTitle";

type Mutations = ReturnType<typeof useLectureMutations>;
type Faq = AdminLecture["faqs"][number];
type FaqValues = { question_en: string; question_es: string; answer_en: string; answer_es: string };
const emptyFaq: FaqValues = { question_en: "", question_es: "", answer_en: "", answer_es: "" };
const faqFields = new Set(Object.keys(emptyFaq));

export function FaqSection({ lecture, mutations }: { lecture: AdminLecture; mutations: Mutations }) {
  const { t, i18n } = useTranslation("authoring");
  const es = i18n.language === "es";
  const [editing, setEditing] = useState<Faq | "new" | null>(null);
  const [removing, setRemoving] = useState<Faq | null>(null);

  const remove = async () => {
    if (!removing) return;
    try {
      showSuccess((await mutations.removeFaq.mutateAsync(removing.id)).message);
    } catch (error) {
      showError(error);
    }
  };

  return (
    <Card className="p-4 sm:p-6">
      <SectionTitle
        icon={<HelpCircle />}
        title={t("faqs.title")}
        hint={t("faqs.hint")}
        actions={
          <Button variant="secondary" size="sm" onClick={() => setEditing("new")}>
            <Plus aria-hidden="true" className="size-4" />
            {t("faqs.add")}
          </Button>
        }
      />
      {lecture.faqs.length === 0 ? (
        <p className="text-sm text-fg-muted">{t("faqs.none")}</p>
      ) : (
        <ul className="flex flex-col divide-y divide-border rounded-md border border-border">
          {lecture.faqs.map((faq) => {
            const question = es ? faq.question_es : faq.question_en;
            return (
              <li key={faq.id} className="flex items-start gap-3 px-3 py-3">
                <div className="flex min-w-0 flex-1 flex-col gap-1">
                  <p className="font-medium text-fg">{question}</p>
                  <p className="line-clamp-2 text-sm text-fg-muted">{es ? faq.answer_es : faq.answer_en}</p>
                  <p className="text-xs text-fg-muted" lang={es ? "en" : "es"}>
                    <span className="font-semibold">{es ? "EN" : "ES"}</span> ·{" "}
                    {es ? faq.question_en : faq.question_es}
                  </p>
                </div>
                <IconButton
                  size="sm"
                  icon={<Pencil />}
                  aria-label={t("faqs.edit", { name: question })}
                  onClick={() => setEditing(faq)}
                />
                <IconButton
                  size="sm"
                  variant="danger"
                  icon={<Trash2 />}
                  aria-label={t("faqs.delete", { name: question })}
                  onClick={() => setRemoving(faq)}
                />
              </li>
            );
          })}
        </ul>
      )}
      <FaqDialog
        faq={editing}
        onClose={() => setEditing(null)}
        onSave={async (values) => {
          const result =
            editing === "new" || editing === null
              ? await mutations.addFaq.mutateAsync(values)
              : await mutations.updateFaq.mutateAsync({ id: editing.id, body: values });
          showSuccess(result.message);
        }}
      />
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title={t("faqs.deleteTitle")}
        description={t("faqs.deleteText")}
        confirmLabel={t("common.delete")}
        cancelLabel={t("common.cancel")}
        onConfirm={remove}
      />
    </Card>
  );
}

function FaqDialog({
  faq,
  onClose,
  onSave,
}: {
  faq: Faq | "new" | null;
  onClose: () => void;
  onSave: (values: FaqInput) => Promise<void>;
}) {
  const { t } = useTranslation("authoring");
  const form = useForm<FaqValues>({
    resolver: contractResolver(lectureFaqInput.omit({ position: true })),
    defaultValues: emptyFaq,
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when another FAQ opens
  useEffect(() => {
    if (faq === null) return;
    form.reset(
      faq === "new"
        ? emptyFaq
        : {
            question_en: faq.question_en,
            question_es: faq.question_es,
            answer_en: faq.answer_en,
            answer_es: faq.answer_es,
          },
    );
  }, [faq]);

  const submit = form.handleSubmit(async (values) => {
    try {
      await onSave(values);
      onClose();
    } catch (error) {
      reportFormError(error, form.setError, (field) =>
        faqFields.has(field) ? (field as keyof FaqValues) : null,
      );
    }
  });

  const column = (lang: "en" | "es") => (
    <>
      <TextField
        control={form.control}
        name={`question_${lang}`}
        label={t("faqs.question")}
        maxLength={300}
        required
        lang={lang}
      />
      <TextareaField
        control={form.control}
        name={`answer_${lang}`}
        label={t("faqs.answer")}
        maxLength={5000}
        rows={5}
        required
        lang={lang}
      />
    </>
  );

  return (
    <Dialog
      open={faq !== null}
      onOpenChange={(open) => !open && onClose()}
      title={faq === "new" ? t("faqs.add") : t("faqs.editTitle")}
      closeLabel={t("common.close")}
      size="lg"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t("common.cancel")}
          </Button>
          <Button type="submit" form="faq-form" loading={form.formState.isSubmitting}>
            {t("common.save")}
          </Button>
        </>
      }
    >
      <form id="faq-form" noValidate onSubmit={submit} className="py-2">
        <BilingualColumns en={column("en")} es={column("es")} />
      </form>
    </Dialog>
  );
}
