/**
 * A text written in both languages, side by side (stacked on phones): English and Spanish fields of
 * `name.en` and `name.es`, each with its counter when a maximum applies.
 */
import type { ReactNode } from "react";
import type { Control, FieldPath, FieldValues } from "react-hook-form";
import { TextareaField, TextField } from "../form";

export type BilingualFieldProps<T extends FieldValues> = {
  control: Control<T>;
  /** The object field holding `{ en, es }`. */
  name: string;
  /** Labels of the two sides, e.g. "Question (English)" and "Question (Spanish)". */
  labels: { en: ReactNode; es: ReactNode };
  hint?: ReactNode;
  maxLength: number;
  multiline?: boolean;
  rows?: number;
  required?: boolean;
};

export function BilingualField<T extends FieldValues>({
  control,
  name,
  labels,
  hint,
  maxLength,
  multiline,
  rows = 5,
  required,
}: BilingualFieldProps<T>) {
  return (
    <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
      {(["en", "es"] as const).map((language) => {
        const field = `${name}.${language}` as FieldPath<T>;
        return multiline ? (
          <TextareaField
            key={language}
            control={control}
            name={field}
            label={labels[language]}
            hint={hint}
            maxLength={maxLength}
            rows={rows}
            required={required}
            lang={language}
          />
        ) : (
          <TextField
            key={language}
            control={control}
            name={field}
            label={labels[language]}
            hint={hint}
            maxLength={maxLength}
            required={required}
            lang={language}
          />
        );
      })}
    </div>
  );
}
