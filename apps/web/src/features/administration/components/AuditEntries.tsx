/** A short list of audit entries for the dashboards: who did what to which record, and when. */
import type { AuditLogItem } from "@aprendo/contract";
import { History } from "lucide-react";
import { useTranslation } from "react-i18next";
import { dateLanguage, relativeTime } from "../../../lib/format";

export function actorName(entry: AuditLogItem, system: string) {
  return entry.actor?.username ?? system;
}

type Translate = (key: string, options: { defaultValue: string }) => string;

/** "faqs_entries" → "Faqs entries": a code no translation names yet still reads as words. */
const words = (code: string) => {
  const text = code.replace(/[_.-]+/g, " ").trim();
  return text.charAt(0).toUpperCase() + text.slice(1);
};

export const entityLabel = (t: Translate, entity: string) =>
  t(`entities.${entity}`, { defaultValue: words(entity) });

/**
 * "Approved a creation request" for actions with a sentence of their own; otherwise the record and
 * the verb ("FAQ entry: created"), as the generic records of every back-office write read
 * (apps/api/src/audit/audit-writes.ts).
 */
export const actionLabel = (t: Translate, action: string) => {
  const dot = action.lastIndexOf(".");
  const verb = action.slice(dot + 1);
  const fallback = `${entityLabel(t, action.slice(0, Math.max(dot, 0)))}: ${t(`verbs.${verb}`, { defaultValue: words(verb).toLowerCase() })}`;
  return t(`actions.${action}`, { defaultValue: fallback });
};

export function AuditEntries({ entries }: { entries: AuditLogItem[] }) {
  const { t, i18n } = useTranslation("administration");
  const language = dateLanguage(i18n.language);
  if (entries.length === 0)
    return <p className="px-5 py-6 text-sm text-fg-muted">{t("haDashboard.noAudit")}</p>;
  return (
    <ul className="flex flex-col divide-y divide-border">
      {entries.map((entry) => (
        <li key={entry.id} className="flex items-start gap-3 px-5 py-3">
          <History aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-fg-muted" />
          <div className="flex min-w-0 flex-1 flex-col gap-0.5">
            <p className="text-sm text-fg">
              <span className="font-medium">{actorName(entry, t("audit.system"))}</span>{" "}
              <span title={entry.action}>{actionLabel(t, entry.action)}</span>
            </p>
            <p className="text-xs text-fg-muted">
              {entityLabel(t, entry.entity)}
              {entry.entity_id ? ` #${entry.entity_id}` : ""} ·{" "}
              <time dateTime={entry.created_at}>{relativeTime(entry.created_at, language)}</time>
            </p>
          </div>
        </li>
      ))}
    </ul>
  );
}
