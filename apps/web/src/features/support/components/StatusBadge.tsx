import type { TicketStatus } from "@aprendo/contract/domain";
import { CircleCheck, CircleDashed, Clock } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Badge } from "../../../components/ui";
import { statusTone } from "../logic";

const icons = { unclaimed: CircleDashed, in_progress: Clock, resolved: CircleCheck } as const;

/** A ticket's state in words (with a colour and icon that only help). */
export function StatusBadge({ status, className }: { status: TicketStatus; className?: string }) {
  const { t } = useTranslation("support");
  const Icon = icons[status];
  return (
    <Badge tone={statusTone[status]} className={className} data-testid="ticket-status">
      <Icon aria-hidden="true" />
      {t(`status.${status}`)}
    </Badge>
  );
}
