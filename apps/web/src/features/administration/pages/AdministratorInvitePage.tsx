/**
 * /ha/administrator-users/create: invite an administrator. Only a creation request is made; the
 * account and the invitation mail exist once a master administrator approves.
 */
import { administratorInput } from "@aprendo/contract";
import { Send } from "lucide-react";
import { Controller, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { contractResolver, FormPage, FormSection, reportFormError } from "../../../components/admin";
import { Button } from "../../../components/ui";
import { translateMessage } from "../../../i18n";
import { useSafeNavigate } from "../../../lib/navigation";
import { showInfo } from "../../../lib/toast";
import { useRequestAdministrator } from "../api";
import { GroupChooser } from "../components/GroupChooser";
import {
  emptyPerson,
  PersonFields,
  type PersonValues,
  personFields,
  personPayload,
} from "../components/PersonFields";

type Values = PersonValues & { group_ids: number[] };
const toPayload = (values: Values) => ({ ...personPayload(values), group_ids: values.group_ids });

export default function AdministratorInvitePage() {
  const { t } = useTranslation("administration");
  const navigate = useSafeNavigate();
  const request = useRequestAdministrator();
  const form = useForm<Values>({
    resolver: contractResolver(administratorInput, toPayload),
    defaultValues: { ...emptyPerson, group_ids: [] },
  });
  const submit = form.handleSubmit(async (values) => {
    try {
      showInfo((await request.mutateAsync(administratorInput.parse(toPayload(values)))).message);
      navigate("/ha/dashboard");
    } catch (error) {
      reportFormError(error, form.setError, [...personFields, "group_ids"]);
    }
  });
  return (
    <FormPage
      title={t("invite.title")}
      subtitle={t("invite.subtitle")}
      back={{ to: "/ha/administrator-users", label: t("admins.title") }}
      texts={{
        notFound: t("common.notFound"),
        loadFailed: t("common.loadFailed"),
        retry: t("common.retry"),
        loading: t("common.loading"),
      }}
      onSubmit={submit}
      footer={
        <>
          <Button variant="secondary" onClick={() => navigate("/ha/administrator-users")}>
            {t("common.cancel")}
          </Button>
          <Button type="submit" loading={form.formState.isSubmitting} data-testid="send-invitation">
            <Send aria-hidden="true" className="size-4" />
            {t("invite.submit")}
          </Button>
        </>
      }
      width="md"
    >
      <FormSection title={t("invite.person")}>
        <PersonFields control={form.control} />
      </FormSection>
      <Controller
        control={form.control}
        name="group_ids"
        render={({ field, fieldState }) => (
          <GroupChooser
            value={field.value}
            onChange={field.onChange}
            legend={t("invite.groups")}
            hint={t("invite.groupsHint")}
            error={fieldState.error?.message ? translateMessage(fieldState.error.message) : undefined}
          />
        )}
      />
    </FormPage>
  );
}
