/** The certificate profile warnings (spec sections 2 and 8): what is missing before certificates open. */
import { CheckCircle2, Circle } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Banner, buttonClasses } from "../../../components/ui";
import type { Missing } from "../api";

export function ProfileWarnings({ missing }: { missing: Missing[] }) {
  const { t } = useTranslation("certificates");
  const steps: Missing[] = ["profile", "photo", "identity"];
  return (
    <Banner
      tone="warning"
      title={t("locked.title")}
      action={
        <Link to="/iu/profile/info" className={buttonClasses({ variant: "secondary", size: "sm" })}>
          {t("locked.go")}
        </Link>
      }
    >
      <p>{t("locked.text")}</p>
      <ul className="mt-2 flex flex-col gap-1">
        {steps.map((step) => {
          const done = !missing.includes(step);
          return (
            <li key={step} className="flex items-center gap-2">
              {done ? (
                <CheckCircle2 aria-hidden="true" className="size-4 text-success" />
              ) : (
                <Circle aria-hidden="true" className="size-4" />
              )}
              <span className={done ? "line-through opacity-70" : undefined}>{t(`locked.${step}`)}</span>
            </li>
          );
        })}
      </ul>
      <p className="mt-2 text-xs">{t("locked.exams")}</p>
    </Banner>
  );
}
