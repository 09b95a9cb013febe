import { type ReactNode, type Ref, useId } from "react";
import { cn } from "../../lib/cn";

export type RadioOption = { value: string; label: ReactNode; description?: ReactNode; disabled?: boolean };

export type RadioGroupProps = {
  legend: ReactNode;
  /** The form field name shared by the radios. */
  name: string;
  options: RadioOption[];
  value?: string;
  defaultValue?: string;
  onValueChange?: (value: string) => void;
  hint?: ReactNode;
  /** A translated error message. */
  error?: ReactNode;
  required?: boolean;
  disabled?: boolean;
  orientation?: "vertical" | "horizontal";
  legendHidden?: boolean;
  className?: string;
  ref?: Ref<HTMLFieldSetElement>;
};

/** Native radios in a fieldset: arrow keys move the choice, the legend names the group. */
export function RadioGroup({
  legend,
  name,
  options,
  value,
  defaultValue,
  onValueChange,
  hint,
  error,
  required,
  disabled,
  orientation = "vertical",
  legendHidden,
  className,
  ref,
}: RadioGroupProps) {
  const baseId = useId();
  const hintId = `${baseId}-hint`;
  const errorId = `${baseId}-error`;
  const controlled = value !== undefined;
  return (
    <fieldset
      ref={ref}
      disabled={disabled}
      aria-describedby={cn(hint && hintId, error && errorId) || undefined}
      className={cn("flex min-w-0 flex-col gap-1", className)}
    >
      <legend className={cn("mb-1 text-sm font-medium text-fg", legendHidden && "sr-only")}>
        {legend}
        {required && (
          <span aria-hidden="true" className="ml-0.5 text-danger">
            *
          </span>
        )}
      </legend>
      {hint && (
        <p id={hintId} className="text-sm text-fg-muted">
          {hint}
        </p>
      )}
      <div className={cn("flex", orientation === "horizontal" ? "flex-row flex-wrap gap-x-6" : "flex-col")}>
        {options.map((option, index) => {
          const optionId = `${baseId}-${index}`;
          return (
            <div key={option.value} className="flex flex-col">
              <label
                htmlFor={optionId}
                className="flex min-h-11 cursor-pointer items-center gap-3 text-sm text-fg has-disabled:cursor-not-allowed has-disabled:opacity-60 sm:min-h-8"
              >
                <input
                  id={optionId}
                  type="radio"
                  name={name}
                  value={option.value}
                  disabled={option.disabled}
                  checked={controlled ? value === option.value : undefined}
                  defaultChecked={
                    !controlled && defaultValue !== undefined ? defaultValue === option.value : undefined
                  }
                  onChange={() => onValueChange?.(option.value)}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={option.description ? `${optionId}-description` : undefined}
                  className="size-5 shrink-0 cursor-pointer accent-primary disabled:cursor-not-allowed"
                />
                <span>{option.label}</span>
              </label>
              {option.description && (
                <p id={`${optionId}-description`} className="pl-8 text-sm text-fg-muted">
                  {option.description}
                </p>
              )}
            </div>
          );
        })}
      </div>
      {error && (
        <p id={errorId} className="text-sm text-danger">
          {error}
        </p>
      )}
    </fieldset>
  );
}
