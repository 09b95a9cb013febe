/** A confirmation that asks for the reason kept in the audit log (3..500 characters). */
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button, Dialog, Field, Textarea } from "../../../components/ui";

export function ReasonDialog({
  trigger,
  title,
  description,
  confirmLabel,
  tone = "danger",
  onConfirm,
}: {
  trigger: ReactNode;
  title: string;
  description: string;
  confirmLabel: string;
  tone?: "danger" | "primary";
  onConfirm: (reason: string) => Promise<unknown>;
}) {
  const { t } = useTranslation("privacy");
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState("");
  const [pending, setPending] = useState(false);
  const valid = reason.trim().length >= 3;
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!valid || pending) return;
    setPending(true);
    try {
      await onConfirm(reason.trim());
      setOpen(false);
      setReason("");
    } catch {
      // The caller shows the error; the dialog stays open.
    } finally {
      setPending(false);
    }
  };
  return (
    <Dialog
      open={open}
      onOpenChange={setOpen}
      trigger={trigger}
      title={title}
      description={description}
      closeLabel={t("close")}
    >
      <form className="flex flex-col gap-4" noValidate onSubmit={submit}>
        <Field label={t("desk.deletions.reason")} hint={t("desk.deletions.reasonHint")} required>
          <Textarea value={reason} maxLength={500} rows={3} onChange={(e) => setReason(e.target.value)} />
        </Field>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button type="button" variant="secondary" onClick={() => setOpen(false)}>
            {t("cancel")}
          </Button>
          <Button
            type="submit"
            variant={tone === "danger" ? "danger" : "primary"}
            disabled={!valid}
            loading={pending}
          >
            {confirmLabel}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
