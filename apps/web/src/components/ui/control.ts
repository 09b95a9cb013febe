/** Shared look of text-like form controls (Input, Textarea, Select, NumberInput, DatePicker). */
export const controlClasses =
  "block w-full rounded-md border border-border-strong bg-surface px-3 text-base text-fg shadow-sm " +
  "transition-colors duration-150 placeholder:text-fg-muted hover:border-fg-muted sm:text-sm " +
  "focus-ring focus-visible:border-primary aria-invalid:border-danger " +
  "disabled:cursor-not-allowed disabled:bg-surface-muted disabled:opacity-60";

/** Text fields only: a <select> also matches :read-only, so it must not get this. */
export const readOnlyClasses = "read-only:bg-surface-muted";

/** 44px high on phones, 40px from the `sm` breakpoint up. */
export const controlHeight = "min-h-11 sm:min-h-10";

/** The dimmed backdrop behind Dialog, ConfirmDialog and Drawer. */
export const overlayClasses =
  "fixed inset-0 z-50 bg-overlay data-[state=closed]:animate-fade-out data-[state=open]:animate-fade-in";
