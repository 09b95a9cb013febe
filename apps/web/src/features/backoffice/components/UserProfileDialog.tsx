/**
 * /af/users/:id: a user manager corrects a learner's profile with the learner's
 * own form rules (the contract's `adminUserProfileInput`, same messages), and mails them the
 * forgot-password link. Email and phone are not here: the learner confirms those by a code, and an
 * administrator changes them from a login issue after checking who the person is.
 */
import { adminUserProfileInput, genders, occupations, type UserAdminDetail } from "@aprendo/contract";
import { KeyRound, Pencil } from "lucide-react";
import { useState } from "react";
import { type Control, useController, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { contractResolver, FormDialog, reportFormError } from "../../../components/admin";
import { SelectField, TextField } from "../../../components/form";
import { Button, ConfirmDialog, DateInput, Field } from "../../../components/ui";
import { translateMessage } from "../../../i18n";
import { showError, showSuccess } from "../../../lib/toast";
import { useSaveUserProfile, useSendResetLink } from "../api";

type Values = {
  username: string;
  first_name: string;
  last_name: string;
  date_of_birth: string;
  gender: string;
  address: string;
  city: string;
  country: string;
  postal_code: string;
  occupation: string;
  language_id: string;
};
const fields = [
  "username",
  "first_name",
  "last_name",
  "date_of_birth",
  "gender",
  "address",
  "city",
  "country",
  "postal_code",
  "occupation",
  "language_id",
] as const;

const valuesOf = (user: UserAdminDetail): Values => ({
  username: user.username,
  first_name: user.first_name,
  last_name: user.last_name,
  date_of_birth: user.date_of_birth ?? "",
  gender: user.profile?.gender ?? "",
  address: user.profile?.address ?? "",
  city: user.profile?.city ?? "",
  country: user.country ?? "",
  postal_code: user.profile?.postal_code ?? "",
  occupation: user.profile?.occupation ?? "",
  language_id: String(user.language_id),
});

const payload = (values: Values) => ({
  ...values,
  gender: values.gender || undefined,
  language_id: Number(values.language_id),
});

function BirthDate({ control, label }: { control: Control<Values>; label: string }) {
  const { field, fieldState } = useController({ control, name: "date_of_birth" });
  const message = fieldState.error?.message;
  return (
    <Field label={label} error={message ? translateMessage(message) : undefined} required>
      {(props) => (
        <DateInput
          {...props}
          name={field.name}
          ref={field.ref}
          value={field.value ?? ""}
          onValueChange={field.onChange}
          onBlur={field.onBlur}
          placeholder="DD/MM/YYYY"
        />
      )}
    </Field>
  );
}

export function EditProfileButton({ user }: { user: UserAdminDetail }) {
  const { t } = useTranslation("backoffice");
  // The learner form's labels, from the profile feature's words; loaded without suspending, so the
  // user's page does not blank out while they arrive (they are there long before the dialog opens).
  const { t: tp } = useTranslation("profile", { useSuspense: false });
  const [open, setOpen] = useState(false);
  const save = useSaveUserProfile(user.id);
  const form = useForm<Values>({
    resolver: contractResolver(adminUserProfileInput, payload),
    defaultValues: valuesOf(user),
  });
  const submit = form.handleSubmit(async (values) => {
    try {
      showSuccess((await save.mutateAsync(adminUserProfileInput.parse(payload(values)))).message);
      setOpen(false);
    } catch (error) {
      reportFormError(error, form.setError, fields);
    }
  });
  const choose = { value: "", label: tp("fields.choose") };
  return (
    <>
      <Button
        variant="secondary"
        onClick={() => {
          form.reset(valuesOf(user));
          setOpen(true);
        }}
      >
        <Pencil aria-hidden="true" className="size-4" />
        {t("user.editProfile")}
      </Button>
      <FormDialog
        id="user-profile"
        open={open}
        onOpenChange={setOpen}
        title={t("user.editProfileTitle")}
        onSubmit={submit}
        submitting={save.isPending}
        texts={{ cancel: t("cancel"), save: t("user.save") }}
      >
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <TextField control={form.control} name="first_name" label={tp("fields.first_name")} required />
          <TextField control={form.control} name="last_name" label={tp("fields.last_name")} required />
          <TextField control={form.control} name="username" label={tp("fields.username")} required />
          <BirthDate control={form.control} label={tp("fields.date_of_birth")} />
          <SelectField
            control={form.control}
            name="gender"
            label={tp("fields.gender")}
            required
            options={[choose, ...genders.map((g) => ({ value: g, label: tp(`genders.${g}`) }))]}
          />
          <SelectField
            control={form.control}
            name="language_id"
            label={tp("fields.language_id")}
            options={[
              { value: "1", label: "English", lang: "en" },
              { value: "2", label: "Español", lang: "es" },
            ]}
          />
          <TextField
            control={form.control}
            name="address"
            label={tp("fields.address")}
            className="sm:col-span-2"
          />
          <TextField control={form.control} name="city" label={tp("fields.city")} />
          <TextField control={form.control} name="postal_code" label={tp("fields.postal_code")} />
          <TextField
            control={form.control}
            name="country"
            label={tp("fields.country")}
            hint={t("users.countryHint")}
            maxLength={2}
          />
          <SelectField
            control={form.control}
            name="occupation"
            label={tp("fields.occupation")}
            options={[choose, ...occupations.map((o) => ({ value: o, label: tp(`occupations.${o}`) }))]}
          />
        </div>
      </FormDialog>
    </>
  );
}

export function SendResetLinkButton({ user }: { user: UserAdminDetail }) {
  const { t } = useTranslation("backoffice");
  const send = useSendResetLink(user.id);
  const address = user.email ?? user.guardian_email;
  if (!address || user.status !== "active") return null;
  return (
    <ConfirmDialog
      tone="primary"
      trigger={
        <Button variant="secondary">
          <KeyRound aria-hidden="true" className="size-4" />
          {t("user.sendReset")}
        </Button>
      }
      title={t("user.sendResetTitle")}
      description={t("user.sendResetText", { email: address })}
      confirmLabel={t("user.sendReset")}
      cancelLabel={t("cancel")}
      onConfirm={() => send.mutateAsync().then((r) => showSuccess(r.message), showError)}
    />
  );
}
