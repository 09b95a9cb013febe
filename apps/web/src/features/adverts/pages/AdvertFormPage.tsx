/** /af/adverts/create and /af/adverts/{id}: an advert's image, block, title in both languages, link and days. */
import { advertInput, KB } from "@aprendo/contract";
import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import {
  BilingualField,
  contractResolver,
  FormPage,
  FormSection,
  PositionActiveFields,
  useRecordForm,
  useRecordId,
} from "../../../components/admin";
import { SelectField, TextField } from "../../../components/form";
import { Field, FileDropZone } from "../../../components/ui";
import { translateMessage } from "../../../i18n";
import { ApiError } from "../../../lib/http";
import { useAdvert, useAdvertBlocks, useSaveAdvert } from "../api";
import { advertImageRules } from "../logic";

type Values = {
  block_id: string;
  title: { en: string; es: string };
  link_url: string;
  starts_on: string;
  ends_on: string;
  active: boolean;
  position: number | null;
};
const list = "/af/adverts";
const today = () => new Date().toISOString().slice(0, 10);
const toPayload = (v: Values) => ({ ...v, block_id: v.block_id === "" ? undefined : v.block_id });

export default function AdvertFormPage() {
  const { t } = useTranslation("adverts");
  const [params] = useSearchParams();
  const id = useRecordId();
  const advert = useAdvert(id);
  const blocks = useAdvertBlocks();
  const save = useSaveAdvert(id);
  const [image, setImage] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [imageError, setImageError] = useState<string | undefined>();
  const form = useForm<Values>({
    resolver: contractResolver(advertInput, toPayload),
    defaultValues: {
      block_id: params.get("block") ?? "",
      title: { en: "", es: "" },
      link_url: "",
      starts_on: today(),
      ends_on: "",
      active: true,
      position: 0,
    },
  });

  useEffect(() => {
    if (!image) {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(image);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [image]);

  const { page } = useRecordForm({
    form,
    id,
    query: advert,
    toValues: (data) => ({
      block_id: String(data.block.id),
      title: data.title,
      link_url: data.link_url ?? "",
      starts_on: data.starts_on,
      ends_on: data.ends_on ?? "",
      active: data.active,
      position: data.position,
    }),
    save: (values) => save.mutateAsync({ input: advertInput.parse(toPayload(values)), image }),
    fields: ["block_id", "title.en", "title.es", "link_url", "starts_on", "ends_on", "position"],
    list,
    validate: () => {
      if (id !== null || image) return true;
      setImageError(translateMessage("adverts.imageRequired"));
      return false;
    },
    onError: (error) => {
      if (error instanceof ApiError) setImageError(error.fieldErrors?.image?.[0]);
    },
  });

  const shownImage = preview ?? advert.data?.image_url ?? null;

  return (
    <FormPage
      {...page}
      title={id === null ? t("createTitle") : t("editTitle")}
      subtitle={t("formSubtitle")}
      back={{ to: list, label: t("title") }}
      texts={{
        notFound: t("notFound"),
        loadFailed: t("loadFailed"),
        retry: t("retry"),
        loading: t("loading"),
        cancel: t("cancel"),
        save: t("save"),
      }}
    >
      <FormSection title={t("fields.image")}>
        <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
          <Field
            label={t("fields.imageFile")}
            hint={t("fields.imageHint")}
            error={imageError}
            required={id === null}
          >
            {(control) => (
              <FileDropZone
                {...control}
                label={t("fields.dropImage")}
                accept={advertImageRules.accept}
                maxSize={advertImageRules.maxBytes}
                multiple={false}
                files={image ? [image] : []}
                onFilesChange={(files) => {
                  setImage(files[0] ?? null);
                  setImageError(undefined);
                }}
                onReject={(reason) =>
                  setImageError(
                    translateMessage(
                      reason === "size"
                        ? `adverts.imageTooLarge?max=${advertImageRules.maxBytes / KB}`
                        : "adverts.imageType",
                    ),
                  )
                }
                removeLabel={(file) => t("fields.removeImage", { name: file.name })}
              />
            )}
          </Field>
          <div className="flex flex-col gap-1.5">
            <p className="text-sm font-medium text-fg">{t("fields.preview")}</p>
            {shownImage ? (
              <img
                src={shownImage}
                alt={t("fields.previewAlt")}
                className="aspect-[3/1] w-full rounded-lg border border-border bg-surface-muted object-cover"
              />
            ) : (
              <div className="flex aspect-[3/1] w-full items-center justify-center rounded-lg border border-dashed border-border-strong text-sm text-fg-muted">
                {t("fields.noImage")}
              </div>
            )}
          </div>
        </div>
      </FormSection>
      <FormSection title={t("fields.where")}>
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-3">
          <SelectField
            control={form.control}
            name="block_id"
            label={t("columns.block")}
            placeholder={t("fields.chooseBlock")}
            options={(blocks.data ?? []).map((b) => ({ value: String(b.id), label: `${b.name} (${b.key})` }))}
            required
          />
          <PositionActiveFields
            control={form.control}
            texts={{
              position: t("fields.position"),
              positionHint: t("fields.positionHint"),
              active: t("active"),
              activeHint: t("fields.activeHint"),
            }}
          />
        </div>
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <TextField
            control={form.control}
            name="starts_on"
            type="date"
            label={t("fields.startsOn")}
            required
          />
          <TextField
            control={form.control}
            name="ends_on"
            type="date"
            label={t("fields.endsOn")}
            hint={t("fields.endsOnHint")}
          />
        </div>
        <TextField
          control={form.control}
          name="link_url"
          type="url"
          label={t("fields.link")}
          hint={t("fields.linkHint")}
          placeholder="https://"
        />
      </FormSection>
      <FormSection title={t("columns.title")}>
        <BilingualField
          control={form.control}
          name="title"
          labels={{ en: t("fields.titleEn"), es: t("fields.titleEs") }}
          hint={t("fields.titleHint")}
          maxLength={120}
          required
        />
      </FormSection>
    </FormPage>
  );
}
