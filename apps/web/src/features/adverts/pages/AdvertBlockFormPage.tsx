/** /af/advertisement-blocks/create and /{id}: a group of adverts and the placement it shows at. */
import { type AdvertPlacement, advertisementBlockInput, advertPlacements } from "@aprendo/contract";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { contractResolver, FormPage, useRecordForm, useRecordId } from "../../../components/admin";
import { CheckboxField, SelectField, TextareaField, TextField } from "../../../components/form";
import { useAdvertBlock, useSaveAdvertBlock } from "../api";

type Values = {
  key: string;
  name: string;
  description: string;
  placement: AdvertPlacement | "";
  active: boolean;
};
const empty: Values = { key: "", name: "", description: "", placement: "", active: true };
const list = "/af/advertisement-blocks";

export default function AdvertBlockFormPage() {
  const { t } = useTranslation("adverts");
  const id = useRecordId();
  const block = useAdvertBlock(id);
  const save = useSaveAdvertBlock(id);
  const form = useForm<Values>({
    resolver: contractResolver(advertisementBlockInput, (values: Values) => values),
    defaultValues: empty,
  });

  const { page } = useRecordForm({
    form,
    id,
    query: block,
    toValues: (data) => ({
      key: data.key,
      name: data.name,
      description: data.description ?? "",
      placement: data.placement,
      active: data.active,
    }),
    save: (values) => save.mutateAsync(advertisementBlockInput.parse(values)),
    fields: ["key", "name", "description", "placement", "active"],
    list,
  });

  return (
    <FormPage
      {...page}
      width="md"
      title={id === null ? t("blocks.createTitle") : t("blocks.editTitle")}
      subtitle={t("blocks.formSubtitle")}
      back={{ to: list, label: t("blocks.title") }}
      texts={{
        notFound: t("blocks.notFound"),
        loadFailed: t("loadFailed"),
        retry: t("retry"),
        loading: t("loading"),
        cancel: t("cancel"),
        save: t("save"),
      }}
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
      <SelectField
        control={form.control}
        name="placement"
        label={t("blocks.fields.placement")}
        hint={
          form.watch("placement")
            ? t(`placements.${form.watch("placement") as AdvertPlacement}.hint`)
            : t("blocks.fields.placementHint")
        }
        placeholder={t("blocks.fields.choosePlacement")}
        options={advertPlacements.map((p) => ({ value: p, label: t(`placements.${p}.name`) }))}
        required
      />
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
