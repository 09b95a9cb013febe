/** /af/coupons/create and /af/coupons/:id: code, percentage or flat £, validity, limits, item types, active. */
import { type Coupon, type CouponInput, couponInput } from "@aprendo/contract";
import { cartItemTypes } from "@aprendo/contract/domain";
import { useEffect } from "react";
import { Controller, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { useNavigate, useParams } from "react-router";
import { contractResolver, FormPage, FormSection, reportFormError } from "../../../components/admin";
import { CheckboxField, NumberField, RadioField, TextField } from "../../../components/form";
import { Checkbox, DatePicker, Field, Input } from "../../../components/ui";
import { translateMessage } from "../../../i18n";
import { ApiError } from "../../../lib/http";
import { showSuccess } from "../../../lib/toast";
import { useCoupon, useSaveCoupon } from "../api";

type Values = {
  code: string;
  discount_type: "percentage" | "flat";
  percentage: number | null;
  /** Pounds with pence, typed as text ("4.99"). */
  flat: string;
  valid_from: string;
  valid_to: string;
  max_uses: number | null;
  per_user_limit: number | null;
  item_types: string[];
  active: boolean;
};

const empty: Values = {
  code: "",
  discount_type: "percentage",
  percentage: 10,
  flat: "",
  valid_from: "",
  valid_to: "",
  max_uses: null,
  per_user_limit: null,
  item_types: [],
  active: true,
};

function toPayload(v: Values) {
  const value =
    v.discount_type === "percentage"
      ? (v.percentage ?? undefined)
      : v.flat.trim() === ""
        ? undefined
        : Number(v.flat);
  return {
    code: v.code,
    discount_type: v.discount_type,
    value,
    valid_from: v.valid_from || null,
    valid_to: v.valid_to || null,
    max_uses: v.max_uses,
    per_user_limit: v.per_user_limit,
    item_types: v.item_types,
    active: v.active,
  };
}

function fromCoupon(c: Coupon): Values {
  return {
    code: c.code,
    discount_type: c.discount_type,
    percentage: c.discount_type === "percentage" ? c.value : null,
    flat: c.discount_type === "flat" ? c.value.toFixed(2) : "",
    valid_from: c.valid_from?.slice(0, 10) ?? "",
    valid_to: c.valid_to?.slice(0, 10) ?? "",
    max_uses: c.max_uses,
    per_user_limit: c.per_user_limit,
    item_types: c.item_types,
    active: c.active,
  };
}

/** Moves a "value" error onto the field shown for the discount type. */
function resolver() {
  const base = contractResolver<Values, CouponInput>(couponInput, toPayload);
  return async (...args: Parameters<typeof base>) => {
    const result = await base(...args);
    const errors = result.errors as Record<string, unknown>;
    if (errors.value) {
      errors[args[0].discount_type === "percentage" ? "percentage" : "flat"] = errors.value;
      delete errors.value;
    }
    return result;
  };
}

export default function CouponFormPage() {
  const { t } = useTranslation("commerce");
  const params = useParams();
  const id = params.id && params.id !== "create" ? Number(params.id) : null;
  const navigate = useNavigate();
  const coupon = useCoupon(id);
  const save = useSaveCoupon(id);
  const form = useForm<Values>({ defaultValues: empty, resolver: resolver() });
  useEffect(() => {
    if (coupon.data) form.reset(fromCoupon(coupon.data));
  }, [coupon.data, form]);
  const type = form.watch("discount_type");
  const notFound = coupon.error instanceof ApiError && coupon.error.status === 404;

  return (
    <FormPage
      title={
        id === null ? t("coupons.createTitle") : t("coupons.editTitle", { code: coupon.data?.code ?? "" })
      }
      back={{ to: "/af/coupons", label: t("coupons.back") }}
      record={id === null ? undefined : { ...coupon, notFound }}
      texts={{
        notFound: t("coupons.notFound"),
        loadFailed: t("loadFailed"),
        retry: t("retry"),
        loading: t("loading"),
        cancel: t("cancel"),
        save: id === null ? t("coupons.submitCreate") : t("coupons.save"),
      }}
      width="md"
      onSubmit={form.handleSubmit((values) =>
        save.mutate(toPayload(values) as CouponInput, {
          onSuccess: (saved) => {
            showSuccess(t(id === null ? "coupons.created" : "coupons.saved", { code: saved.code }));
            navigate("/af/coupons");
          },
          onError: (error) =>
            reportFormError(error, form.setError, [
              "code",
              "valid_from",
              "valid_to",
              "max_uses",
              "per_user_limit",
            ]),
        }),
      )}
      onCancel={() => navigate("/af/coupons")}
      saving={save.isPending}
    >
      <FormSection title={t("coupons.discount")}>
        <TextField
          control={form.control}
          name="code"
          label={t("coupons.code")}
          hint={t("coupons.codeHint")}
          required
          maxLength={32}
          className="[&_input]:font-mono [&_input]:uppercase"
        />
        <RadioField
          control={form.control}
          name="discount_type"
          label={t("coupons.type")}
          orientation="horizontal"
          options={[
            { value: "percentage", label: t("coupons.percentage") },
            { value: "flat", label: t("coupons.flat") },
          ]}
        />
        {type === "percentage" ? (
          <NumberField
            control={form.control}
            name="percentage"
            label={t("coupons.percentValue")}
            required
            min={1}
            max={100}
          />
        ) : (
          <Controller
            control={form.control}
            name="flat"
            render={({ field, fieldState }) => (
              <Field
                label={t("coupons.flatValue")}
                required
                error={fieldState.error?.message ? translateMessage(fieldState.error.message) : undefined}
              >
                <Input
                  name={field.name}
                  ref={field.ref}
                  value={field.value}
                  inputMode="decimal"
                  placeholder="5.00"
                  onBlur={field.onBlur}
                  onChange={(event) => field.onChange(event.target.value.replace(/[^\d.]/g, ""))}
                />
              </Field>
            )}
          />
        )}
      </FormSection>
      <FormSection title={t("coupons.limits")}>
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          {(["valid_from", "valid_to"] as const).map((name) => (
            <Controller
              key={name}
              control={form.control}
              name={name}
              render={({ field, fieldState }) => (
                <Field
                  label={t(`coupons.${name}`)}
                  error={fieldState.error?.message ? translateMessage(fieldState.error.message) : undefined}
                >
                  <DatePicker
                    name={field.name}
                    ref={field.ref}
                    value={field.value}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                  />
                </Field>
              )}
            />
          ))}
          <NumberField
            control={form.control}
            name="max_uses"
            label={t("coupons.maxUses")}
            hint={t("coupons.noLimit")}
            min={1}
          />
          <NumberField
            control={form.control}
            name="per_user_limit"
            label={t("coupons.perUser")}
            hint={t("coupons.noLimit")}
            min={1}
          />
        </div>
        <Controller
          control={form.control}
          name="item_types"
          render={({ field }) => (
            <fieldset className="flex flex-col gap-2">
              <legend className="mb-1 text-sm font-medium text-fg">{t("coupons.itemTypes")}</legend>
              <p className="text-sm text-fg-muted">{t("coupons.itemTypesHint")}</p>
              <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
                {cartItemTypes
                  .filter((type) => type !== "sponsorship")
                  .map((type) => (
                    <Checkbox
                      key={type}
                      label={t(`types.${type}`)}
                      checked={field.value.includes(type)}
                      onChange={(event) =>
                        field.onChange(
                          event.target.checked
                            ? [...field.value, type]
                            : field.value.filter((v) => v !== type),
                        )
                      }
                    />
                  ))}
              </div>
            </fieldset>
          )}
        />
        <CheckboxField control={form.control} name="active" label={t("coupons.activeLabel")} />
      </FormSection>
    </FormPage>
  );
}
