import { useTranslation } from "react-i18next";
import { Badge, type BadgeTone } from "../../../components/ui";

const tones: Record<string, BadgeTone> = {
  active: "success",
  invited: "info",
  disabled: "neutral",
  pending: "warning",
  approved: "success",
  rejected: "danger",
  cancelled: "neutral",
};

export function StatusBadge({ status }: { status: string }) {
  const { t } = useTranslation("administration");
  return <Badge tone={tones[status] ?? "neutral"}>{t(`status.${status}`)}</Badge>;
}
