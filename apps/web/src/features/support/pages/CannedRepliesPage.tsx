/**
 * /af/tickets/canned-replies: the desk's ready-made answers, per language. Any desk administrator
 * writes, edits and deletes them; the reply box of a ticket inserts them.
 */
import { type CannedReply, type CannedReplyInput, cannedReplyInput, helpdeskLimits } from "@aprendo/contract";
import { ArrowLeft, MessageSquareQuote, Pencil, Plus } from "lucide-react";
import { useEffect } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import {
  contractResolver,
  DeleteRowButton,
  FormDialog,
  ListStates,
  reportFormError,
  useDialogRecord,
} from "../../../components/admin";
import { SelectField, TextareaField, TextField } from "../../../components/form";
import {
  Badge,
  Button,
  Container,
  EmptyState,
  IconButton,
  PageHeader,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeaderCell,
  TableRow,
} from "../../../components/ui";
import { dateLanguage, formatDateTime } from "../../../lib/format";
import { showSuccess } from "../../../lib/toast";
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

  const submit = form.handleSubmit(async (values) => {
    try {
      const answer = await save.mutateAsync(values);
      if (answer.message) showSuccess(answer.message);
      onOpenChange(false);
    } catch (error) {
      reportFormError(error, form.setError, ["language", "title", "body"]);
    }
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
  const rows = list.data ?? [];

  return (
    <Container className="py-6 sm:py-8">
      <Link
        to="/af/tickets"
        className="mb-4 inline-flex min-h-11 items-center gap-1.5 rounded-sm text-sm text-fg-muted hover:text-fg focus-ring sm:min-h-8"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        {t("helpdesk.canned.back")}
      </Link>
      <PageHeader
        title={t("helpdesk.canned.title")}
        subtitle={t("helpdesk.canned.subtitle")}
        actions={
          <Button onClick={() => dialog.openFor(null)} data-testid="canned-new">
            <Plus aria-hidden="true" className="size-4" />
            {t("helpdesk.canned.new")}
          </Button>
        }
      />
      <ListStates
        query={list}
        isEmpty={rows.length === 0}
        loadingLabel={t("list.loading")}
        errorMessage={t("errors.list")}
        retryLabel={t("errors.retry")}
        empty={
          <EmptyState
            icon={<MessageSquareQuote />}
            title={t("helpdesk.canned.empty")}
            text={t("helpdesk.canned.emptyText")}
          />
        }
      >
        <Table caption={t("helpdesk.canned.caption")} data-testid="canned-table">
          <TableHead>
            <TableRow>
              <TableHeaderCell>{t("helpdesk.canned.columns.title")}</TableHeaderCell>
              <TableHeaderCell>{t("helpdesk.canned.columns.language")}</TableHeaderCell>
              <TableHeaderCell>{t("helpdesk.canned.columns.text")}</TableHeaderCell>
              <TableHeaderCell>{t("helpdesk.canned.columns.updated")}</TableHeaderCell>
              <TableHeaderCell align="right">
                <span className="sr-only">{t("helpdesk.canned.columns.actions")}</span>
              </TableHeaderCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((reply) => (
              <TableRow key={reply.id}>
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
                <TableCell align="right">
                  <span className="inline-flex gap-1">
                    <IconButton
                      size="sm"
                      variant="ghost"
                      icon={<Pencil />}
                      aria-label={t("helpdesk.canned.editNamed", { title: reply.title })}
                      onClick={() => dialog.openFor(reply)}
                    />
                    <DeleteRowButton
                      label={t("helpdesk.canned.deleteNamed", { title: reply.title })}
                      title={t("helpdesk.canned.deleteTitle")}
                      description={t("helpdesk.canned.deleteText", { title: reply.title })}
                      confirmLabel={t("helpdesk.canned.delete")}
                      cancelLabel={t("form.cancel")}
                      onDelete={() => remove.mutateAsync(reply.id)}
                    />
                  </span>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </ListStates>
      <CannedDialog record={dialog.record} open={dialog.open} onOpenChange={dialog.setOpen} />
    </Container>
  );
}
