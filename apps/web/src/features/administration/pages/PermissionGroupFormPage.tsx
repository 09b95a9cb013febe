/**
 * /ha/permission-groups/create and /{id}: a group's name, description and permissions. Renaming and
 * removing apply at once; added permissions go to a master administrator for approval (the page
 * says so and marks them as waiting).
 */
import { permissionGroupInput } from "@aprendo/contract";
import { Trash2 } from "lucide-react";
import { useEffect } from "react";
import { Controller, useForm, useWatch } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import {
  contractResolver,
  editId,
  FormPage,
  FormSection,
  recordState,
  reportFormError,
} from "../../../components/admin";
import { TextareaField, TextField } from "../../../components/form";
import { Banner, Button, ConfirmDialog } from "../../../components/ui";
import { dateLanguage, formatDate } from "../../../lib/format";
import { useSafeNavigate } from "../../../lib/navigation";
import { showError, showInfo, showSuccess } from "../../../lib/toast";
import { useDeleteGroup, useGroup, useSaveGroup } from "../api";
import { FlagList, PagesOpened } from "../components/FlagList";
import { PermissionPicker } from "../components/PermissionPicker";

type Values = { name: string; description: string; permissions: number[] };
const empty: Values = { name: "", description: "", permissions: [] };
const list = "/ha/permission-groups";

export default function PermissionGroupFormPage() {
  const { t, i18n } = useTranslation("administration");
  const navigate = useSafeNavigate();
  const param = useParams().id;
  const id = param === undefined ? null : (editId(param) ?? -1);
  const record = useGroup(id);
  const save = useSaveGroup(id);
  const remove = useDeleteGroup();
  const form = useForm<Values>({
    resolver: contractResolver(permissionGroupInput, (values: Values) => values),
    defaultValues: empty,
  });
  const permissions = useWatch({ control: form.control, name: "permissions" });
  const group = record.data;

  useEffect(() => {
    if (group)
      form.reset({ name: group.name, description: group.description ?? "", permissions: group.permissions });
  }, [group, form]);

  const submit = form.handleSubmit(async (values) => {
    try {
      const answer = await save.mutateAsync(permissionGroupInput.parse(values));
      // Only a change of an existing group can wait for approval; a new group grants nothing yet.
      if ("request_id" in answer && answer.request_id) showInfo(answer.message);
      else showSuccess(answer.message);
      navigate(id === null ? `${list}/${answer.data.id}` : list);
    } catch (error) {
      reportFormError(error, form.setError, ["name", "description", "permissions"]);
    }
  });

  const deleteButton = id !== null && group && (
    <ConfirmDialog
      trigger={
        <Button variant="danger">
          <Trash2 aria-hidden="true" className="size-4" />
          {t("groupForm.delete")}
        </Button>
      }
      title={t("groupForm.deleteTitle")}
      description={t("groupForm.deleteText")}
      confirmLabel={t("groupForm.delete")}
      cancelLabel={t("common.cancel")}
      onConfirm={async () => {
        try {
          showSuccess((await remove.mutateAsync(id)).message);
          navigate(list);
        } catch (error) {
          showError(error);
          throw error;
        }
      }}
    />
  );

  return (
    <FormPage
      title={id === null ? t("groupForm.createTitle") : (group?.name ?? t("groupForm.editTitle"))}
      subtitle={t("groupForm.subtitle")}
      back={{ to: list, label: t("groups.title") }}
      headerActions={deleteButton}
      record={recordState(record, id !== null)}
      texts={{
        notFound: t("common.notFound"),
        loadFailed: t("common.loadFailed"),
        retry: t("common.retry"),
        loading: t("common.loading"),
      }}
      onSubmit={submit}
      footer={
        <>
          <Button variant="secondary" onClick={() => navigate(list)}>
            {t("common.cancel")}
          </Button>
          <Button type="submit" loading={form.formState.isSubmitting} data-testid="save-group">
            {id === null ? t("groupForm.create") : t("common.save")}
          </Button>
        </>
      }
    >
      {group && group.pending_permissions.length > 0 && (
        <Banner tone="warning" title={t("picker.waiting")}>
          <FlagList ids={group.pending_permissions} tone="warning" />
        </Banner>
      )}
      <FormSection title={t("groupForm.details")}>
        <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
          <TextField control={form.control} name="name" label={t("groupForm.name")} maxLength={80} required />
          <TextareaField
            control={form.control}
            name="description"
            label={t("groupForm.description")}
            hint={t("groupForm.descriptionHint")}
            maxLength={500}
            rows={2}
          />
        </div>
      </FormSection>
      <Controller
        control={form.control}
        name="permissions"
        render={({ field }) => (
          <PermissionPicker
            value={field.value}
            onChange={field.onChange}
            pending={group?.pending_permissions ?? []}
          />
        )}
      />
      <PagesOpened ids={permissions ?? []} heading="h2" />
      {group && (
        <FormSection title={t("groupForm.members")}>
          {group.members.length === 0 ? (
            <p className="text-sm text-fg-muted">{t("groupForm.noMembers")}</p>
          ) : (
            <ul className="flex flex-wrap gap-2">
              {group.members.map((member) => (
                <li key={member.id}>
                  <Link
                    to={`/ha/administrator-users/${member.id}`}
                    className="inline-flex items-center rounded-full border border-border px-3 py-1 text-sm text-fg hover:bg-surface-muted focus-ring"
                  >
                    {member.name} <span className="ml-1 text-fg-muted">@{member.username}</span>
                  </Link>
                </li>
              ))}
            </ul>
          )}
          {group.created_by && (
            <p className="text-xs text-fg-muted">
              {t("groupForm.createdBy", {
                name: group.created_by.name,
                date: formatDate(group.created_at, dateLanguage(i18n.language)),
              })}
            </p>
          )}
        </FormSection>
      )}
    </FormPage>
  );
}
