/**
 * The fields of a learner's profile, with the same words, limits and choices wherever a profile is
 * edited: the learner's own page (/iu/profile/info) and a user manager's correction (/af/users/:id).
 * Each form lays them out itself (the page in titled sections, the dialog in one grid).
 */
import { genders, occupations, profileLimits } from "@aprendo/contract";
import { useMemo } from "react";
import { type Control, type FieldValues, type Path, useController } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { SelectField, TextField } from "../../../components/form";
import { DateInput, Field } from "../../../components/ui";
import { translateMessage } from "../../../i18n";
import { countryOptions } from "../logic";

/** The profile fields both forms edit, as the strings the form keeps. */
export type ProfileFieldValues = Record<
  | "first_name"
  | "last_name"
  | "username"
  | "date_of_birth"
  | "gender"
  | "language_id"
  | "address"
  | "city"
  | "postal_code"
  | "country"
  | "occupation",
  string
>;

type Props<T extends ProfileFieldValues & FieldValues> = {
  control: Control<T>;
  /**
   * The learner's own profile: the browser may fill it in (autocomplete tokens) and the fields a
   * complete profile needs are marked. A manager correcting someone else's gets neither: their
   * browser would offer the manager's own name and address.
   */
  own: boolean;
};

// The forms' values hold more fields than these, so a name is typed for the caller's form.
const named = <T extends FieldValues>(name: keyof ProfileFieldValues) => name as Path<T>;

/** Name, username, date of birth, gender and the interface language. */
export function PersonalFields<T extends ProfileFieldValues & FieldValues>({ control, own }: Props<T>) {
  const { t } = useTranslation("profile");
  return (
    <>
      <TextField
        control={control}
        name={named<T>("first_name")}
        label={t("fields.first_name")}
        maxLength={profileLimits.nameMax}
        required
        autoComplete={own ? "given-name" : "off"}
      />
      <TextField
        control={control}
        name={named<T>("last_name")}
        label={t("fields.last_name")}
        maxLength={profileLimits.nameMax}
        required
        autoComplete={own ? "family-name" : "off"}
      />
      <TextField
        control={control}
        name={named<T>("username")}
        label={t("fields.username")}
        required
        autoComplete={own ? "username" : "off"}
      />
      <DateOfBirthField control={control} own={own} />
      <SelectField
        control={control}
        name={named<T>("gender")}
        label={t("fields.gender")}
        required
        placeholder={t("fields.choose")}
        autoComplete={own ? "sex" : "off"}
        options={genders.map((g) => ({ value: g, label: t(`genders.${g}`) }))}
      />
      <SelectField
        control={control}
        name={named<T>("language_id")}
        label={t("fields.language_id")}
        autoComplete={own ? "language" : "off"}
        // Each language named in itself, and marked so (WCAG 3.1.2): "Español" is read in Spanish.
        options={["1", "2"].map((v) => ({
          value: v,
          label: t(`languages.${v}`),
          lang: v === "2" ? "es" : "en",
        }))}
      />
    </>
  );
}

/** Street, city, postal code and country (a list of the countries' names, kept as ISO codes). */
export function AddressFields<T extends ProfileFieldValues & FieldValues>({ control, own }: Props<T>) {
  const { t, i18n } = useTranslation("profile");
  const countries = useMemo(() => countryOptions(i18n.language), [i18n.language]);
  return (
    <>
      <TextField
        control={control}
        name={named<T>("address")}
        label={t("fields.address")}
        maxLength={profileLimits.addressMax}
        required={own}
        autoComplete={own ? "address-line1" : "off"}
        className="sm:col-span-2"
      />
      <TextField
        control={control}
        name={named<T>("city")}
        label={t("fields.city")}
        maxLength={profileLimits.cityMax}
        required={own}
        autoComplete={own ? "address-level2" : "off"}
      />
      <TextField
        control={control}
        name={named<T>("postal_code")}
        label={t("fields.postal_code")}
        maxLength={profileLimits.postalCodeMax}
        required={own}
        autoComplete={own ? "postal-code" : "off"}
      />
      <SelectField
        control={control}
        name={named<T>("country")}
        label={t("fields.country")}
        required={own}
        placeholder={t("fields.choose")}
        autoComplete={own ? "country" : "off"}
        options={countries}
      />
    </>
  );
}

export function OccupationField<T extends ProfileFieldValues & FieldValues>({ control, own }: Props<T>) {
  const { t } = useTranslation("profile");
  return (
    <SelectField
      control={control}
      name={named<T>("occupation")}
      label={t("fields.occupation")}
      required={own}
      placeholder={t("fields.choose")}
      options={occupations.map((o) => ({ value: o, label: t(`occupations.${o}`) }))}
    />
  );
}

/** The date of birth typed as 14/03/1992 in both languages (a native date input follows the browser's language). */
function DateOfBirthField<T extends ProfileFieldValues & FieldValues>({ control, own }: Props<T>) {
  const { t } = useTranslation("profile");
  const { field, fieldState } = useController({ control, name: named<T>("date_of_birth") });
  const message = fieldState.error?.message;
  return (
    <Field label={t("fields.date_of_birth")} error={message ? translateMessage(message) : undefined} required>
      {(props) => (
        <DateInput
          {...props}
          name={field.name}
          ref={field.ref}
          value={field.value ?? ""}
          onValueChange={field.onChange}
          onBlur={field.onBlur}
          placeholder={t("fields.datePlaceholder")}
          autoComplete={own ? "bday" : "off"}
        />
      )}
    </Field>
  );
}
