/**
 * /af/products/create and /af/products/{id}: a product in both languages. A printed book has a list
 * price and its bindings (each with its book binding discount, and copies in stock when it is
 * added); an e-book or e-notes product is sold through an e-notes offer. Stock of existing bindings
 * changes only through the products overview (adjustments and received stock requests, audited).
 */
import { bookBindings, productInput } from "@aprendo/contract";
import { type Resolver, useForm, useWatch } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { FormPage, FormSection, useRecordForm, useRecordId } from "../../../components/admin";
import {
  CheckboxField,
  NumberField,
  RadioField,
  SelectField,
  TextareaField,
  TextField,
} from "../../../components/form";
import { Badge, Field, Input } from "../../../components/ui";
import { translateMessage } from "../../../i18n";
import { formatMoney, poundsToPence } from "../../../lib/format";
import { useAdminCategories, useAdminProduct, useDistributors, useNotesOffers, useSaveProduct } from "../api";
import { CoverField } from "../components/CoverField";

type BindingValues = {
  binding: string;
  on: boolean;
  discount: string;
  initial_stock: number | null;
  stock: number | null;
};
type Values = {
  kind: "printed_book" | "ebook" | "enotes";
  title_en: string;
  title_es: string;
  authors: string;
  description_en: string;
  description_es: string;
  isbn: string;
  pages: number | null;
  cover_color: string;
  category_id: string;
  distributor_id: string;
  price: string;
  notes_offer_id: string;
  status: "draft" | "published" | "archived";
  bindings: BindingValues[];
};

const emptyBindings = (): BindingValues[] =>
  bookBindings.map((binding, i) => ({ binding, on: i === 0, discount: "0", initial_stock: 0, stock: null }));
const empty: Values = {
  kind: "printed_book",
  title_en: "",
  title_es: "",
  authors: "",
  description_en: "",
  description_es: "",
  isbn: "",
  pages: null,
  cover_color: "#2563eb",
  category_id: "",
  distributor_id: "",
  price: "",
  notes_offer_id: "",
  status: "draft",
  bindings: emptyBindings(),
};
const list = "/af/products";
const decimal = (v: string) => (v.trim() === "" ? Number.NaN : Number(v.replace(",", ".")));

function toPayload(v: Values) {
  const printed = v.kind === "printed_book";
  const chosen = v.bindings.filter((b) => b.on);
  return {
    kind: v.kind,
    title_en: v.title_en,
    title_es: v.title_es,
    authors: v.authors,
    description_en: v.description_en,
    description_es: v.description_es,
    isbn: v.isbn,
    pages: v.pages || null,
    cover_color: v.cover_color,
    category_id: v.category_id ? Number(v.category_id) : null,
    distributor_id: v.distributor_id ? Number(v.distributor_id) : null,
    price: printed ? (v.price.trim() === "" ? 0 : decimal(v.price)) : 0,
    notes_offer_id: !printed && v.notes_offer_id ? Number(v.notes_offer_id) : null,
    status: v.status,
    bindings: printed
      ? chosen.map((b) => ({
          binding: b.binding,
          book_binding_discount: b.discount.trim() === "" ? 0 : decimal(b.discount),
          initial_stock: b.stock === null ? (b.initial_stock ?? 0) : 0,
        }))
      : [],
  };
}

/** Checks the payload with the contract; binding issues go back to the form row of that binding. */
const resolver: Resolver<Values> = async (values) => {
  const result = productInput.safeParse(toPayload(values));
  if (result.success) return { values, errors: {} };
  const chosen = values.bindings.map((b, i) => ({ b, i })).filter(({ b }) => b.on);
  const errors: Record<string, unknown> = {};
  for (const issue of result.error.issues) {
    let path = issue.path.map(String);
    if (path[0] === "bindings" && path.length > 2) {
      const row = chosen[Number(path[1])]?.i ?? 0;
      const field = path[2] === "book_binding_discount" ? "discount" : path[2]!;
      path = ["bindings", String(row), field];
    } else if (path[0] === "bindings") path = ["bindings", "0", "on"];
    if (path.length === 0) continue;
    let node = errors;
    path.forEach((key, index) => {
      if (index === path.length - 1) node[key] ??= { type: "validation", message: issue.message };
      else {
        node[key] ??= {};
        node = node[key] as Record<string, unknown>;
      }
    });
  }
  return { values: {}, errors: errors as never };
};

export default function ProductFormPage() {
  const { t, i18n } = useTranslation("shop");
  const id = useRecordId();
  const product = useAdminProduct(id);
  const save = useSaveProduct(id);
  const categories = useAdminCategories();
  const distributors = useDistributors();
  const form = useForm<Values>({ resolver, defaultValues: empty });
  const values = useWatch({ control: form.control });
  const printed = values.kind === "printed_book";
  const offers = useNotesOffers(!printed);
  const money = (value: number) => formatMoney(poundsToPence(value), i18n.language);

  const { page } = useRecordForm({
    form,
    id,
    query: product,
    toValues: (p) => ({
      kind: p.kind,
      title_en: p.title_en,
      title_es: p.title_es,
      authors: p.authors,
      description_en: p.description_en,
      description_es: p.description_es,
      isbn: p.isbn ?? "",
      pages: p.pages,
      cover_color: p.cover_color,
      category_id: p.category_id ? String(p.category_id) : "",
      distributor_id: p.distributor_id ? String(p.distributor_id) : "",
      price: p.kind === "printed_book" ? p.price.toFixed(2) : "",
      notes_offer_id: p.notes_offer_id ? String(p.notes_offer_id) : "",
      status: p.status,
      bindings: bookBindings.map((binding) => {
        const found = p.bindings.find((b) => b.binding === binding);
        return found
          ? {
              binding,
              on: found.active,
              discount: found.book_binding_discount.toFixed(2),
              initial_stock: 0,
              stock: found.stock,
            }
          : { binding, on: false, discount: "0", initial_stock: 0, stock: null };
      }),
    }),
    save: async (v) => {
      await save.mutateAsync(toPayload(v));
      return { message: t("admin.save") };
    },
    fields: [
      "title_en",
      "title_es",
      "authors",
      "description_en",
      "description_es",
      "isbn",
      "pages",
      "category_id",
      "distributor_id",
      "price",
      "notes_offer_id",
    ],
    list,
  });

  const listPrice = decimal(values.price ?? "");
  return (
    <FormPage
      {...page}
      title={id === null ? t("admin.createTitle") : t("admin.editTitle")}
      subtitle={t("admin.formSubtitle")}
      back={{ to: list, label: t("admin.products") }}
      texts={{
        notFound: t("admin.notFound"),
        loadFailed: t("admin.loadFailed"),
        retry: t("admin.retry"),
        loading: t("admin.loading"),
        cancel: t("admin.cancel"),
        save: t("admin.save"),
      }}
    >
      <FormSection title={t("admin.sections.kind")}>
        <RadioField
          control={form.control}
          name="kind"
          label={t("admin.kind")}
          legendHidden
          orientation="horizontal"
          disabled={id !== null}
          hint={id !== null ? t("admin.kindLocked") : undefined}
          options={(["printed_book", "ebook", "enotes"] as const).map((k) => ({
            value: k,
            label: t(`kind.${k}`),
            description: t(`admin.kindHints.${k}`),
          }))}
        />
      </FormSection>
      <FormSection title={t("admin.sections.texts")}>
        <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
          <TextField
            control={form.control}
            name="title_en"
            label={t("admin.fields.titleEn")}
            maxLength={200}
            lang="en"
            required
          />
          <TextField
            control={form.control}
            name="title_es"
            label={t("admin.fields.titleEs")}
            maxLength={200}
            lang="es"
            required
          />
        </div>
        <TextField
          control={form.control}
          name="authors"
          label={t("admin.fields.authors")}
          hint={t("admin.fields.authorsHint")}
          maxLength={300}
          required
        />
        <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
          <TextareaField
            control={form.control}
            name="description_en"
            label={t("admin.fields.descriptionEn")}
            maxLength={5000}
            rows={6}
            lang="en"
          />
          <TextareaField
            control={form.control}
            name="description_es"
            label={t("admin.fields.descriptionEs")}
            maxLength={5000}
            rows={6}
            lang="es"
          />
        </div>
      </FormSection>
      {printed ? (
        <FormSection title={t("admin.sections.selling")}>
          <TextField
            control={form.control}
            name="price"
            label={t("admin.fields.price")}
            hint={t("admin.fields.priceHint")}
            inputMode="decimal"
            className="sm:max-w-sm"
            required
          />
          <fieldset className="flex flex-col gap-3">
            <legend className="mb-1 text-sm font-medium text-fg">{t("admin.bindings.legend")}</legend>
            <p className="text-xs text-fg-muted">{t("admin.bindings.hint")}</p>
            {(values.bindings ?? []).map((b, index) => {
              const discount = decimal(b?.discount ?? "");
              const sellsAt = Number.isFinite(listPrice)
                ? Math.max(0, listPrice - (Number.isFinite(discount) ? discount : 0))
                : null;
              return (
                <div
                  key={b?.binding}
                  className="flex flex-col gap-3 rounded-md border border-border p-3 sm:flex-row sm:items-start"
                >
                  <CheckboxField
                    control={form.control}
                    name={`bindings.${index}.on`}
                    label={t(`binding.${b?.binding}`)}
                    className={b?.on ? "sm:w-48 sm:pt-8" : "sm:w-48"}
                  />
                  {b?.on && (
                    <>
                      <TextField
                        control={form.control}
                        name={`bindings.${index}.discount`}
                        label={t("admin.bindings.discount")}
                        hint={
                          sellsAt !== null ? t("admin.bindings.price", { price: money(sellsAt) }) : undefined
                        }
                        inputMode="decimal"
                        className="sm:w-48"
                      />
                      {b.stock === null || b.stock === undefined ? (
                        <NumberField
                          control={form.control}
                          name={`bindings.${index}.initial_stock`}
                          label={t("admin.bindings.initialStock")}
                          min={0}
                          className="sm:w-40"
                        />
                      ) : (
                        <div className="flex flex-col items-start gap-1 sm:pt-8">
                          <Badge tone={b.stock > 0 ? "success" : "danger"}>
                            {t("admin.bindings.stock", { count: b.stock })}
                          </Badge>
                        </div>
                      )}
                    </>
                  )}
                </div>
              );
            })}
            {form.formState.errors.bindings?.[0]?.on?.message && (
              <p role="alert" className="text-sm text-danger">
                {translateMessage(form.formState.errors.bindings[0].on.message)}
              </p>
            )}
            {id !== null && (
              <p className="text-xs text-fg-muted">
                <Link to="/af/products-overview" className="text-primary underline-offset-2 hover:underline">
                  {t("admin.overview.title")}
                </Link>
                {" · "}
                {t("admin.bindings.adjustHint")}
              </p>
            )}
          </fieldset>
        </FormSection>
      ) : (
        <FormSection title={t("admin.sections.digital")}>
          <SelectField
            control={form.control}
            name="notes_offer_id"
            label={t("admin.fields.offer")}
            hint={t("admin.fields.offerHint")}
            placeholder={t("admin.fields.offerPlaceholder")}
            options={(offers.data ?? []).map((o) => ({
              value: String(o.id),
              label: `${o.name} · ${money(o.price)}`,
            }))}
            required
          />
        </FormSection>
      )}
      <FormSection title={t("admin.cover.title")}>
        <CoverField
          product={product.data}
          preview={{
            title: (i18n.language === "es" ? values.title_es : values.title_en) || t("admin.createTitle"),
            authors: values.authors ?? "",
            color: values.cover_color ?? "#2563eb",
            kind: values.kind ?? "printed_book",
          }}
        />
      </FormSection>
      <FormSection title={t("admin.sections.book")}>
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-3">
          <TextField control={form.control} name="isbn" label={t("admin.fields.isbn")} maxLength={17} />
          <NumberField control={form.control} name="pages" label={t("admin.fields.pages")} min={1} />
          <Field label={t("admin.fields.coverColor")} hint={t("admin.fields.coverColorHint")}>
            <Input
              type="color"
              className="h-11 w-full p-1"
              value={values.cover_color ?? "#2563eb"}
              onChange={(event) => form.setValue("cover_color", event.target.value, { shouldDirty: true })}
            />
          </Field>
        </div>
      </FormSection>
      <FormSection title={t("admin.sections.shop")}>
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-3">
          <SelectField
            control={form.control}
            name="category_id"
            label={t("admin.fields.category")}
            options={[
              { value: "", label: t("admin.fields.noCategory") },
              ...(categories.data ?? []).map((c) => ({
                value: String(c.id),
                label: i18n.language === "es" ? c.name_es : c.name_en,
              })),
            ]}
          />
          <SelectField
            control={form.control}
            name="distributor_id"
            label={t("admin.fields.distributor")}
            options={[
              { value: "", label: t("admin.fields.noDistributor") },
              ...(distributors.data ?? []).map((d) => ({ value: String(d.id), label: d.name })),
            ]}
          />
          <SelectField
            control={form.control}
            name="status"
            label={t("admin.fields.status")}
            options={(["draft", "published", "archived"] as const).map((s) => ({
              value: s,
              label: t(`admin.statuses.${s}`),
            }))}
          />
        </div>
      </FormSection>
    </FormPage>
  );
}
