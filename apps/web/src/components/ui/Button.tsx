import { Slot } from "radix-ui";
import type { ComponentProps } from "react";
import { cn } from "../../lib/cn";
import { Spinner } from "./Spinner";

export type ButtonVariant = "primary" | "accent" | "secondary" | "ghost" | "danger" | "link";
export type ButtonSize = "sm" | "md" | "lg";

export type ButtonProps = ComponentProps<"button"> & {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Disables the button, marks it aria-busy and shows a spinner before the label. */
  loading?: boolean;
  /** Renders the single child (e.g. a router <Link>) with the button's look instead of a <button>. */
  asChild?: boolean;
  fullWidth?: boolean;
};

const variantClasses: Record<ButtonVariant, string> = {
  primary: "bg-primary text-primary-fg shadow-sm hover:bg-primary-hover",
  accent: "bg-accent text-accent-fg shadow-sm hover:bg-accent-hover",
  secondary: "border border-border-strong bg-surface text-fg shadow-sm hover:bg-surface-muted",
  ghost: "text-fg hover:bg-surface-muted",
  danger: "bg-danger text-danger-fg shadow-sm hover:bg-danger-hover",
  link: "text-primary underline-offset-4 hover:underline",
};

// Phones get 44px targets; from the `sm` breakpoint the small and medium sizes tighten.
const sizeClasses: Record<ButtonSize, string> = {
  sm: "min-h-11 gap-1.5 px-3 text-sm sm:min-h-8",
  md: "min-h-11 gap-2 px-4 text-sm sm:min-h-10",
  lg: "min-h-12 gap-2 px-6 text-base",
};

const linkSizeClasses: Record<ButtonSize, string> = {
  sm: "min-h-11 gap-1.5 text-sm sm:min-h-8",
  md: "min-h-11 gap-2 text-sm sm:min-h-10",
  lg: "min-h-12 gap-2 text-base",
};

/** The button look as a class string, for the rare element that cannot take `asChild`. */
export function buttonClasses({
  variant = "primary",
  size = "md",
  fullWidth = false,
  className,
}: {
  variant?: ButtonVariant;
  size?: ButtonSize;
  fullWidth?: boolean;
  className?: string;
} = {}): string {
  return cn(
    "inline-flex select-none items-center justify-center rounded-md font-medium",
    "transition-colors duration-150 focus-ring [&>svg]:shrink-0",
    "disabled:pointer-events-none disabled:opacity-50 aria-disabled:pointer-events-none aria-disabled:opacity-50",
    variantClasses[variant],
    variant === "link" ? linkSizeClasses[size] : sizeClasses[size],
    // A full-width button cannot grow sideways: a long label (often the Spanish one) wraps instead of being cut.
    fullWidth ? "w-full py-2 text-center" : "whitespace-nowrap",
    className,
  );
}

export function Button({
  variant,
  size,
  loading = false,
  asChild = false,
  fullWidth,
  className,
  disabled,
  children,
  type = "button",
  ...props
}: ButtonProps) {
  const classes = buttonClasses({ variant, size, fullWidth, className });
  if (asChild) {
    return (
      <Slot.Root className={classes} {...(props as ComponentProps<typeof Slot.Root>)}>
        {children}
      </Slot.Root>
    );
  }
  return (
    <button
      type={type}
      className={classes}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      {...props}
    >
      {loading && <Spinner size="sm" />}
      {children}
    </button>
  );
}
