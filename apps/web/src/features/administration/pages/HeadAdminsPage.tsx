/** /ma/ha: head administrators; a master invites them (no approval needed), disables and enables them. */
import type { AdministratorItem } from "@aprendo/contract";
import { headAdministratorInput } from "@aprendo/contract";
import { Mail, Power, PowerOff, UserPlus } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { contractResolver, reportFormError } from "../../../components/admin";
import { Button, ConfirmDialog, Dialog, IconButton } from "../../../components/ui";
import { reportUnexpected } from "../../../lib/report-error";
import { showError, showSuccess } from "../../../lib/toast";
import { type AdminArea, useAccountAction, useCreateHeadAdministrator } from "../api";
import {
  emptyPerson,
  PersonFields,
  type PersonValues,
  personFields,
  personPayload,
} from "../components/PersonFields";
import { AdministratorTable } from "./AdministratorsPage";

function InviteHeadDialog() {
  const { t } = useTranslation("administration");
  const [open, setOpen] = useState(false);
  const create = useCreateHeadAdministrator();
  const form = useForm<PersonValues>({
    resolver: contractResolver(headAdministratorInput, personPayload),
    defaultValues: emptyPerson,
  });
  const submit = form.handleSubmit(async (values) => {
    try {
      showSuccess((await create.mutateAsync(headAdministratorInput.parse(personPayload(values)))).message);
      setOpen(false);
      form.reset(emptyPerson);
    } catch (error) {
      reportFormError(error, form.setError, personFields);
    }
  });
  return (
    <Dialog
      open={open}
      onOpenChange={setOpen}
      size="lg"
      trigger={
        <Button>
          <UserPlus aria-hidden="true" className="size-4" />
          {t("heads.create")}
        </Button>
      }
      title={t("heads.createTitle")}
      description={t("heads.createText")}
      closeLabel={t("common.close")}
      footer={
        <>
          <Button variant="secondary" onClick={() => setOpen(false)}>
            {t("common.cancel")}
          </Button>
          <Button type="submit" form="invite-head" loading={form.formState.isSubmitting}>
            {t("heads.submit")}
          </Button>
        </>
      }
    >
      <form id="invite-head" noValidate onSubmit={submit}>
        <PersonFields control={form.control} />
      </form>
    </Dialog>
  );
}

/** Disable / enable (and resend a pending invitation where the area can) from a row of the list. */
export function AccountRowActions({
  item,
  place,
  area = "ma",
}: {
  item: AdministratorItem;
  place: "card" | "table";
  area?: AdminArea;
}) {
  const labelClass = place === "table" ? "max-sm:sr-only" : undefined;
  const { t } = useTranslation("administration");
  const action = useAccountAction(area);
  const run = async (kind: "disable" | "enable" | "invitation") => {
    try {
      showSuccess((await action.mutateAsync({ id: item.id, action: kind })).message);
    } catch (error) {
      showError(error);
      throw error;
    }
  };
  return (
    <span className="inline-flex gap-1">
      {item.status === "invited" && area !== "all" && (
        <IconButton
          size="sm"
          variant="ghost"
          icon={<Mail />}
          aria-label={`${t("adminDetail.resend")}: ${item.name}`}
          onClick={() =>
            void run("invitation").catch(reportUnexpected("resending an invitation", { adminId: item.id }))
          }
        />
      )}
      {item.status === "disabled" ? (
        <ConfirmDialog
          tone="primary"
          trigger={
            <Button size="sm" variant="secondary" aria-label={`${t("adminDetail.enable")}: ${item.name}`}>
              <Power aria-hidden="true" className="size-4" />
              <span className={labelClass}>{t("adminDetail.enable")}</span>
            </Button>
          }
          title={t("adminDetail.enableTitle")}
          description={t("adminDetail.enableText")}
          confirmLabel={t("adminDetail.enable")}
          cancelLabel={t("common.cancel")}
          onConfirm={() => run("enable")}
        />
      ) : (
        <ConfirmDialog
          trigger={
            <Button size="sm" variant="ghost" aria-label={`${t("adminDetail.disable")}: ${item.name}`}>
              <PowerOff aria-hidden="true" className="size-4" />
              <span className={labelClass}>{t("adminDetail.disable")}</span>
            </Button>
          }
          title={t("adminDetail.disableTitle")}
          description={t("adminDetail.disableText")}
          confirmLabel={t("adminDetail.disable")}
          cancelLabel={t("common.cancel")}
          onConfirm={() => run("disable")}
        />
      )}
    </span>
  );
}

export default function HeadAdminsPage() {
  const { t } = useTranslation("administration");
  return (
    <AdministratorTable
      area="ma"
      title={t("heads.title")}
      subtitle={t("heads.subtitle")}
      actions={<InviteHeadDialog />}
      rowActions={(item, place) => <AccountRowActions item={item} place={place} />}
    />
  );
}
