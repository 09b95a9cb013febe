import { LifeBuoy } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Button, Card } from "../../../components/ui";
import type { FaqArea } from "../api";

/** "Still need help?": where a reader goes when the FAQs do not answer. */
export function ContactCard({ area }: { area: FaqArea }) {
  const { t } = useTranslation("faqs");
  return (
    <Card className="flex-col items-start gap-4 p-6 sm:flex-row sm:items-center">
      <span
        aria-hidden="true"
        className="flex size-12 shrink-0 items-center justify-center rounded-full bg-primary-soft text-primary"
      >
        <LifeBuoy className="size-6" />
      </span>
      <div className="flex-1">
        <h2 className="text-base font-semibold text-fg">{t("contact.title")}</h2>
        <p className="text-sm text-fg-muted">{t("contact.text")}</p>
      </div>
      <Button asChild variant="secondary">
        <Link to={area === "learner" ? "/iu/tickets?new=1" : "/tickets"}>{t("contact.action")}</Link>
      </Button>
    </Card>
  );
}
