/**
 * Before and after of an audit entry, field by field: changed fields first and marked; unchanged
 * ones hidden (with their count). Flag lists show flag names.
 */
import type { AuditLogItem } from "@aprendo/contract";
import { useTranslation } from "react-i18next";
import { cn } from "../../../lib/cn";
import { permissionName } from "../flags";

type Translate = (key: string) => string;

export function formatValue(key: string, value: unknown, t: Translate): string {
  if (value === null || value === undefined || value === "") return "—";
  if (key === "permissions" && Array.isArray(value)) {
    if (value.length === 0) return t("common.none");
    return value
      .map((id) => {
        const name = typeof id === "number" ? permissionName(id) : undefined;
        return name ? t(`flags.${name}`) : String(id);
      })
      .join(", ");
  }
  if (typeof value === "boolean") return value ? "✓" : "✗";
  // Indented, so a long record wraps at its fields instead of running as one unbroken line.
  if (typeof value === "object") return JSON.stringify(value, null, 1);
  return String(value);
}

export function diffRows(entry: Pick<AuditLogItem, "before" | "after">) {
  const before = entry.before ?? {};
  const after = entry.after ?? {};
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  const rows = keys.map((key) => ({
    key,
    before: before[key],
    after: after[key],
    changed: JSON.stringify(before[key]) !== JSON.stringify(after[key]),
  }));
  return { changed: rows.filter((r) => r.changed), unchanged: rows.filter((r) => !r.changed) };
}

const wrapped = "px-3 py-2 whitespace-pre-wrap [overflow-wrap:anywhere]";

export function AuditDiff({ entry }: { entry: AuditLogItem }) {
  const { t } = useTranslation("administration");
  const { changed, unchanged } = diffRows(entry);
  if (changed.length === 0 && unchanged.length === 0)
    return <p className="text-sm text-fg-muted">{t("audit.noChanges")}</p>;
  const created = entry.before === null;
  const deleted = entry.after === null;
  return (
    <div className="flex flex-col gap-2">
      {/* Fixed columns that wrap anything (long ids, JSON): an expanded change never pushes "After" off-screen. */}
      <div className="max-w-full rounded-md border border-border">
        <table className="w-full table-fixed text-left text-sm">
          <colgroup>
            <col className="w-1/4" />
            <col className="w-[37.5%]" />
            <col className="w-[37.5%]" />
          </colgroup>
          <caption className="sr-only">{t("audit.changes")}</caption>
          <thead className="bg-surface-muted text-xs text-fg-muted">
            <tr>
              <th scope="col" className="px-3 py-2 font-medium">
                {t("audit.field")}
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                {created ? "" : t("audit.before")}
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                {deleted ? "" : t("audit.after")}
              </th>
            </tr>
          </thead>
          <tbody>
            {changed.map((row) => (
              <tr key={row.key} className="border-t border-border align-top">
                <th
                  scope="row"
                  className="px-3 py-2 font-mono text-xs font-medium text-fg [overflow-wrap:anywhere]"
                >
                  {row.key}
                </th>
                <td className={cn(wrapped, !created && "bg-danger-soft/60 text-fg")}>
                  {created ? (
                    ""
                  ) : (
                    <del className="no-underline">{formatValue(row.key, row.before, (key) => t(key))}</del>
                  )}
                </td>
                <td className={cn(wrapped, !deleted && "bg-success-soft/60 text-fg")}>
                  {deleted ? (
                    ""
                  ) : (
                    <ins className="no-underline">{formatValue(row.key, row.after, (key) => t(key))}</ins>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {unchanged.length > 0 && (
        <p className="text-xs text-fg-muted">{t("audit.unchanged", { count: unchanged.length })}</p>
      )}
    </div>
  );
}
