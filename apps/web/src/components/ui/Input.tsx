import type { ComponentProps } from "react";
import { cn } from "../../lib/cn";
import { controlClasses, controlHeight, readOnlyClasses } from "./control";

export type InputProps = ComponentProps<"input"> & {
  /** Marks the control invalid (Field sets aria-invalid itself). */
  invalid?: boolean;
};

export function Input({
  className,
  invalid,
  "aria-invalid": ariaInvalid,
  type = "text",
  ...props
}: InputProps) {
  return (
    <input
      type={type}
      className={cn(controlClasses, readOnlyClasses, controlHeight, "py-2", className)}
      aria-invalid={invalid || ariaInvalid || undefined}
      {...props}
    />
  );
}
