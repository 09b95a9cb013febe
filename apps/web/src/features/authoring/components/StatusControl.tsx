/**
 * Changes the publication status of a title or lecture. Only shown as a control to administrators
 * with isAbleToUpdateCourseStatus; others see the status and who may change it. Taking a published
 * item back (to draft or coming soon) asks once, because learners lose it.
 */
import { type PublicationStatus, publicationStatuses } from "@aprendo/contract";
import { useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button, ConfirmDialog, Select } from "../../../components/ui";
import { useSession } from "../../../stores/session";
import { StatusBadge } from "./StatusBadge";

export function useCanChangeStatus(): boolean {
  return useSession((s) => s.permissions.includes("isAbleToUpdateCourseStatus"));
}

export function StatusControl({
  status,
  onChange,
  what,
}: {
  status: PublicationStatus;
  onChange: (status: PublicationStatus) => Promise<unknown>;
  /** "title" or "lecture", for the texts. */
  what: "title" | "lecture";
}) {
  const { t } = useTranslation("authoring");
  const allowed = useCanChangeStatus();
  const [choice, setChoice] = useState<PublicationStatus>(status);
  const [confirming, setConfirming] = useState(false);
  const [saving, setSaving] = useState(false);
  const selectId = useId();
  useEffect(() => setChoice(status), [status]);

  if (!allowed)
    return (
      <div className="flex flex-col gap-2">
        <StatusBadge status={status} className="self-start" />
        <p className="text-sm text-fg-muted">{t("status.noPermission")}</p>
      </div>
    );

  const apply = async () => {
    setSaving(true);
    try {
      await onChange(choice);
    } finally {
      setSaving(false);
    }
  };

  return (
    <div className="flex flex-col gap-2">
      <label htmlFor={selectId} className="text-sm font-medium text-fg">
        {t(`status.label.${what}`)}
      </label>
      <div className="flex flex-wrap items-center gap-2">
        <Select
          id={selectId}
          className="min-w-40 flex-1"
          value={choice}
          onChange={(event) => setChoice(event.target.value as PublicationStatus)}
          options={publicationStatuses.map((s) => ({ value: s, label: t(`status.${s}`) }))}
        />
        <Button
          variant={choice === "published" ? "primary" : "secondary"}
          disabled={choice === status}
          loading={saving}
          onClick={() =>
            status === "published" && choice !== "published" ? setConfirming(true) : void apply()
          }
        >
          {choice === "published" && status !== "published" ? t("status.publish") : t("status.apply")}
        </Button>
      </div>
      <p className="text-xs text-fg-muted">{t(`status.hint.${choice}`)}</p>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t(`status.withdraw.${what}`)}
        description={t("status.withdrawText")}
        confirmLabel={t("status.withdrawConfirm")}
        cancelLabel={t("common.cancel")}
        onConfirm={apply}
      />
    </div>
  );
}
