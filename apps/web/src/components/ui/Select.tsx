import { ChevronDown } from "lucide-react";
import type { ComponentProps } from "react";
import { cn } from "../../lib/cn";
import { controlClasses, controlHeight } from "./control";

/** `lang`: the option's own language when it is not the page's (a language's name, course content). */
export type SelectOption = { value: string; label: string; disabled?: boolean; lang?: string };

export type SelectProps = ComponentProps<"select"> & {
  /** Options as data; `children` <option>s may be used instead or as well. */
  options?: SelectOption[];
  /** A first, empty option ("Choose a level..."). */
  placeholder?: string;
  invalid?: boolean;
};

/** The native <select>, styled: reliable keyboard, screen-reader and phone behaviour for free. */
export function Select({
  options,
  placeholder,
  invalid,
  className,
  children,
  "aria-invalid": ariaInvalid,
  ...props
}: SelectProps) {
  return (
    <div className={cn("relative", className)}>
      <select
        className={cn(controlClasses, controlHeight, "cursor-pointer appearance-none py-2 pr-10")}
        aria-invalid={invalid || ariaInvalid || undefined}
        {...props}
      >
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options?.map((option) => (
          <option key={option.value} value={option.value} disabled={option.disabled} lang={option.lang}>
            {option.label}
          </option>
        ))}
        {children}
      </select>
      <ChevronDown
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-fg-muted"
      />
    </div>
  );
}
