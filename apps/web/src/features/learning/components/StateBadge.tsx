/** A lecture state as an icon and a badge, with the spec's words. */
import type { LectureState } from "@aprendo/contract";
import {
  Award,
  CircleCheck,
  CircleDashed,
  CirclePlay,
  Clock,
  EyeOff,
  Lock,
  type LucideIcon,
  MonitorPlay,
} from "lucide-react";
import { useTranslation } from "react-i18next";
import { Badge } from "../../../components/ui";
import { cn } from "../../../lib/cn";
import { type StateLook, stateLook } from "../states";

export const stateIcons: Record<StateLook["icon"], LucideIcon> = {
  lock: Lock,
  clock: Clock,
  eyeOff: EyeOff,
  play: CirclePlay,
  progress: CircleDashed,
  check: CircleCheck,
  award: Award,
  preview: MonitorPlay,
};

const iconTone: Record<StateLook["tone"], string> = {
  neutral: "text-fg-muted",
  primary: "text-primary",
  accent: "text-accent",
  success: "text-success",
  warning: "text-warning",
  info: "text-info",
};

export function StateIcon({
  state,
  isPreview,
  className,
}: {
  state: LectureState;
  isPreview?: boolean;
  className?: string;
}) {
  const look = stateLook(state, { isPreview });
  const Icon = stateIcons[look.icon];
  return <Icon aria-hidden="true" className={cn("size-5 shrink-0", iconTone[look.tone], className)} />;
}

export function StateBadge({
  state,
  isPreview,
  className,
}: {
  state: LectureState;
  isPreview?: boolean;
  className?: string;
}) {
  const { t } = useTranslation("learning");
  const look = stateLook(state, { isPreview });
  const Icon = stateIcons[look.icon];
  return (
    <Badge tone={look.tone} className={className}>
      <Icon aria-hidden="true" />
      {t(look.label)}
    </Badge>
  );
}
