/** The "back to the list" link above an authoring page title. */
import { ArrowLeft } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";

export function BackLink({ to = "/af/courses", label }: { to?: string; label?: string }) {
  const { t } = useTranslation("authoring");
  return (
    <Link
      to={to}
      className="inline-flex items-center gap-1 rounded-sm underline-offset-4 hover:text-fg hover:underline focus-ring"
    >
      <ArrowLeft aria-hidden="true" className="size-4" />
      {label ?? t("course.back")}
    </Link>
  );
}
