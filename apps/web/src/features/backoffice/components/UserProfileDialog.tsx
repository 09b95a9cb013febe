/**
 * /af/users/:id: a user manager corrects a learner's profile with the learner's
 * own form rules (the contract's `adminUserProfileInput`, same messages), and mails them the
 * forgot-password link. Email and phone are not here: the learner confirms those by a code, and an
 * administrator changes them from a login issue after checking who the person is.
 */
import { adminUserProfileInput, type UserAdminDetail } from "@aprendo/contract";
import { KeyRound, Pencil } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { contractResolver, dialogSubmit, FormDialog } from "../../../components/admin";
import { Button, ConfirmDialog } from "../../../components/ui";
import { showError, showSuccess } from "../../../lib/toast";
import {
  AddressFields,
  OccupationField,
  PersonalFields,
  type ProfileFieldValues,
} from "../../profile/components/ProfileFields";
import { useSaveUserProfile, useSendResetLink } from "../api";

type Values = ProfileFieldValues;
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

export function EditProfileButton({ user }: { user: UserAdminDetail }) {
  const { t } = useTranslation("backoffice");
  // The learner form's fields and words (the profile feature's), loaded without suspending, so the
  // user's page does not blank out while they arrive (they are there long before the dialog opens).
  const profileWords = useTranslation("profile", { useSuspense: false });
  const [open, setOpen] = useState(false);
  const save = useSaveUserProfile(user.id);
  const form = useForm<Values>({
    resolver: contractResolver(adminUserProfileInput, payload),
    defaultValues: valuesOf(user),
  });
  const submit = dialogSubmit(form, {
    save: (values) => save.mutateAsync(adminUserProfileInput.parse(payload(values))),
    fields,
    close: () => setOpen(false),
  });
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
        loading={profileWords.ready ? undefined : t("loading")}
      >
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <PersonalFields control={form.control} own={false} />
          <AddressFields control={form.control} own={false} />
          <OccupationField control={form.control} own={false} />
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
