/**
 * The 30 flags as checkboxes in sections, each saying which pages it opens; a section can be
 * selected or cleared at once. Flags waiting for approval are marked.
 */
import type { PermissionName } from "@aprendo/contract/domain";
import { useTranslation } from "react-i18next";
import { Badge, Button, Checkbox } from "../../../components/ui";
import { flagId, flagSections, pagesOpenedBy } from "../flags";

export function PermissionPicker({
  value,
  onChange,
  pending = [],
  disabled,
}: {
  value: readonly number[];
  onChange: (next: number[]) => void;
  pending?: readonly number[];
  disabled?: boolean;
}) {
  const { t } = useTranslation("administration");
  const toggle = (id: number, on: boolean): void =>
    onChange(on ? [...new Set([...value, id])].sort((a, b) => a - b) : value.filter((v) => v !== id));
  return (
    <fieldset className="flex min-w-0 flex-col gap-4" disabled={disabled}>
      <legend className="mb-1 flex w-full flex-wrap items-baseline justify-between gap-2">
        <span className="text-base font-semibold text-fg">{t("picker.legend")}</span>
        <span className="text-sm text-fg-muted tabular-nums" aria-live="polite">
          {t("picker.selected", { count: value.length })}
        </span>
      </legend>
      <div className="grid grid-cols-1 gap-4 xl:grid-cols-2">
        {flagSections.map((section) => {
          const ids = (section.flags as readonly PermissionName[]).map(flagId);
          const all = ids.every((id) => (value as readonly number[]).includes(id));
          const sectionName = t(`sections.${section.key}`);
          return (
            <section
              key={section.key}
              aria-labelledby={`section-${section.key}`}
              className="flex flex-col rounded-lg border border-border bg-surface"
            >
              <div className="flex items-center justify-between gap-2 border-b border-border px-4 py-2">
                {/* h2: the picker sits right under the page's h1 (the legend is not a heading). */}
                <h2 id={`section-${section.key}`} className="text-sm font-semibold text-fg">
                  {sectionName}
                </h2>
                <Button
                  size="sm"
                  variant="ghost"
                  disabled={disabled}
                  onClick={() =>
                    onChange(
                      all
                        ? value.filter((v) => !(ids as readonly number[]).includes(v))
                        : [...new Set([...value, ...ids])].sort((a, b) => a - b),
                    )
                  }
                  aria-label={
                    all
                      ? t("picker.clearSection", { section: sectionName })
                      : t("picker.selectSection", { section: sectionName })
                  }
                >
                  {all ? t("picker.none") : t("picker.all")}
                </Button>
              </div>
              <ul className="flex flex-col divide-y divide-border px-4">
                {(section.flags as readonly PermissionName[]).map((flag) => {
                  const id = flagId(flag);
                  const pages = pagesOpenedBy(flag);
                  return (
                    <li key={flag} className="flex items-start justify-between gap-2 py-1.5">
                      <Checkbox
                        name={`flag-${flag}`}
                        data-flag={flag}
                        checked={value.includes(id)}
                        onChange={(event) => toggle(id, event.currentTarget.checked)}
                        label={t(`flags.${flag}`)}
                        description={
                          pages.length
                            ? t("picker.opens", { pages: pages.map((p) => t(`pages.${p}`)).join(", ") })
                            : t("picker.noPage")
                        }
                      />
                      {pending.includes(id) && (
                        <Badge tone="warning" className="mt-2 shrink-0">
                          {t("picker.waiting")}
                        </Badge>
                      )}
                    </li>
                  );
                })}
              </ul>
            </section>
          );
        })}
      </div>
    </fieldset>
  );
}
