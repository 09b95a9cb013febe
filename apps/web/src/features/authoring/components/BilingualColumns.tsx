/** English and Spanish side by side (stacked on phones), each column marked with its language. */
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { cn } from "../../../lib/cn";

export function BilingualColumns({
  en,
  es,
  className,
}: {
  en: ReactNode;
  es: ReactNode;
  className?: string;
}) {
  const { t } = useTranslation("authoring");
  return (
    <div className={cn("grid grid-cols-1 gap-6 md:grid-cols-2", className)}>
      <section aria-label={t("common.english")} className="flex min-w-0 flex-col gap-4">
        <LanguageTag code="EN" label={t("common.english")} />
        {en}
      </section>
      <section aria-label={t("common.spanish")} className="flex min-w-0 flex-col gap-4">
        <LanguageTag code="ES" label={t("common.spanish")} />
        {es}
      </section>
    </div>
  );
}

function LanguageTag({ code, label }: { code: string; label: string }) {
  return (
    <p className="flex items-center gap-2 border-b border-border pb-2 text-sm font-semibold text-fg">
      <span
        aria-hidden="true"
        className="rounded-sm bg-primary-soft px-1.5 py-0.5 text-xs font-semibold tracking-wide text-primary"
      >
        {code}
      </span>
      {label}
    </p>
  );
}
