/**
 * /af/config-overview: the remote configuration entries, found with `searchText`, each edited in a
 * dialog; the promo bar has its own form with a live preview, other entries a JSON editor.
 */
import type { ConfigurationAdminEntry, PromoBarValue } from "@aprendo/contract";
import { Pencil, SearchX, SlidersHorizontal } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { FiltersBar, ListStates, SearchInput, useUrlState } from "../../../components/admin";
import {
  Badge,
  Button,
  Checkbox,
  Container,
  Dialog,
  EmptyState,
  Field,
  Input,
  PageHeader,
  Textarea,
} from "../../../components/ui";
import { translateMessage } from "../../../i18n";
import { dateLanguage, formatDateTime } from "../../../lib/format";
import { ApiError } from "../../../lib/http";
import { showError, showSuccess } from "../../../lib/toast";
import { useConfigurations, useSaveConfiguration } from "../api";
import { contrastRatio, PromoBarPreview } from "../components/PromoBarPreview";

const defaults = { search: "" };
const promoFields = [
  "bannerFirstText",
  "bannerFirstTextEs",
  "bannerSecondText",
  "bannerSecondTextEs",
  "bannerPlaceholder",
] as const;
const colourFields = [
  "bannerBgColorLeft",
  "bannerBgColorRight",
  "bannerPlaceholderBgColor",
  "bannerTextColor",
] as const;
const emptyPromo: PromoBarValue = {
  bannerFirstText: "",
  bannerSecondText: "",
  bannerFirstTextEs: "",
  bannerSecondTextEs: "",
  bannerPlaceholder: "",
  bannerBgColorLeft: "#3730a3",
  bannerBgColorRight: "#0f766e",
  bannerPlaceholderBgColor: "#fbbf24",
  bannerTextColor: "#ffffff",
};

type Errors = Record<string, string[]>;
const fieldErrors = (error: unknown): Errors =>
  error instanceof ApiError && error.fieldErrors ? (error.fieldErrors as Errors) : {};

function EntryEditor({ entry, onDone }: { entry: ConfigurationAdminEntry; onDone: () => void }) {
  const { t } = useTranslation("backoffice");
  const save = useSaveConfiguration(entry.id);
  const isPromo = entry.key === "promo_bar";
  const [enabled, setEnabled] = useState(entry.status === 1);
  const [description, setDescription] = useState(entry.description);
  const [promo, setPromo] = useState<PromoBarValue>({
    ...emptyPromo,
    ...(entry.value as Partial<PromoBarValue>),
  });
  const [json, setJson] = useState(() => JSON.stringify(entry.value, null, 2));
  const [jsonError, setJsonError] = useState<string | null>(null);
  const errors = fieldErrors(save.error);
  const errorOf = (field: string) => errors[`value.${field}`]?.map(translateMessage).join(" ");
  const lowContrast = isPromo && contrastRatio(promo.bannerTextColor, promo.bannerBgColorLeft) < 4.5;

  const submit = () => {
    let value: Record<string, unknown>;
    if (isPromo) value = promo;
    else {
      try {
        const parsed: unknown = JSON.parse(json);
        if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) throw new Error("object");
        value = parsed as Record<string, unknown>;
        setJsonError(null);
      } catch {
        setJsonError(t("config.jsonInvalid"));
        return;
      }
    }
    save.mutate(
      { status: enabled ? 1 : 0, description, value },
      {
        onSuccess: (result) => {
          showSuccess(result.message);
          onDone();
        },
        onError: (error) => {
          if (!(error instanceof ApiError && error.fieldErrors)) showError(error);
        },
      },
    );
  };

  return (
    <form
      className="flex flex-col gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
      noValidate
    >
      <Checkbox
        label={isPromo ? t("config.promoEnabled") : t("config.enabled")}
        checked={enabled}
        onChange={(e) => setEnabled(e.target.checked)}
      />
      {isPromo ? (
        <>
          <PromoBarPreview
            value={promo}
            enabled={enabled}
            label={t("config.preview")}
            hiddenLabel={t("config.previewHidden")}
          />
          <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
            {promoFields.map((field) => (
              <Field
                key={field}
                label={t(`config.fields.${field}`)}
                error={errorOf(field)}
                required={field === "bannerFirstText"}
                className={field === "bannerPlaceholder" ? "sm:col-span-2" : undefined}
              >
                <Input
                  value={promo[field] ?? ""}
                  maxLength={field === "bannerPlaceholder" ? 40 : 120}
                  onChange={(e) => setPromo((p) => ({ ...p, [field]: e.target.value }))}
                />
              </Field>
            ))}
          </div>
          <fieldset className="grid grid-cols-2 gap-3 sm:grid-cols-4">
            <legend className="mb-2 text-sm font-medium text-fg">{t("config.colours")}</legend>
            {colourFields.map((field) => (
              <Field key={field} label={t(`config.fields.${field}`)} error={errorOf(field)}>
                {(control) => (
                  <div className="flex items-center gap-2">
                    <input
                      type="color"
                      aria-label={t("config.pick", { field: t(`config.fields.${field}`) })}
                      value={/^#[0-9a-f]{6}$/i.test(promo[field]) ? promo[field] : "#000000"}
                      onChange={(e) => setPromo((p) => ({ ...p, [field]: e.target.value }))}
                      className="h-10 w-11 shrink-0 cursor-pointer rounded-md border border-border bg-surface p-1"
                    />
                    <Input
                      {...control}
                      value={promo[field]}
                      maxLength={7}
                      className="font-mono uppercase"
                      onChange={(e) => setPromo((p) => ({ ...p, [field]: e.target.value }))}
                    />
                  </div>
                )}
              </Field>
            ))}
          </fieldset>
          {lowContrast && (
            <p
              className="rounded-md border border-warning/40 bg-warning-soft px-3 py-2 text-sm text-fg"
              role="status"
            >
              {t("config.lowContrast")}
            </p>
          )}
        </>
      ) : (
        <Field label={t("config.value")} hint={t("config.valueHint")} error={jsonError ?? undefined}>
          <Textarea
            value={json}
            rows={10}
            spellCheck={false}
            className="font-mono text-xs"
            onChange={(e) => setJson(e.target.value)}
          />
        </Field>
      )}
      <Field label={t("config.description")}>
        <Textarea
          value={description}
          maxLength={500}
          rows={2}
          onChange={(e) => setDescription(e.target.value)}
        />
      </Field>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="secondary" onClick={onDone}>
          {t("cancel")}
        </Button>
        <Button type="submit" loading={save.isPending}>
          {t("save")}
        </Button>
      </div>
    </form>
  );
}

export default function ConfigPage() {
  const { t, i18n } = useTranslation("backoffice");
  const language = dateLanguage(i18n.language);
  const [state, update] = useUrlState(defaults);
  const entries = useConfigurations(state.search);
  const [editing, setEditing] = useState<ConfigurationAdminEntry | null>(null);
  const rows = entries.data ?? [];
  return (
    <Container className="py-6 sm:py-8">
      <PageHeader title={t("config.title")} subtitle={t("config.subtitle")} />
      <FiltersBar>
        <Field label={t("config.search")} className="min-w-0 flex-1">
          {(control) => (
            <SearchInput
              id={control.id}
              value={state.search}
              onSearch={(search) => update({ search })}
              label={t("config.search")}
              placeholder={t("config.searchPlaceholder")}
              maxLength={80}
            />
          )}
        </Field>
      </FiltersBar>
      <ListStates
        query={entries}
        isEmpty={rows.length === 0}
        loadingLabel={t("loading")}
        errorMessage={t("loadFailed")}
        retryLabel={t("retry")}
        empty={
          <EmptyState
            icon={state.search ? <SearchX /> : <SlidersHorizontal />}
            title={state.search ? t("config.noMatch") : t("config.empty")}
          />
        }
      >
        <ul className="flex flex-col gap-3">
          {rows.map((entry) => (
            <li
              key={entry.id}
              className="flex flex-col gap-3 rounded-lg border border-border bg-surface p-4 shadow-sm sm:flex-row sm:items-center sm:justify-between"
            >
              <div className="flex min-w-0 flex-col gap-1">
                <p className="flex flex-wrap items-center gap-2">
                  <code className="font-mono text-sm font-semibold text-fg">{entry.key}</code>
                  <Badge tone={entry.status === 1 ? "success" : "neutral"}>
                    {entry.status === 1 ? t("config.on") : t("config.off")}
                  </Badge>
                  {!entry.is_public && <Badge tone="info">{t("config.private")}</Badge>}
                </p>
                <p className="text-sm text-fg-muted">{entry.description || t("config.noDescription")}</p>
                <p className="text-xs text-fg-muted">
                  {t("config.updated", { date: formatDateTime(entry.updated_at, language) })}
                </p>
              </div>
              <Button
                variant="secondary"
                onClick={() => setEditing(entry)}
                aria-label={t("config.editOne", { key: entry.key })}
              >
                <Pencil aria-hidden="true" className="size-4" />
                {t("edit")}
              </Button>
            </li>
          ))}
        </ul>
      </ListStates>
      <Dialog
        open={editing !== null}
        onOpenChange={(open) => !open && setEditing(null)}
        title={editing ? t("config.editTitle", { key: editing.key }) : ""}
        description={editing?.key === "promo_bar" ? t("config.promoHelp") : t("config.editHelp")}
        closeLabel={t("close")}
        size="lg"
      >
        {editing && <EntryEditor key={editing.id} entry={editing} onDone={() => setEditing(null)} />}
      </Dialog>
    </Container>
  );
}
