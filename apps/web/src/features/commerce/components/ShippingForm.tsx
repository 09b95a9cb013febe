/** The delivery address of printed products (only asked for when the cart holds one). */
import { useTranslation } from "react-i18next";
import { Field, Input } from "../../../components/ui";

export type ShippingValues = {
  name: string;
  line1: string;
  line2: string;
  city: string;
  postal_code: string;
  country: string;
};

export const shippingComplete = (v: ShippingValues) =>
  v.name.trim() !== "" &&
  v.line1.trim() !== "" &&
  v.city.trim() !== "" &&
  v.postal_code.trim() !== "" &&
  /^[A-Za-z]{2}$/.test(v.country.trim());

const fields = [
  { name: "name", autoComplete: "shipping name", max: 120, required: true },
  { name: "line1", autoComplete: "shipping address-line1", max: 200, required: true },
  { name: "line2", autoComplete: "shipping address-line2", max: 200, required: false },
  { name: "city", autoComplete: "shipping address-level2", max: 100, required: true },
  { name: "postal_code", autoComplete: "shipping postal-code", max: 20, required: true },
  { name: "country", autoComplete: "shipping country", max: 2, required: true },
] as const;

export function ShippingForm({
  value,
  onChange,
}: {
  value: ShippingValues;
  onChange: (value: ShippingValues) => void;
}) {
  const { t } = useTranslation("commerce");
  return (
    <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
      {fields.map((field) => (
        <Field
          key={field.name}
          label={t(`shipping.${field.name}`)}
          required={field.required}
          hint={field.name === "country" ? t("shipping.countryHint") : undefined}
          className={field.name === "line1" || field.name === "line2" ? "sm:col-span-2" : undefined}
        >
          <Input
            value={value[field.name]}
            autoComplete={field.autoComplete}
            maxLength={field.max}
            onChange={(event) => onChange({ ...value, [field.name]: event.target.value })}
          />
        </Field>
      ))}
    </div>
  );
}
