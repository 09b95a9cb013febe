import type { ComponentProps, ReactNode } from "react";
import { cn } from "../../lib/cn";
import type { ButtonVariant } from "./Button";

export type IconButtonSize = "sm" | "md";

export type IconButtonProps = Omit<ComponentProps<"button">, "children" | "aria-label"> & {
  /** Required: an icon-only button has no other accessible name. */
  "aria-label": string;
  icon: ReactNode;
  variant?: Exclude<ButtonVariant, "link" | "accent">;
  size?: IconButtonSize;
};

const variantClasses = {
  primary: "bg-primary text-primary-fg hover:bg-primary-hover",
  secondary: "border border-border-strong bg-surface text-fg hover:bg-surface-muted",
  ghost: "text-fg-muted hover:bg-surface-muted hover:text-fg",
  danger: "text-danger hover:bg-danger-soft",
} as const;

const sizeClasses: Record<IconButtonSize, string> = {
  sm: "size-11 sm:size-8 [&_svg]:size-4",
  md: "size-11 sm:size-10 [&_svg]:size-5",
};

export function IconButton({
  icon,
  variant = "ghost",
  size = "md",
  className,
  type = "button",
  ...props
}: IconButtonProps) {
  return (
    <button
      type={type}
      className={cn(
        "inline-flex shrink-0 items-center justify-center rounded-md transition-colors duration-150 focus-ring",
        "disabled:pointer-events-none disabled:opacity-50",
        variantClasses[variant],
        sizeClasses[size],
        className,
      )}
      {...props}
    >
      <span aria-hidden="true" className="inline-flex">
        {icon}
      </span>
    </button>
  );
}
