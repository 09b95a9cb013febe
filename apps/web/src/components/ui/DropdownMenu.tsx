import { DropdownMenu as RadixMenu } from "radix-ui";
import type { ComponentProps } from "react";
import { cn } from "../../lib/cn";
import { mergeRefs } from "./mergeRefs";
import { useReturnFocus } from "./returnFocus";

/** Menus such as the profile menu: <DropdownMenu><DropdownMenuTrigger asChild>...<DropdownMenuContent>... */
export const DropdownMenu = RadixMenu.Root;
export const DropdownMenuTrigger = RadixMenu.Trigger;
export const DropdownMenuGroup = RadixMenu.Group;

export function DropdownMenuContent({
  className,
  sideOffset = 8,
  align = "end",
  onCloseAutoFocus,
  ref,
  ...props
}: ComponentProps<typeof RadixMenu.Content>) {
  // Radix returns focus to the menu's button; the shared rule adds a successor when an item removed
  // the button's row (and keeps Radix's choice not to return after a click elsewhere).
  const focus = useReturnFocus({ keepDefault: true });
  return (
    <RadixMenu.Portal>
      <RadixMenu.Content
        sideOffset={sideOffset}
        align={align}
        collisionPadding={8}
        // Menus take no open-focus handler: the opener is remembered as the menu mounts.
        ref={mergeRefs(ref, (node) => {
          if (node) focus.capture(node);
        })}
        onCloseAutoFocus={(event) => {
          onCloseAutoFocus?.(event);
          if (!event.defaultPrevented) focus.onCloseAutoFocus(event);
        }}
        className={cn(
          "z-50 min-w-56 rounded-md border border-border bg-surface-raised p-1 text-fg shadow-md",
          "data-[state=closed]:animate-fade-out data-[state=open]:animate-fade-in",
          className,
        )}
        {...props}
      />
    </RadixMenu.Portal>
  );
}

export function DropdownMenuItem({
  className,
  tone = "default",
  ...props
}: ComponentProps<typeof RadixMenu.Item> & { tone?: "default" | "danger" }) {
  return (
    <RadixMenu.Item
      className={cn(
        "flex min-h-11 cursor-pointer select-none items-center gap-2 rounded-sm px-3 text-sm outline-none sm:min-h-9 [&_svg]:size-4",
        "data-[disabled]:pointer-events-none data-[disabled]:opacity-50",
        // The highlighted item is the keyboard focus: a solid fill keeps it unmistakable.
        tone === "danger"
          ? "text-danger data-[highlighted]:bg-danger data-[highlighted]:text-danger-fg"
          : "data-[highlighted]:bg-primary data-[highlighted]:text-primary-fg",
        className,
      )}
      {...props}
    />
  );
}

export function DropdownMenuLabel({ className, ...props }: ComponentProps<typeof RadixMenu.Label>) {
  return (
    <RadixMenu.Label className={cn("px-3 py-2 text-xs font-medium text-fg-muted", className)} {...props} />
  );
}

export function DropdownMenuSeparator({ className, ...props }: ComponentProps<typeof RadixMenu.Separator>) {
  return <RadixMenu.Separator className={cn("-mx-1 my-1 h-px bg-border", className)} {...props} />;
}
