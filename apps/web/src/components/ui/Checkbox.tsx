import { type ComponentProps, type ReactNode, useId } from "react";
import { cn } from "../../lib/cn";

export type CheckboxProps = Omit<ComponentProps<"input">, "type"> & {
  label: ReactNode;
  description?: ReactNode;
  /** A translated error (e.g. "You must accept the terms"). */
  error?: ReactNode;
};

/** A native checkbox whose whole label row is the (44px on phones) touch target. */
export function Checkbox({
  label,
  description,
  error,
  id,
  className,
  "aria-describedby": describedBy,
  ...props
}: CheckboxProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const descriptionId = `${inputId}-description`;
  const errorId = `${inputId}-error`;
  return (
    <div className={cn("flex flex-col", className)}>
      <label
        htmlFor={inputId}
        className="flex min-h-11 cursor-pointer items-center gap-3 text-sm text-fg has-disabled:cursor-not-allowed has-disabled:opacity-60 sm:min-h-8"
      >
        <input
          id={inputId}
          type="checkbox"
          className="size-5 shrink-0 cursor-pointer accent-primary disabled:cursor-not-allowed"
          aria-invalid={error ? true : undefined}
          aria-describedby={cn(describedBy, description && descriptionId, error && errorId) || undefined}
          {...props}
        />
        <span>{label}</span>
      </label>
      {description && (
        <p id={descriptionId} className="pl-8 text-sm text-fg-muted">
          {description}
        </p>
      )}
      {error && (
        <p id={errorId} className="pl-8 text-sm text-danger">
          {error}
        </p>
      )}
    </div>
  );
}
