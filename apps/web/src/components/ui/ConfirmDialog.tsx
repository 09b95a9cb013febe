import { AlertDialog } from "radix-ui";
import { type MouseEvent, type ReactNode, useState } from "react";
import { Button } from "./Button";
import { overlayClasses } from "./control";
import { type ReturnFocusTarget, useReturnFocus } from "./returnFocus";

export type ConfirmDialogProps = {
  open?: boolean;
  defaultOpen?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** The element that asks (e.g. a "Delete" button). */
  trigger?: ReactNode;
  title: ReactNode;
  description: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  /**
   * Runs once per confirmation. While a returned promise is pending the buttons are disabled; when it
   * resolves the dialog closes, when it rejects the dialog stays open (the caller reports the error).
   */
  onConfirm: () => unknown;
  /** "danger" (default) for destructive actions. */
  tone?: "danger" | "primary";
  /** Where focus goes on closing instead of the opener (or its successor when the action removed it). */
  returnFocusTo?: ReturnFocusTarget;
};

/** Asks once before an action; focus starts on Cancel so Enter never destroys by accident. */
export function ConfirmDialog({
  open: openProp,
  defaultOpen = false,
  onOpenChange,
  trigger,
  title,
  description,
  confirmLabel,
  cancelLabel,
  onConfirm,
  tone = "danger",
  returnFocusTo,
}: ConfirmDialogProps) {
  const focus = useReturnFocus({ returnFocusTo });
  const [uncontrolledOpen, setUncontrolledOpen] = useState(defaultOpen);
  const [pending, setPending] = useState(false);
  const open = openProp ?? uncontrolledOpen;

  const setOpen = (next: boolean) => {
    if (openProp === undefined) setUncontrolledOpen(next);
    onOpenChange?.(next);
  };

  const confirm = async (event: MouseEvent<HTMLButtonElement>) => {
    // Radix would close at once; closing waits for the action instead.
    event.preventDefault();
    if (pending) return;
    setPending(true);
    try {
      await onConfirm();
      setOpen(false);
    } catch {
      // Stays open so the person can retry or cancel; onConfirm's caller shows the error.
    } finally {
      setPending(false);
    }
  };

  return (
    <AlertDialog.Root open={open} onOpenChange={(next) => !pending && setOpen(next)}>
      {trigger && <AlertDialog.Trigger asChild>{trigger}</AlertDialog.Trigger>}
      <AlertDialog.Portal>
        <AlertDialog.Overlay className={overlayClasses} />
        <AlertDialog.Content
          onOpenAutoFocus={focus.onOpenAutoFocus}
          onCloseAutoFocus={focus.onCloseAutoFocus}
          className="fixed top-1/2 left-1/2 z-50 flex w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 flex-col gap-4 rounded-lg border border-border bg-surface p-6 text-fg shadow-lg data-[state=closed]:animate-dialog-out data-[state=open]:animate-dialog-in"
        >
          <AlertDialog.Title className="text-xl font-semibold">{title}</AlertDialog.Title>
          <AlertDialog.Description className="text-sm text-fg-muted">{description}</AlertDialog.Description>
          <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
            <AlertDialog.Cancel asChild>
              <Button variant="secondary" disabled={pending}>
                {cancelLabel}
              </Button>
            </AlertDialog.Cancel>
            <AlertDialog.Action asChild>
              <Button variant={tone === "danger" ? "danger" : "primary"} loading={pending} onClick={confirm}>
                {confirmLabel}
              </Button>
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
