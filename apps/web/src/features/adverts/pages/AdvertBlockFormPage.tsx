/** /af/advertisement-blocks/create and /{id}: a place for adverts, named by the key pages use. */
import { advertisementBlockInput } from "@aprendo/contract";
import { useEffect } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { contractResolver, editId, FormPage, recordState, reportFormError } from "../../../components/admin";
import { CheckboxField, TextareaField, TextField } from "../../../components/form";
import { Button } from "../../../components/ui";
import { useSafeNavigate } from "../../../lib/navigation";
import { showSuccess } from "../../../lib/toast";
import { useAdvertBlock, useSaveAdvertBlock } from "../api";

type Values = { key: string; name: string; description: string; active: boolean };
const empty: Values = { key: "", name: "", description: "", active: true };
const list = "/af/advertisement-blocks";

export default function AdvertBlockFormPage() {
  const { t } = useTranslation("adverts");
  const navigate = useSafeNavigate();
  const param = useParams().id;
  const id = param === undefined ? null : (editId(param) ?? -1);
  const block = useAdvertBlock(id);
  const save = useSaveAdvertBlock(id);
  const form = useForm<Values>({ resolver: contractResolver(advertisementBlockInput), defaultValues: empty });

  useEffect(() => {
    if (block.data)
      form.reset({
        key: block.data.key,
        name: block.data.name,
        description: block.data.description ?? "",
        active: block.data.active,
      });
  }, [block.data, form]);

  const submit = form.handleSubmit(async (values) => {
    try {
      const answer = await save.mutateAsync(advertisementBlockInput.parse(values));
      if (answer.message) showSuccess(answer.message);
      navigate(list);
    } catch (error) {
      reportFormError(error, form.setError, ["key", "name", "description", "active"]);
    }
  });

  return (
    <FormPage
      width="md"
      title={id === null ? t("blocks.createTitle") : t("blocks.editTitle")}
      subtitle={t("blocks.formSubtitle")}
      back={{ to: list, label: t("blocks.title") }}
      record={recordState(block, id !== null)}
      texts={{
        notFound: t("blocks.notFound"),
        loadFailed: t("loadFailed"),
        retry: t("retry"),
        loading: t("loading"),
      }}
      onSubmit={submit}
      footer={
        <>
          <Button variant="secondary" onClick={() => navigate(list)}>
            {t("cancel")}
          </Button>
          <Button type="submit" loading={form.formState.isSubmitting}>
            {t("save")}
          </Button>
        </>
      }
    >
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <TextField
          control={form.control}
          name="name"
          label={t("blocks.fields.name")}
          maxLength={100}
          required
        />
        <TextField
          control={form.control}
          name="key"
          label={t("blocks.fields.key")}
          hint={t("blocks.fields.keyHint")}
          maxLength={60}
          spellCheck={false}
          autoCapitalize="none"
          className="font-mono"
          required
        />
      </div>
      <TextareaField
        control={form.control}
        name="description"
        label={t("blocks.fields.description")}
        hint={t("blocks.fields.descriptionHint")}
        maxLength={500}
        rows={3}
      />
      <CheckboxField
        control={form.control}
        name="active"
        label={t("active")}
        hint={t("blocks.fields.activeHint")}
      />
    </FormPage>
  );
}
