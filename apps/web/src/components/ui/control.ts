/** Shared look of text-like form controls (Input, Textarea, Select, NumberInput, DatePicker). */
export const controlClasses =
  "block w-full rounded-md border border-border-strong bg-surface px-3 text-base text-fg shadow-sm " +
  "transition-colors duration-150 placeholder:text-fg-muted hover:border-fg-muted sm:text-sm " +
  "focus-ring focus-visible:border-primary aria-invalid:border-danger " +
  "disabled:cursor-not-allowed disabled:bg-surface-muted disabled:opacity-60 read-only:bg-surface-muted";

/** 44px high on phones, 40px from the `sm` breakpoint up. */
export const controlHeight = "min-h-11 sm:min-h-10";
