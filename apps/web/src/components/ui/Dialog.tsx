import { X } from "lucide-react";
import { Dialog as RadixDialog } from "radix-ui";
import type { ReactNode } from "react";
import { cn } from "../../lib/cn";
import { overlayClasses } from "./control";
import { IconButton } from "./IconButton";
import { type ReturnFocusTarget, useReturnFocus } from "./returnFocus";

export type DialogSize = "sm" | "md" | "lg";

export type DialogProps = {
  open?: boolean;
  defaultOpen?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** An element that opens the dialog (rendered as is, e.g. a <Button>). */
  trigger?: ReactNode;
  title: ReactNode;
  description?: ReactNode;
  /** Accessible name of the close (X) button, e.g. t("common.close"). */
  closeLabel: string;
  children?: ReactNode;
  /** Actions row at the bottom (buttons). */
  footer?: ReactNode;
  size?: DialogSize;
  className?: string;
  /** Where focus goes on closing instead of the opener (e.g. the new content after saving). */
  returnFocusTo?: ReturnFocusTarget;
};

const sizeClasses: Record<DialogSize, string> = { sm: "max-w-sm", md: "max-w-lg", lg: "max-w-3xl" };

/** A modal dialog: focus is trapped, Escape and the close button close it, focus returns to the opener. */
export function Dialog({
  open,
  defaultOpen,
  onOpenChange,
  trigger,
  title,
  description,
  closeLabel,
  children,
  footer,
  size = "md",
  className,
  returnFocusTo,
}: DialogProps) {
  const focus = useReturnFocus({ returnFocusTo });
  return (
    <RadixDialog.Root open={open} defaultOpen={defaultOpen} onOpenChange={onOpenChange}>
      {trigger && <RadixDialog.Trigger asChild>{trigger}</RadixDialog.Trigger>}
      <RadixDialog.Portal>
        <RadixDialog.Overlay className={overlayClasses} />
        <RadixDialog.Content
          // Without a description Radix must be told there is none, or it warns.
          {...(description ? {} : { "aria-describedby": undefined })}
          onOpenAutoFocus={focus.onOpenAutoFocus}
          onCloseAutoFocus={focus.onCloseAutoFocus}
          className={cn(
            "fixed top-1/2 left-1/2 z-50 flex max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] -translate-x-1/2 -translate-y-1/2 flex-col",
            "rounded-lg border border-border bg-surface text-fg shadow-lg",
            "data-[state=closed]:animate-dialog-out data-[state=open]:animate-dialog-in",
            sizeClasses[size],
            className,
          )}
        >
          <div className="flex items-start gap-4 px-6 pt-6 pb-2">
            <div className="flex min-w-0 flex-1 flex-col gap-1">
              <RadixDialog.Title className="text-xl font-semibold">{title}</RadixDialog.Title>
              {description && (
                <RadixDialog.Description className="text-sm text-fg-muted">
                  {description}
                </RadixDialog.Description>
              )}
            </div>
            <RadixDialog.Close asChild>
              <IconButton aria-label={closeLabel} icon={<X />} size="sm" className="-mt-1 -mr-2" />
            </RadixDialog.Close>
          </div>
          {children && <div className="min-h-0 flex-1 overflow-y-auto px-6 py-2">{children}</div>}
          {footer && (
            <div className="flex flex-col-reverse gap-2 px-6 pt-2 pb-6 sm:flex-row sm:justify-end">
              {footer}
            </div>
          )}
          {!footer && <div className="pb-4" />}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

/** Wrap a footer button with this to make it close the dialog (e.g. "Cancel"). */
export const DialogClose = RadixDialog.Close;
