/** An order or payment status as a coloured badge. */
import { useTranslation } from "react-i18next";
import { Badge, type BadgeTone } from "../../../components/ui";

const tones: Record<string, BadgeTone> = {
  paid: "success",
  succeeded: "success",
  pending: "neutral",
  requires_action: "warning",
  failed: "danger",
  refunded: "danger",
  partially_refunded: "warning",
  draft: "neutral",
};

export function StatusBadge({ status }: { status: string }) {
  const { t } = useTranslation("commerce");
  return <Badge tone={tones[status] ?? "neutral"}>{t(`status.${status}`)}</Badge>;
}
