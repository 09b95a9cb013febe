/** The person fields of an invitation: names, username, email and the invitation's language. */
import type { Control, FieldValues, Path } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { SelectField, TextField } from "../../../components/form";

export type PersonValues = {
  first_name: string;
  last_name: string;
  username: string;
  email: string;
  language_id: string;
};
export const emptyPerson: PersonValues = {
  first_name: "",
  last_name: "",
  username: "",
  email: "",
  language_id: "1",
};
export const personFields = ["first_name", "last_name", "username", "email", "language_id"] as const;

export function PersonFields<T extends FieldValues & PersonValues>({ control }: { control: Control<T> }) {
  const { t } = useTranslation("administration");
  const name = (field: keyof PersonValues) => field as Path<T>;
  return (
    <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
      <TextField
        control={control}
        name={name("first_name")}
        label={t("invite.firstName")}
        maxLength={50}
        required
        autoComplete="off"
      />
      <TextField
        control={control}
        name={name("last_name")}
        label={t("invite.lastName")}
        maxLength={50}
        required
        autoComplete="off"
      />
      <TextField
        control={control}
        name={name("username")}
        label={t("invite.username")}
        maxLength={30}
        required
        autoComplete="off"
      />
      <TextField
        control={control}
        name={name("email")}
        label={t("invite.email")}
        type="email"
        maxLength={254}
        required
        autoComplete="off"
      />
      <SelectField
        control={control}
        name={name("language_id")}
        label={t("invite.language")}
        options={[
          { value: "1", label: t("invite.english") },
          { value: "2", label: t("invite.spanish") },
        ]}
      />
    </div>
  );
}

export const personPayload = (values: PersonValues) => ({
  first_name: values.first_name,
  last_name: values.last_name,
  username: values.username,
  email: values.email,
  language_id: Number(values.language_id),
});
