/** /af/events/create and /af/events/{id}: an event in both languages, with its dates, scope and website. */
import { eventInput } from "@aprendo/contract";
import { useMemo } from "react";
import { useForm, useWatch } from "react-hook-form";
import { useTranslation } from "react-i18next";
import {
  BilingualField,
  contractResolver,
  FormPage,
  FormSection,
  useRecordForm,
  useRecordId,
} from "../../../components/admin";
import { RadioField, SelectField, TextField } from "../../../components/form";
import { countryOptions } from "../../../lib/countries";
import { useAdminEvent, useSaveEvent } from "../api";
import { fromLocalInput, toLocalInput } from "../logic";

type Values = {
  scope: "national" | "global";
  country: string;
  title: { en: string; es: string };
  description: { en: string; es: string };
  website_url: string;
  starts_at: string;
  ends_at: string;
};
const empty: Values = {
  scope: "global",
  country: "",
  title: { en: "", es: "" },
  description: { en: "", es: "" },
  website_url: "",
  starts_at: "",
  ends_at: "",
};
const list = "/af/events";
const toPayload = (v: Values) => ({
  ...v,
  country: v.scope === "national" ? v.country : null,
  starts_at: fromLocalInput(v.starts_at),
  ends_at: fromLocalInput(v.ends_at),
});

export default function EventFormPage() {
  const { t, i18n } = useTranslation("events");
  // Countries named in the interface language; the event stores the ISO 3166-1 alpha-2 code.
  const countries = useMemo(() => countryOptions(i18n.language), [i18n.language]);
  const id = useRecordId();
  const event = useAdminEvent(id);
  const save = useSaveEvent(id);
  const form = useForm<Values>({ resolver: contractResolver(eventInput, toPayload), defaultValues: empty });
  const scope = useWatch({ control: form.control, name: "scope" });
  const { page } = useRecordForm({
    form,
    id,
    query: event,
    toValues: (data) => ({
      scope: data.scope,
      country: data.country ?? "",
      title: data.title,
      description: data.description,
      website_url: data.website_url ?? "",
      starts_at: toLocalInput(data.starts_at),
      ends_at: toLocalInput(data.ends_at),
    }),
    save: (values) => save.mutateAsync(eventInput.parse(toPayload(values))),
    fields: [
      "scope",
      "country",
      "title.en",
      "title.es",
      "description.en",
      "description.es",
      "website_url",
      "starts_at",
      "ends_at",
    ],
    list,
  });

  return (
    <FormPage
      {...page}
      title={id === null ? t("admin.createTitle") : t("admin.editTitle")}
      subtitle={t("admin.formSubtitle")}
      back={{ to: list, label: t("admin.title") }}
      texts={{
        notFound: t("admin.notFound"),
        loadFailed: t("loadFailed"),
        retry: t("retry"),
        loading: t("admin.loading"),
        cancel: t("admin.cancel"),
        save: t("admin.save"),
      }}
    >
      <FormSection title={t("admin.whereWhen")}>
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <RadioField
            control={form.control}
            name="scope"
            label={t("admin.scope")}
            orientation="horizontal"
            options={[
              { value: "global", label: t("scope.global"), description: t("admin.globalHint") },
              { value: "national", label: t("scope.national"), description: t("admin.nationalHint") },
            ]}
            required
          />
          {scope === "national" && (
            <SelectField
              control={form.control}
              name="country"
              label={t("admin.country")}
              hint={t("admin.countryHint")}
              placeholder={t("admin.chooseCountry")}
              options={countries}
              className="sm:max-w-72"
              required
            />
          )}
        </div>
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <TextField
            control={form.control}
            name="starts_at"
            type="datetime-local"
            label={t("admin.starts")}
            required
          />
          <TextField
            control={form.control}
            name="ends_at"
            type="datetime-local"
            label={t("admin.ends")}
            required
          />
        </div>
        <TextField
          control={form.control}
          name="website_url"
          type="url"
          label={t("admin.website")}
          hint={t("admin.websiteHint")}
          placeholder="https://"
        />
      </FormSection>
      <FormSection title={t("admin.columns.title")}>
        <BilingualField
          control={form.control}
          name="title"
          labels={{ en: t("admin.fields.titleEn"), es: t("admin.fields.titleEs") }}
          maxLength={150}
          required
        />
      </FormSection>
      <FormSection title={t("admin.description")}>
        <BilingualField
          control={form.control}
          name="description"
          labels={{ en: t("admin.fields.descriptionEn"), es: t("admin.fields.descriptionEs") }}
          maxLength={5000}
          multiline
          rows={6}
        />
      </FormSection>
    </FormPage>
  );
}
