/**
 * Form fields for every feature: the UI kit's controls bound to react-hook-form, each with its label,
 * hint and translated error (contract message keys such as `validation.max?entry=...&max=60` become
 * words in the reader's language), a character counter where a maximum applies, and number inputs
 * that block e, E, +, - and the decimal point (spec section 5).
 *
 *   <TextField control={control} name="first_name" label={t("firstName")} maxLength={60} required />
 */
import type { ComponentProps, ReactNode } from "react";
import { type Control, type FieldPath, type FieldValues, useController } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { translateMessage } from "../../i18n";
import {
  Checkbox,
  Field,
  Input,
  NumberInput,
  RadioGroup,
  type RadioGroupProps,
  Select,
  type SelectOption,
  Textarea,
} from "../ui";

type Base<T extends FieldValues> = {
  control: Control<T>;
  name: FieldPath<T>;
  label: ReactNode;
  hint?: ReactNode;
  required?: boolean;
  className?: string;
};

/** The field's error, translated (messages are contract keys or server text). */
function useFieldError<T extends FieldValues>(control: Control<T>, name: FieldPath<T>) {
  const controller = useController({ control, name });
  useTranslation(); // re-render when the language changes, so the error follows it
  const message = controller.fieldState.error?.message;
  return { ...controller, error: message ? translateMessage(message) : undefined };
}

/** "12 / 60" under a field with a maximum length, announced politely. */
export function CharacterCounter({ count, max, id }: { count: number; max: number; id?: string }) {
  const { t } = useTranslation("common");
  return (
    <p id={id} className="self-end text-xs text-fg-muted tabular-nums" aria-live="polite">
      <span aria-hidden="true">
        {count} / {max}
      </span>
      <span className="sr-only">{t("form.charactersUsed", { count, max })}</span>
    </p>
  );
}

export function TextField<T extends FieldValues>({
  control,
  name,
  label,
  hint,
  required,
  className,
  maxLength,
  ...input
}: Base<T> &
  Omit<ComponentProps<"input">, "name" | "value" | "defaultValue" | "onChange" | "onBlur" | "ref">) {
  const { field, error } = useFieldError(control, name);
  const value = (field.value ?? "") as string;
  const counterId = `${String(name)}-counter`;
  return (
    <div className={className}>
      <Field label={label} hint={hint} error={error} required={required}>
        {(props) => (
          <div className="flex flex-col gap-1">
            <Input
              {...input}
              {...props}
              aria-describedby={
                [props["aria-describedby"], maxLength ? counterId : undefined].filter(Boolean).join(" ") ||
                undefined
              }
              name={field.name}
              ref={field.ref}
              value={value}
              maxLength={maxLength}
              onChange={field.onChange}
              onBlur={field.onBlur}
            />
            {maxLength !== undefined && (
              <CharacterCounter id={counterId} count={value.length} max={maxLength} />
            )}
          </div>
        )}
      </Field>
    </div>
  );
}

export function TextareaField<T extends FieldValues>({
  control,
  name,
  label,
  hint,
  required,
  className,
  ...textarea
}: Base<T> &
  Omit<ComponentProps<"textarea">, "name" | "value" | "defaultValue" | "onChange" | "onBlur" | "ref">) {
  const { field, error } = useFieldError(control, name);
  const { t } = useTranslation("common");
  return (
    <div className={className}>
      <Field label={label} hint={hint} error={error} required={required}>
        <Textarea
          {...textarea}
          name={field.name}
          ref={field.ref}
          value={(field.value ?? "") as string}
          onChange={field.onChange}
          onBlur={field.onBlur}
          counterLabel={(count, max) => t("form.charactersUsed", { count, max })}
        />
      </Field>
    </div>
  );
}

/** Whole numbers only: e, E, +, - and the decimal point are blocked; an empty box is null. */
export function NumberField<T extends FieldValues>({
  control,
  name,
  label,
  hint,
  required,
  className,
  ...input
}: Base<T> &
  Omit<ComponentProps<"input">, "name" | "value" | "defaultValue" | "onChange" | "onBlur" | "ref" | "type">) {
  const { field, error } = useFieldError(control, name);
  return (
    <div className={className}>
      <Field label={label} hint={hint} error={error} required={required}>
        <NumberInput
          {...input}
          name={field.name}
          ref={field.ref}
          value={field.value === null || field.value === undefined ? "" : String(field.value)}
          onChange={(event) => field.onChange(event.target.value === "" ? null : Number(event.target.value))}
          onBlur={field.onBlur}
        />
      </Field>
    </div>
  );
}

export function SelectField<T extends FieldValues>({
  control,
  name,
  label,
  hint,
  required,
  className,
  options,
  placeholder,
  autoComplete,
}: Base<T> & { options: SelectOption[]; placeholder?: string; autoComplete?: string }) {
  const { field, error } = useFieldError(control, name);
  return (
    <div className={className}>
      <Field label={label} hint={hint} error={error} required={required}>
        <Select
          name={field.name}
          autoComplete={autoComplete}
          ref={field.ref}
          value={(field.value ?? "") as string}
          onChange={field.onChange}
          onBlur={field.onBlur}
          options={options}
          placeholder={placeholder}
        />
      </Field>
    </div>
  );
}

export function CheckboxField<T extends FieldValues>({
  control,
  name,
  label,
  hint,
  required,
  className,
}: Base<T>) {
  const { field, error } = useFieldError(control, name);
  return (
    <div className={className}>
      <Checkbox
        name={field.name}
        ref={field.ref}
        checked={Boolean(field.value)}
        onChange={(event) => field.onChange(event.target.checked)}
        onBlur={field.onBlur}
        label={label}
        description={hint}
        error={error}
        aria-required={required || undefined}
      />
    </div>
  );
}

/**
 * One of a few choices as radios, the label as the group's legend; the field's value is the chosen
 * option's value, e.g. a discount's type or an event's scope.
 */
export function RadioField<T extends FieldValues>({
  control,
  name,
  label,
  hint,
  required,
  className,
  ...group
}: Base<T> & Pick<RadioGroupProps, "options" | "orientation" | "legendHidden" | "disabled">) {
  const { field, error } = useFieldError(control, name);
  return (
    <RadioGroup
      {...group}
      legend={label}
      name={field.name}
      value={field.value as string}
      onValueChange={field.onChange}
      hint={hint}
      error={error}
      required={required}
      className={className}
    />
  );
}
