import { type ChangeEvent, type ComponentProps, useCallback, useId, useMemo, useState } from "react";
import { cn } from "../../lib/cn";
import { controlClasses, readOnlyClasses } from "./control";
import { mergeRefs } from "./mergeRefs";

export type TextareaProps = ComponentProps<"textarea"> & {
  invalid?: boolean;
  /** Screen-reader text for the counter, e.g. (n, max) => t("form.charactersUsed", { n, max }). */
  counterLabel?: (count: number, max: number) => string;
};

/** A multi-line input; with `maxLength` it shows an `n / max` counter linked through aria-describedby. */
export function Textarea({
  className,
  invalid,
  maxLength,
  value,
  defaultValue,
  onChange,
  counterLabel,
  ref,
  rows = 4,
  "aria-invalid": ariaInvalid,
  "aria-describedby": describedBy,
  ...props
}: TextareaProps) {
  const counterId = useId();
  const controlled = value !== undefined;
  const [typedLength, setTypedLength] = useState(() => String(defaultValue ?? "").length);
  const count = controlled ? String(value).length : typedLength;
  const hasCounter = maxLength !== undefined;

  // Form libraries may set the initial value on the node directly (react-hook-form's register does).
  const measure = useCallback(
    (node: HTMLTextAreaElement | null) => {
      if (node && !controlled) setTypedLength(node.value.length);
    },
    [controlled],
  );
  const textareaRef = useMemo(() => mergeRefs(ref, measure), [ref, measure]);

  return (
    <div className="flex flex-col gap-1">
      <textarea
        ref={textareaRef}
        rows={rows}
        maxLength={maxLength}
        value={value}
        defaultValue={defaultValue}
        className={cn(controlClasses, readOnlyClasses, "min-h-24 resize-y py-2", className)}
        aria-invalid={invalid || ariaInvalid || undefined}
        aria-describedby={cn(describedBy, hasCounter && counterId) || undefined}
        onChange={(event: ChangeEvent<HTMLTextAreaElement>) => {
          if (!controlled) setTypedLength(event.target.value.length);
          onChange?.(event);
        }}
        {...props}
      />
      {hasCounter && (
        <p id={counterId} className="self-end text-xs text-fg-muted tabular-nums">
          <span aria-hidden={counterLabel ? true : undefined}>
            {count} / {maxLength}
          </span>
          {counterLabel && <span className="sr-only">{counterLabel(count, maxLength)}</span>}
        </p>
      )}
    </div>
  );
}
