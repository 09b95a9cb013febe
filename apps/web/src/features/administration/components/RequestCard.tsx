/**
 * One creation request: what it creates or grants, who asked, and its decision. A master
 * administrator approves it or rejects it with a reason; the head administrator who asked may
 * withdraw it while it waits.
 */
import type { CreationRequestItem } from "@aprendo/contract";
import { Check, ShieldPlus, Undo2, UserPlus, Users, X } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button, Card, ConfirmDialog, Dialog, Field, Textarea } from "../../../components/ui";
import { translateMessage } from "../../../i18n";
import { dateLanguage, formatDateTime, relativeTime } from "../../../lib/format";
import { ApiError } from "../../../lib/http";
import { showError, showSuccess } from "../../../lib/toast";
import { useCancelRequest, useDecideRequest } from "../api";
import { FlagList } from "./FlagList";
import { StatusBadge } from "./StatusBadge";

const icons = { administrator_create: UserPlus, group_grant: ShieldPlus, administrator_groups: Users };

function RejectDialog({ request }: { request: CreationRequestItem }) {
  const { t } = useTranslation("administration");
  const decide = useDecideRequest();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | undefined>();
  const submit = async () => {
    const trimmed = reason.trim();
    if (trimmed.length < 3) {
      setError(
        translateMessage(trimmed ? "validation.min?entry=entry.characters&min=3" : "validation.required"),
      );
      return;
    }
    try {
      showSuccess(
        (await decide.mutateAsync({ id: request.id, decision: "reject", reason: trimmed })).message,
      );
      setOpen(false);
    } catch (failure) {
      const field = failure instanceof ApiError ? failure.fieldErrors?.reason?.[0] : undefined;
      if (field) setError(field);
      else showError(failure);
    }
  };
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) setError(undefined);
      }}
      trigger={
        <Button variant="secondary" size="sm" data-testid="reject-request">
          <X aria-hidden="true" className="size-4" />
          {t("requests.reject")}
        </Button>
      }
      title={t("requests.rejectTitle")}
      description={t("requests.rejectText")}
      closeLabel={t("common.close")}
      footer={
        <>
          <Button variant="secondary" onClick={() => setOpen(false)}>
            {t("common.cancel")}
          </Button>
          <Button variant="danger" loading={decide.isPending} onClick={submit}>
            {t("requests.reject")}
          </Button>
        </>
      }
    >
      <Field label={t("requests.reason")} hint={t("requests.reasonHint")} error={error} required>
        <Textarea
          value={reason}
          maxLength={500}
          rows={4}
          onChange={(event) => {
            setReason(event.currentTarget.value);
            setError(undefined);
          }}
        />
      </Field>
    </Dialog>
  );
}

export function RequestCard({
  request,
  mode,
  myId,
  headingLevel = 3,
}: {
  request: CreationRequestItem;
  /** master: approve / reject; head: withdraw own; view: nothing. */
  mode: "master" | "head" | "view";
  myId?: number | null;
  /** 3 under a section's heading (dashboard, administrator page); 2 straight under the page's title. */
  headingLevel?: 2 | 3;
}) {
  const { t, i18n } = useTranslation("administration");
  const language = dateLanguage(i18n.language);
  const decide = useDecideRequest();
  const cancel = useCancelRequest();
  const Icon = icons[request.kind];
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const Subheading = headingLevel === 2 ? "h3" : "h4";
  const subject =
    request.kind === "group_grant"
      ? request.group?.name
      : request.administrator
        ? `${request.administrator.name} (${request.administrator.username})`
        : "";
  return (
    <Card className="gap-4 p-5" data-testid="creation-request" data-request-id={request.id}>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="flex min-w-0 gap-3">
          <span
            aria-hidden="true"
            className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-primary-soft text-primary [&_svg]:size-5"
          >
            <Icon />
          </span>
          <div className="flex min-w-0 flex-col gap-0.5">
            <p className="text-sm text-fg-muted">{t(`kinds.${request.kind}`)}</p>
            <Heading className="text-base font-semibold break-words text-fg">{subject}</Heading>
            {request.kind === "administrator_create" && request.administrator?.email && (
              <p className="text-sm break-all text-fg-muted">{request.administrator.email}</p>
            )}
          </div>
        </div>
        <span className="self-start">
          <StatusBadge status={request.status} />
        </span>
      </div>

      {request.groups.length > 0 && (
        <div className="flex flex-col gap-1.5">
          <Subheading className="text-xs font-semibold tracking-wide text-fg-muted uppercase">
            {t("requests.joins")}
          </Subheading>
          <p className="text-sm text-fg">{request.groups.map((g) => g.name).join(", ")}</p>
        </div>
      )}
      <div className="flex flex-col gap-1.5">
        <Subheading className="text-xs font-semibold tracking-wide text-fg-muted uppercase">
          {t("requests.grants")}
        </Subheading>
        <FlagList ids={request.permissions} tone="primary" empty={t("requests.noPermissions")} />
      </div>
      {request.reason && (
        <p className="rounded-md bg-danger-soft px-3 py-2 text-sm text-fg">
          {t("requests.reasonLabel", { reason: request.reason })}
        </p>
      )}

      <div className="flex flex-col gap-3 border-t border-border pt-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-xs text-fg-muted">
          {request.requested_by && t("requests.requestedBy", { name: request.requested_by.name })} ·{" "}
          <time dateTime={request.created_at} title={formatDateTime(request.created_at, language)}>
            {relativeTime(request.created_at, language)}
          </time>
          {request.decided_by && request.decided_at && (
            <>
              {" · "}
              {t("requests.decidedBy", {
                status: t(`status.${request.status}`),
                name: request.decided_by.name,
                date: formatDateTime(request.decided_at, language),
              })}
            </>
          )}
        </p>
        {request.status === "pending" && mode === "master" && (
          <div className="flex gap-2">
            <RejectDialog request={request} />
            <ConfirmDialog
              tone="primary"
              trigger={
                <Button size="sm" data-testid="approve-request">
                  <Check aria-hidden="true" className="size-4" />
                  {t("requests.approve")}
                </Button>
              }
              title={t("requests.approveTitle")}
              description={t("requests.approveText")}
              confirmLabel={t("requests.approve")}
              cancelLabel={t("common.cancel")}
              onConfirm={async () => {
                try {
                  showSuccess((await decide.mutateAsync({ id: request.id, decision: "approve" })).message);
                } catch (error) {
                  showError(error);
                  throw error;
                }
              }}
            />
          </div>
        )}
        {request.status === "pending" && mode === "head" && request.requested_by?.id === myId && (
          <ConfirmDialog
            trigger={
              <Button size="sm" variant="ghost">
                <Undo2 aria-hidden="true" className="size-4" />
                {t("requests.cancel")}
              </Button>
            }
            title={t("requests.cancelTitle")}
            description={t("requests.cancelText")}
            confirmLabel={t("requests.cancel")}
            cancelLabel={t("common.cancel")}
            onConfirm={async () => {
              try {
                showSuccess((await cancel.mutateAsync(request.id)).message);
              } catch (error) {
                showError(error);
                throw error;
              }
            }}
          />
        )}
      </div>
    </Card>
  );
}
