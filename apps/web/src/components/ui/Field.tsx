import { CircleAlert } from "lucide-react";
import { cloneElement, isValidElement, type ReactElement, type ReactNode, useId } from "react";
import { cn } from "../../lib/cn";

/** The attributes Field gives its control. */
export type FieldControlProps = {
  id: string;
  "aria-describedby"?: string;
  "aria-invalid"?: true;
  "aria-required"?: true;
};

export type FieldProps = {
  label: ReactNode;
  /** Help text under the label, linked to the control. */
  hint?: ReactNode;
  /** An already translated error message; when present the control is marked invalid. */
  error?: ReactNode;
  required?: boolean;
  /** The control's id; generated when absent. */
  id?: string;
  /** Keeps the label for screen readers only. */
  labelHidden?: boolean;
  className?: string;
  /**
   * The control: one element (it receives id, aria-describedby, aria-invalid and aria-required)
   * or a function receiving those props, for controls that spread them somewhere else.
   */
  children: ReactElement<{ "aria-describedby"?: string }> | ((control: FieldControlProps) => ReactNode);
};

/** A labelled form control with hint and error text wired for assistive technology. */
export function Field({ label, hint, error, required, id, labelHidden, className, children }: FieldProps) {
  const generatedId = useId();
  const controlId = id ?? generatedId;
  const hintId = `${controlId}-hint`;
  const errorId = `${controlId}-error`;
  const hasHint = hint !== undefined && hint !== null && hint !== false && hint !== "";
  const hasError = error !== undefined && error !== null && error !== false && error !== "";

  const control: FieldControlProps = {
    id: controlId,
    "aria-describedby": cn(hasHint && hintId, hasError && errorId) || undefined,
    "aria-invalid": hasError ? true : undefined,
    "aria-required": required ? true : undefined,
  };

  let content: ReactNode;
  if (typeof children === "function") {
    content = children(control);
  } else if (isValidElement(children)) {
    content = cloneElement(children, {
      ...control,
      "aria-describedby": cn(control["aria-describedby"], children.props["aria-describedby"]) || undefined,
    });
  } else {
    content = children;
  }

  return (
    <div className={cn("flex flex-col gap-1.5", className)}>
      <label htmlFor={controlId} className={cn("text-sm font-medium text-fg", labelHidden && "sr-only")}>
        {label}
        {required && (
          <span aria-hidden="true" className="ml-0.5 text-danger">
            *
          </span>
        )}
      </label>
      {hasHint && (
        <p id={hintId} className="text-sm text-fg-muted">
          {hint}
        </p>
      )}
      {content}
      {hasError && (
        <p id={errorId} className="flex items-start gap-1.5 text-sm text-danger">
          <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span>{error}</span>
        </p>
      )}
    </div>
  );
}
