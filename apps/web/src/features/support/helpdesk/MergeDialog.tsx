/**
 * Merges this ticket (a duplicate) into another ticket of the same requester. The number is typed
 * as the desk writes it (TCK-000042, #42, 42); the API refuses another requester's ticket.
 */
import { Merge } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button, Dialog, Field, Input } from "../../../components/ui";
import { ApiError } from "../../../lib/http";
import { showError, showSuccess } from "../../../lib/toast";
import { useMerge } from "../helpdesk-api";
import { ticketNumber } from "./logic";

export function MergeDialog({ ticketId }: { ticketId: number }) {
  const { t } = useTranslation("support");
  const [open, setOpen] = useState(false);
  const [value, setValue] = useState("");
  const [error, setError] = useState<string | undefined>();
  const merge = useMerge(ticketId);

  const submit = async () => {
    const into = ticketNumber(value);
    if (into === null) {
      setError(t("helpdesk.merge.intoRequired"));
      return;
    }
    try {
      const answer = await merge.mutateAsync(into);
      if (answer.message) showSuccess(answer.message);
      setOpen(false);
      setValue("");
    } catch (failure) {
      const field = failure instanceof ApiError ? failure.fieldErrors?.into_id?.[0] : undefined;
      if (field) setError(field);
      else showError(failure);
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        setError(undefined);
      }}
      trigger={
        <Button variant="secondary" data-testid="merge-ticket">
          <Merge aria-hidden="true" className="size-4" />
          {t("helpdesk.merge.button")}
        </Button>
      }
      title={t("helpdesk.merge.title")}
      description={t("helpdesk.merge.text")}
      closeLabel={t("handOver.close")}
      footer={
        <>
          <Button variant="secondary" onClick={() => setOpen(false)}>
            {t("form.cancel")}
          </Button>
          <Button onClick={() => void submit()} loading={merge.isPending} data-testid="merge-submit">
            {t("helpdesk.merge.submit")}
          </Button>
        </>
      }
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Field label={t("helpdesk.merge.into")} hint={t("helpdesk.merge.intoHint")} error={error} required>
          <Input
            value={value}
            inputMode="text"
            autoComplete="off"
            onChange={(event) => {
              setValue(event.target.value);
              setError(undefined);
            }}
            data-testid="merge-into"
          />
        </Field>
      </form>
    </Dialog>
  );
}
