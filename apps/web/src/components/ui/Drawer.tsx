import { X } from "lucide-react";
import { Dialog as RadixDialog, VisuallyHidden } from "radix-ui";
import type { ReactNode } from "react";
import { cn } from "../../lib/cn";
import { overlayClasses } from "./control";
import { IconButton } from "./IconButton";
import { type ReturnFocusTarget, useReturnFocus } from "./returnFocus";

export type DrawerProps = {
  /** The edge it slides from: "left" for phone navigation, "right" for cart and notifications. */
  side?: "left" | "right";
  open?: boolean;
  defaultOpen?: boolean;
  onOpenChange?: (open: boolean) => void;
  trigger?: ReactNode;
  title: ReactNode;
  /** Keeps the title for screen readers only (e.g. a navigation drawer showing the logo instead). */
  titleHidden?: boolean;
  description?: ReactNode;
  closeLabel: string;
  children?: ReactNode;
  footer?: ReactNode;
  className?: string;
  /** Where focus goes on closing instead of the opener. */
  returnFocusTo?: ReturnFocusTarget;
};

/** A side panel built on the modal dialog: focus trap, Escape to close, focus back to the opener. */
export function Drawer({
  side = "right",
  open,
  defaultOpen,
  onOpenChange,
  trigger,
  title,
  titleHidden,
  description,
  closeLabel,
  children,
  footer,
  className,
  returnFocusTo,
}: DrawerProps) {
  const focus = useReturnFocus({ returnFocusTo });
  const titleNode = <RadixDialog.Title className="text-xl font-semibold">{title}</RadixDialog.Title>;
  return (
    <RadixDialog.Root open={open} defaultOpen={defaultOpen} onOpenChange={onOpenChange}>
      {trigger && <RadixDialog.Trigger asChild>{trigger}</RadixDialog.Trigger>}
      <RadixDialog.Portal>
        <RadixDialog.Overlay className={overlayClasses} />
        <RadixDialog.Content
          {...(description ? {} : { "aria-describedby": undefined })}
          onOpenAutoFocus={focus.onOpenAutoFocus}
          onCloseAutoFocus={focus.onCloseAutoFocus}
          className={cn(
            "fixed inset-y-0 z-50 flex w-[min(24rem,calc(100%-3rem))] flex-col border-border bg-surface text-fg shadow-lg",
            side === "left"
              ? "left-0 border-r data-[state=closed]:animate-slide-out-left data-[state=open]:animate-slide-in-left"
              : "right-0 border-l data-[state=closed]:animate-slide-out-right data-[state=open]:animate-slide-in-right",
            className,
          )}
        >
          <div
            className={cn(
              "flex items-center gap-4 border-b border-border px-4 py-2",
              titleHidden && "justify-end",
            )}
          >
            {titleHidden ? (
              <VisuallyHidden.Root>{titleNode}</VisuallyHidden.Root>
            ) : (
              <div className="flex-1">{titleNode}</div>
            )}
            <RadixDialog.Close asChild>
              <IconButton aria-label={closeLabel} icon={<X />} />
            </RadixDialog.Close>
          </div>
          {description && (
            <RadixDialog.Description className="px-4 pt-4 text-sm text-fg-muted">
              {description}
            </RadixDialog.Description>
          )}
          <div className="min-h-0 flex-1 overflow-y-auto p-4">{children}</div>
          {footer && <div className="flex flex-col gap-2 border-t border-border p-4">{footer}</div>}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

/** Wrap a link or button inside the drawer with this to close the drawer when it is used. */
export const DrawerClose = RadixDialog.Close;
