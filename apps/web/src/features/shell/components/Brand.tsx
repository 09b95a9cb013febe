import { GraduationCap } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { cn } from "../../../lib/cn";

/** The product's mark and name, linking home. `compact` stacks them for the 110 px rail. */
export function Brand({ to, compact, className }: { to: string; compact?: boolean; className?: string }) {
  const { t } = useTranslation("common");
  return (
    <Link
      to={to}
      className={cn(
        "flex items-center gap-2 rounded-md font-semibold tracking-tight text-fg focus-ring",
        compact && "flex-col gap-1 text-xs",
        className,
      )}
    >
      <span
        aria-hidden="true"
        className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-primary text-primary-fg"
      >
        <GraduationCap className="size-5" />
      </span>
      {/* Below 22.5em (360 px at the default text size) the top bar keeps only the mark, so 320 px fits. */}
      <span className={compact ? "text-sm" : "text-xl max-[22.5em]:sr-only"}>{t("brand")}</span>
    </Link>
  );
}
