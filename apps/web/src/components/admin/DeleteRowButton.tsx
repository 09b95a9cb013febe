/** The bin button of a back-office table row: asks once, deletes, and says how it went. */
import { Trash2 } from "lucide-react";
import type { ReactNode } from "react";
import { showError, showSuccess } from "../../lib/toast";
import { ConfirmDialog, IconButton } from "../ui";

export function DeleteRowButton({
  label,
  title,
  description,
  confirmLabel,
  cancelLabel,
  onDelete,
}: {
  /** The button's accessible name, e.g. "Delete Billing". */
  label: string;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  /** Deletes; the server's message is shown as a success toast. */
  onDelete: () => Promise<{ message: string }>;
}) {
  return (
    <ConfirmDialog
      trigger={<IconButton variant="danger" size="sm" icon={<Trash2 />} aria-label={label} />}
      title={title}
      description={description}
      confirmLabel={confirmLabel}
      cancelLabel={cancelLabel}
      onConfirm={async () => {
        try {
          showSuccess((await onDelete()).message);
        } catch (error) {
          showError(error);
          // Keeps the dialog open so the person can try again or cancel.
          throw error;
        }
      }}
    />
  );
}
