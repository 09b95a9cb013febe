/** A row of filter buttons styled as tabs (one pressed), scrolling sideways on phones. */
import { cn } from "../../../lib/cn";

export function StatusFilter<T extends string>({
  value,
  options,
  onChange,
  label,
}: {
  value: T;
  options: readonly { value: T; label: string }[];
  onChange: (value: T) => void;
  label: string;
}) {
  return (
    // A fieldset is at least as wide as its content unless told otherwise (min-w-0): without it the
    // tabs widened the whole page on a phone instead of scrolling inside their row.
    <fieldset className="mb-4 flex min-w-0 gap-1 overflow-x-auto border-b border-border">
      <legend className="sr-only">{label}</legend>
      {options.map((option) => (
        <button
          key={option.value}
          type="button"
          aria-pressed={option.value === value}
          onClick={() => onChange(option.value)}
          className={cn(
            "-mb-px inline-flex min-h-11 shrink-0 items-center whitespace-nowrap border-b-2 border-transparent px-4 text-sm font-medium",
            "text-fg-muted transition-colors duration-150 hover:text-fg focus-ring",
            option.value === value && "border-primary text-primary",
          )}
        >
          {option.label}
        </button>
      ))}
    </fieldset>
  );
}
