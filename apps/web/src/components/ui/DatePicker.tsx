import { cn } from "../../lib/cn";
import { Input, type InputProps } from "./Input";

export type DatePickerProps = Omit<InputProps, "type"> & {
  /** "date" (default) picks a day; "datetime-local" adds the time. Values are ISO strings (yyyy-mm-dd). */
  mode?: "date" | "datetime-local";
};

/** The native date input, styled; the browser supplies a localised, accessible picker. */
export function DatePicker({ mode = "date", className, ...props }: DatePickerProps) {
  return <Input type={mode} className={cn("w-auto min-w-44", className)} {...props} />;
}
