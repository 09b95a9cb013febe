import { Slot } from "radix-ui";
import type { ComponentProps } from "react";
import { cn } from "../../lib/cn";

export type CardProps = ComponentProps<"div"> & {
  /** Renders the child element (e.g. <article> or <section>) with the card look. */
  asChild?: boolean;
  /** Adds a hover lift for cards that are links as a whole. */
  interactive?: boolean;
};

export function Card({ asChild, interactive, className, ...props }: CardProps) {
  const Component = asChild ? Slot.Root : "div";
  return (
    <Component
      className={cn(
        "flex flex-col rounded-lg border border-border bg-surface text-fg shadow-sm",
        interactive && "transition-shadow duration-150 hover:shadow-md focus-within:shadow-md",
        className,
      )}
      {...props}
    />
  );
}

export function CardHeader({ className, ...props }: ComponentProps<"div">) {
  return <div className={cn("flex flex-col gap-1 p-6 pb-2", className)} {...props} />;
}

export function CardTitle({ className, ...props }: ComponentProps<"h3">) {
  return <h3 className={cn("text-xl font-semibold", className)} {...props} />;
}

export function CardDescription({ className, ...props }: ComponentProps<"p">) {
  return <p className={cn("text-sm text-fg-muted", className)} {...props} />;
}

export function CardContent({ className, ...props }: ComponentProps<"div">) {
  return <div className={cn("flex-1 px-6 py-4", className)} {...props} />;
}

export function CardFooter({ className, ...props }: ComponentProps<"div">) {
  return (
    <div className={cn("flex items-center gap-2 border-t border-border px-6 py-4", className)} {...props} />
  );
}
