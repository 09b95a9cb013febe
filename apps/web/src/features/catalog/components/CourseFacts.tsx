/** A title page's facts (level, length, last update, language) and its "what you'll learn" / requirements lists. */
import type { CourseDetail } from "@aprendo/contract";
import { Calendar, Check, Clock, Gauge, Languages } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Content } from "../../../components/ui";
import { dateLanguage, formatDate } from "../../../lib/format";
import { useDuration } from "./CourseMeta";

export function CourseFacts({ course }: { course: CourseDetail }) {
  const { t, i18n } = useTranslation("catalog");
  const duration = useDuration();
  const facts = [
    { icon: Gauge, label: t("facts.level"), value: t(`levelNames.${course.level}`) },
    ...(course.duration_seconds > 0
      ? [{ icon: Clock, label: t("facts.length"), value: duration(course.duration_seconds) }]
      : []),
    {
      icon: Calendar,
      label: t("facts.updated"),
      value: formatDate(course.updated_at, dateLanguage(i18n.language)),
    },
    { icon: Languages, label: t("facts.language"), value: t(`languageNames.${course.language}`) },
  ];
  return (
    <>
      <dl
        aria-label={t("facts.label")}
        className="grid grid-cols-2 gap-3 rounded-lg border border-border bg-surface p-4 sm:grid-cols-4"
      >
        {facts.map(({ icon: Icon, label, value }) => (
          <div key={label} className="flex min-w-0 flex-col gap-0.5">
            <dt className="flex items-center gap-1.5 text-xs font-medium text-fg-muted">
              <Icon aria-hidden="true" className="size-4 shrink-0" />
              {label}
            </dt>
            <dd className="text-sm font-semibold text-fg">{value}</dd>
          </div>
        ))}
      </dl>
      {course.outcomes.length > 0 && (
        <section
          aria-labelledby="outcomes"
          className="flex flex-col gap-3 rounded-lg border border-border p-4 sm:p-5"
        >
          <h2 id="outcomes" className="text-xl font-semibold text-fg">
            {t("facts.outcomes")}
          </h2>
          <Content as="ul" lang={course.outcomes_lang} className="grid gap-2 sm:grid-cols-2">
            {course.outcomes.map((point) => (
              <li key={point} className="flex gap-2 text-fg">
                <Check aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-success" />
                {point}
              </li>
            ))}
          </Content>
        </section>
      )}
      {course.requirements.length > 0 && (
        <section aria-labelledby="requirements" className="flex flex-col gap-3">
          <h2 id="requirements" className="text-xl font-semibold text-fg">
            {t("facts.requirements")}
          </h2>
          <Content
            as="ul"
            lang={course.requirements_lang}
            className="ml-5 flex list-disc flex-col gap-1 text-fg"
          >
            {course.requirements.map((point) => (
              <li key={point}>{point}</li>
            ))}
          </Content>
        </section>
      )}
    </>
  );
}
