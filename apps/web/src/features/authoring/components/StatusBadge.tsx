/** A title's or lecture's publication status as a badge: draft (grey), coming soon (blue), published (green). */
import type { PublicationStatus } from "@aprendo/contract";
import { useTranslation } from "react-i18next";
import { Badge } from "../../../components/ui";
import { statusTone } from "../logic";

export function StatusBadge({ status, className }: { status: PublicationStatus; className?: string }) {
  const { t } = useTranslation("authoring");
  return (
    <Badge tone={statusTone[status]} className={className}>
      <span aria-hidden="true" className="size-1.5 rounded-full bg-current" />
      {t(`status.${status}`)}
    </Badge>
  );
}
