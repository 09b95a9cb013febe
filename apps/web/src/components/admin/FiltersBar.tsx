/**
 * The bar of filters above a back-office table: search first, then selects; wraps on small screens.
 * It ends with the saved filters of the list (SavedFilters: shown on back-office pages whose filters
 * are in the address), so every admin list gets them without a line of its own.
 */
import type { ComponentProps } from "react";
import { cn } from "../../lib/cn";
import { Field, Select, type SelectOption } from "../ui";
import { SavedFilters } from "./SavedFilters";
import { SearchInput } from "./SearchInput";

export function FiltersBar({
  className,
  children,
  saved = true,
  ...props
}: ComponentProps<"search"> & { saved?: boolean }) {
  return (
    <search
      className={cn(
        "mb-4 flex flex-col gap-3 rounded-lg border border-border bg-surface p-3 sm:flex-row sm:flex-wrap sm:items-end",
        className,
      )}
      {...props}
    >
      {children}
      {saved && <SavedFilters />}
    </search>
  );
}

/** The labelled search box of a filters bar; by default it takes twice the room of each select. */
export function SearchFilter({
  label,
  placeholder,
  value,
  onSearch,
  className = "min-w-0 flex-[2]",
}: {
  label: string;
  placeholder?: string;
  value: string;
  onSearch: (value: string) => void;
  className?: string;
}) {
  return (
    <Field label={label} className={className}>
      {(control) => (
        <SearchInput
          id={control.id}
          value={value}
          onSearch={onSearch}
          label={label}
          placeholder={placeholder}
        />
      )}
    </Field>
  );
}

/** A labelled select of a filters bar; `className` sets its width (e.g. "sm:w-44"). */
export function SelectFilter({
  label,
  value,
  onChange,
  options,
  className,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: SelectOption[];
  className?: string;
}) {
  return (
    <Field label={label} className={className}>
      <Select value={value} onChange={(event) => onChange(event.target.value)} options={options} />
    </Field>
  );
}

/**
 * The select of a filters bar that narrows a list to one of a fixed set of values (a status, a kind,
 * a role) or shows them all: "all" is the empty value, which the list's address leaves out.
 */
export function StatusFilter<Value extends string>({
  label,
  all,
  values,
  labelOf,
  value,
  onChange,
  className = "sm:w-52",
}: {
  label: string;
  /** The label of the empty value: every row, whatever its value. */
  all: string;
  values: readonly Value[];
  labelOf: (value: Value) => string;
  value: string;
  onChange: (value: string) => void;
  className?: string;
}) {
  return (
    <SelectFilter
      label={label}
      className={className}
      value={value}
      onChange={onChange}
      options={[{ value: "", label: all }, ...values.map((v) => ({ value: v, label: labelOf(v) }))]}
    />
  );
}
