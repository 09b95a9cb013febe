import { Tabs as RadixTabs } from "radix-ui";
import type { ComponentProps } from "react";
import { cn } from "../../lib/cn";

/** Tabs: <Tabs defaultValue="a"><TabsList aria-label=...><TabsTrigger value="a">...</TabsList><TabsContent value="a">... */
export function Tabs({ className, ...props }: ComponentProps<typeof RadixTabs.Root>) {
  return <RadixTabs.Root className={cn("flex flex-col gap-4", className)} {...props} />;
}

export function TabsList({ className, ...props }: ComponentProps<typeof RadixTabs.List>) {
  return (
    <RadixTabs.List
      className={cn(
        "flex gap-1 overflow-x-auto border-b border-border",
        "data-[orientation=vertical]:flex-col",
        className,
      )}
      {...props}
    />
  );
}

export function TabsTrigger({ className, onFocus, ...props }: ComponentProps<typeof RadixTabs.Trigger>) {
  return (
    <RadixTabs.Trigger
      // On a phone the list scrolls sideways: a tab reached by tap or arrow key comes fully into view.
      onFocus={(event) => {
        event.currentTarget.scrollIntoView?.({ block: "nearest", inline: "nearest" });
        onFocus?.(event);
      }}
      className={cn(
        "-mb-px inline-flex min-h-11 shrink-0 items-center gap-2 whitespace-nowrap border-b-2 border-transparent px-3 text-sm font-medium sm:px-4",
        "text-fg-muted transition-colors duration-150 hover:text-fg focus-ring",
        "data-[state=active]:border-primary data-[state=active]:text-primary",
        "disabled:pointer-events-none disabled:opacity-50",
        className,
      )}
      {...props}
    />
  );
}

export function TabsContent({ className, ...props }: ComponentProps<typeof RadixTabs.Content>) {
  return <RadixTabs.Content className={cn("rounded-md focus-ring", className)} {...props} />;
}
