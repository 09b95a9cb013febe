/**
 * /af/tickets/canned-replies: the desk's ready-made answers, per language. Any desk administrator
 * writes, edits and deletes them; the reply box of a ticket inserts them.
 */
import { type CannedReply, type CannedReplyInput, cannedReplyInput, helpdeskLimits } from "@aprendo/contract";
import { MessageSquareQuote, Plus } from "lucide-react";
import { useEffect } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import {
  AdminListPage,
  contractResolver,
  dialogSubmit,
  EditDeleteActions,
  FormDialog,
  useDialogRecord,
} from "../../../components/admin";
import { SelectField, TextareaField, TextField } from "../../../components/form";
import { Badge, Button, EmptyState, TableCell } from "../../../components/ui";
import { dateLanguage, formatDateTime } from "../../../lib/format";
import { useCannedReplies, useDeleteCanned, useSaveCanned } from "../helpdesk-api";

const blank: CannedReplyInput = { language: "en", title: "", body: "" };

function CannedDialog({
  record,
  open,
  onOpenChange,
}: {
  record: CannedReply | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t, i18n } = useTranslation("support");
  const save = useSaveCanned(record?.id ?? null);
  const form = useForm({
    resolver: contractResolver(cannedReplyInput, (values: CannedReplyInput) => values),
    defaultValues: blank,
  });
  useEffect(() => {
    if (open)
      form.reset(
        record
          ? { language: record.language, title: record.title, body: record.body }
          : { ...blank, language: i18n.language.startsWith("es") ? "es" : "en" },
      );
  }, [open, record, form, i18n.language]);

  const submit = dialogSubmit(form, {
    save: save.mutateAsync,
    fields: ["language", "title", "body"],
    close: () => onOpenChange(false),
  });

  return (
    <FormDialog
      id="canned-reply-form"
      open={open}
      onOpenChange={onOpenChange}
      title={record ? t("helpdesk.canned.edit") : t("helpdesk.canned.new")}
      onSubmit={submit}
      submitting={form.formState.isSubmitting}
      texts={{ cancel: t("form.cancel"), save: t("helpdesk.canned.save") }}
    >
      <SelectField
        control={form.control}
        name="language"
        label={t("helpdesk.canned.fieldLanguage")}
        options={(["en", "es"] as const).map((code) => ({
          value: code,
          label: t(`helpdesk.languages.${code}`),
        }))}
        required
      />
      <TextField
        control={form.control}
        name="title"
        label={t("helpdesk.canned.fieldTitle")}
        maxLength={helpdeskLimits.cannedTitleMax}
        required
      />
      <TextareaField
        control={form.control}
        name="body"
        label={t("helpdesk.canned.fieldBody")}
        maxLength={helpdeskLimits.cannedBodyMax}
        rows={8}
        required
      />
    </FormDialog>
  );
}

export default function CannedRepliesPage() {
  const { t, i18n } = useTranslation("support");
  const language = dateLanguage(i18n.language);
  const list = useCannedReplies();
  const remove = useDeleteCanned();
  const dialog = useDialogRecord<CannedReply>();

  return (
    <AdminListPage
      back={{ to: "/af/tickets", label: t("helpdesk.canned.back") }}
      title={t("helpdesk.canned.title")}
      subtitle={t("helpdesk.canned.subtitle")}
      actions={
        <Button onClick={() => dialog.openFor(null)} data-testid="canned-new">
          <Plus aria-hidden="true" className="size-4" />
          {t("helpdesk.canned.new")}
        </Button>
      }
      query={list}
      rows={list.data ?? []}
      testId="canned-table"
      texts={{
        loading: t("list.loading"),
        loadFailed: t("errors.list"),
        retry: t("errors.retry"),
        actions: t("helpdesk.canned.columns.actions"),
      }}
      empty={
        <EmptyState
          icon={<MessageSquareQuote />}
          title={t("helpdesk.canned.empty")}
          text={t("helpdesk.canned.emptyText")}
        />
      }
      columns={[
        { header: t("helpdesk.canned.columns.title") },
        { header: t("helpdesk.canned.columns.language") },
        { header: t("helpdesk.canned.columns.text") },
        { header: t("helpdesk.canned.columns.updated") },
      ]}
      cells={(reply) => (
        <>
          <TableCell className="font-medium">{reply.title}</TableCell>
          <TableCell>
            <Badge tone={reply.language === "es" ? "accent" : "info"}>
              {t(`helpdesk.languages.${reply.language}`)}
            </Badge>
          </TableCell>
          <TableCell className="max-w-md">
            <span className="line-clamp-2 text-fg-muted">{reply.body}</span>
          </TableCell>
          <TableCell className="whitespace-nowrap text-fg-muted">
            {formatDateTime(reply.updated_at, language)}
          </TableCell>
        </>
      )}
      rowActions={(reply) => (
        <EditDeleteActions
          edit={{
            label: t("helpdesk.canned.editNamed", { title: reply.title }),
            text: t("admin.edit"),
            onClick: () => dialog.openFor(reply),
          }}
          remove={{
            label: t("helpdesk.canned.deleteNamed", { title: reply.title }),
            title: t("helpdesk.canned.deleteTitle"),
            description: t("helpdesk.canned.deleteText", { title: reply.title }),
            confirmLabel: t("helpdesk.canned.delete"),
            cancelLabel: t("form.cancel"),
            onDelete: () => remove.mutateAsync(reply.id),
          }}
        />
      )}
    >
      <CannedDialog record={dialog.record} open={dialog.open} onOpenChange={dialog.setOpen} />
    </AdminListPage>
  );
}
