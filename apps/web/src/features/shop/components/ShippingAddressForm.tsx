/**
 * The delivery address of printed books at checkout: a country we ship to (a list), then the postal
 * code checked against that country's format and the city's bounds, with the same rules the server
 * applies (contract `shippingAddressProblems`). Errors show once a field has been left.
 */
import { shippingAddressProblems, shippingCountryCodes } from "@aprendo/contract";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Field, Input, Select } from "../../../components/ui";
import { translateMessage } from "../../../i18n";

export type ShippingAddressValues = {
  name: string;
  line1: string;
  line2: string;
  city: string;
  postal_code: string;
  country: string;
};

type Name = keyof ShippingAddressValues;

const examples: Record<string, string> = {
  GB: "SW1A 1AA",
  IE: "D02 X285",
  ES: "28013",
  PT: "1100-148",
  FR: "75001",
  DE: "10115",
  IT: "00184",
  NL: "1012 JS",
  BE: "1000",
  US: "10001",
  MX: "06000",
};

/** Field message keys of an address (required fields, then the shop's country rules). */
export function shippingAddressErrors(v: ShippingAddressValues): Partial<Record<Name, string>> {
  const errors: Partial<Record<Name, string>> = {};
  for (const name of ["name", "line1", "city", "postal_code", "country"] as const)
    if (v[name].trim() === "") errors[name] = "validation.required";
  const rules = shippingAddressProblems(v);
  for (const [name, message] of Object.entries(rules) as Array<[Name, string]>) errors[name] ??= message;
  return errors;
}

export const shippingAddressComplete = (v: ShippingAddressValues) =>
  Object.keys(shippingAddressErrors(v)).length === 0;

const fields: Array<{ name: Name; autoComplete: string; max: number; required: boolean; wide?: boolean }> = [
  { name: "name", autoComplete: "shipping name", max: 120, required: true, wide: true },
  { name: "line1", autoComplete: "shipping address-line1", max: 200, required: true, wide: true },
  { name: "line2", autoComplete: "shipping address-line2", max: 200, required: false, wide: true },
  { name: "city", autoComplete: "shipping address-level2", max: 60, required: true },
  { name: "postal_code", autoComplete: "shipping postal-code", max: 20, required: true },
];

export function ShippingAddressForm({
  value,
  onChange,
}: {
  value: ShippingAddressValues;
  onChange: (value: ShippingAddressValues) => void;
}) {
  const { t } = useTranslation("shop");
  const [left, setLeft] = useState<Partial<Record<Name, boolean>>>({});
  const errors = shippingAddressErrors(value);
  const errorOf = (name: Name) => (left[name] && errors[name] ? translateMessage(errors[name]!) : undefined);
  const country = value.country.toUpperCase();
  const countries = shippingCountryCodes
    .map((code) => ({ value: code, label: t(`countries.${code}`) }))
    .sort((a, b) => a.label.localeCompare(b.label));
  return (
    <div className="flex flex-col gap-4" data-testid="shipping-address">
      <p className="text-sm text-fg-muted">{t("shipping.note")}</p>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <Field label={t("shipping.country")} required error={errorOf("country")} className="sm:col-span-2">
          <Select
            value={country}
            autoComplete="shipping country"
            placeholder={t("shipping.countryPlaceholder")}
            options={countries}
            onChange={(event) => onChange({ ...value, country: event.target.value })}
            onBlur={() => setLeft({ ...left, country: true })}
          />
        </Field>
        {fields.map((field) => (
          <Field
            key={field.name}
            label={t(`shipping.${field.name}`)}
            required={field.required}
            error={errorOf(field.name)}
            hint={
              field.name === "postal_code" && examples[country]
                ? t("shipping.postalHint", { example: examples[country] })
                : undefined
            }
            className={field.wide ? "sm:col-span-2" : undefined}
          >
            <Input
              value={value[field.name]}
              autoComplete={field.autoComplete}
              maxLength={field.max}
              onChange={(event) => onChange({ ...value, [field.name]: event.target.value })}
              onBlur={() => setLeft({ ...left, [field.name]: true })}
            />
          </Field>
        ))}
      </div>
    </div>
  );
}
