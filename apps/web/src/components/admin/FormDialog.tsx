/**
 * A back-office record edited in a dialog: the form's fields, Cancel and Save at the foot (Save
 * submits the form by its id, so Enter in a field saves too), and the state of which record is open.
 */
import { type FormEventHandler, type ReactNode, useState } from "react";
import type { FieldValues, UseFormReturn } from "react-hook-form";
import { showSuccess } from "../../lib/toast";
import { Button, Dialog, Spinner } from "../ui";
import { reportFormError } from "./resolver";

export function FormDialog({
  id,
  open,
  onOpenChange,
  title,
  onSubmit,
  submitting,
  texts,
  loading,
  children,
}: {
  /** The form's id, unique on the page. */
  id: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  onSubmit: FormEventHandler<HTMLFormElement>;
  submitting: boolean;
  texts: { cancel: string; save: string };
  /**
   * Set (to the words announced) while the fields cannot show yet: the form shows a spinner and
   * Save waits, so nobody saves a form they have not seen.
   */
  loading?: string;
  children: ReactNode;
}) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      closeLabel={texts.cancel}
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            {texts.cancel}
          </Button>
          <Button type="submit" form={id} loading={submitting} disabled={loading !== undefined}>
            {texts.save}
          </Button>
        </>
      }
    >
      <form id={id} noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
        {loading === undefined ? (
          children
        ) : (
          <div className="flex justify-center py-8 text-fg-muted">
            <Spinner label={loading} />
          </div>
        )}
      </form>
    </Dialog>
  );
}

/**
 * Which record the page's dialog edits (null: a new one) and whether it is open. The record stays
 * while the dialog closes, so its fields do not blank out during the closing animation.
 */
export function useDialogRecord<T>() {
  const [record, setRecord] = useState<T | null>(null);
  const [open, setOpen] = useState(false);
  const openFor = (next: T | null) => {
    setRecord(next);
    setOpen(true);
  };
  return { record, open, setOpen, openFor };
}

/**
 * The submit handler of a dialog's form: saves, shows the answer's message (when it has one) and
 * closes the dialog; a refusal shows its message and puts the server's field errors under `fields`.
 */
export function dialogSubmit<Values extends FieldValues, Context, Saved>(
  form: UseFormReturn<Values, Context, Saved>,
  {
    save,
    fields,
    close,
  }: {
    save: (values: Saved) => Promise<{ message?: string | null }>;
    /** The server's field names that have a field in the form. */
    fields: readonly string[];
    close: () => void;
  },
) {
  return form.handleSubmit(async (values) => {
    try {
      const answer = await save(values);
      if (answer.message) showSuccess(answer.message);
      close();
    } catch (error) {
      reportFormError(error, form.setError, fields);
    }
  });
}
