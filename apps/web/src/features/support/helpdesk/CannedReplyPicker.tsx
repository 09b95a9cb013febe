/**
 * Inserts a canned reply into the reply box. The replies of the requester's language are offered
 * first; the other language is one switch away (a Spanish speaker may have written in English).
 */
import type { CannedReply } from "@aprendo/contract";
import { MessageSquareQuote } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Field, Select } from "../../../components/ui";
import { useCannedReplies } from "../helpdesk-api";

export function CannedReplyPicker({
  requesterLanguage,
  onInsert,
}: {
  requesterLanguage: "en" | "es";
  onInsert: (reply: CannedReply) => void;
}) {
  const { t } = useTranslation("support");
  const canned = useCannedReplies();
  const [language, setLanguage] = useState<"en" | "es">(requesterLanguage);
  const offered = (canned.data ?? []).filter((c) => c.language === language);

  return (
    <div className="flex flex-col gap-3 rounded-md border border-border bg-surface-muted/60 p-3 sm:flex-row sm:items-end">
      <MessageSquareQuote
        aria-hidden="true"
        className="hidden size-5 shrink-0 self-center text-fg-muted sm:block"
      />
      <Field label={t("helpdesk.canned.language")} className="sm:w-56">
        <Select
          value={language}
          onChange={(event) => setLanguage(event.target.value as "en" | "es")}
          options={(["en", "es"] as const).map((code) => ({
            value: code,
            label:
              code === requesterLanguage
                ? t("helpdesk.canned.requesterLanguage", { language: t(`helpdesk.languages.${code}`) })
                : t(`helpdesk.languages.${code}`),
          }))}
          data-testid="canned-language"
        />
      </Field>
      <Field label={t("helpdesk.canned.insert")} className="min-w-0 flex-1">
        <Select
          value=""
          disabled={offered.length === 0}
          placeholder={offered.length === 0 ? t("helpdesk.canned.none") : t("helpdesk.canned.choose")}
          onChange={(event) => {
            const chosen = offered.find((c) => String(c.id) === event.target.value);
            if (chosen) onInsert(chosen);
          }}
          options={offered.map((c) => ({ value: String(c.id), label: c.title }))}
          data-testid="canned-insert"
        />
      </Field>
    </div>
  );
}
