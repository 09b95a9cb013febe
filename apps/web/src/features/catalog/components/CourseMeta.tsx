import { Clock, Layers, PlayCircle, Users } from "lucide-react";
import { useTranslation } from "react-i18next";
import { cn } from "../../../lib/cn";
import { durationParts } from "../logic";

/** "1 h 20 min" / "45 min". */
export function useDuration() {
  const { t } = useTranslation("catalog");
  return (seconds: number) => {
    const { hours, minutes } = durationParts(seconds);
    return hours > 0 ? t("duration.hours", { hours, minutes }) : t("duration.minutes", { minutes });
  };
}

/** Lectures, running time and (optionally) levels and learners, as a row of small facts. */
export function CourseMeta({
  lectures,
  seconds,
  levels,
  learners,
  className,
}: {
  lectures: number;
  seconds: number;
  levels?: number;
  learners?: number;
  className?: string;
}) {
  const { t } = useTranslation("catalog");
  const duration = useDuration();
  const item = "inline-flex items-center gap-1.5 [&_svg]:size-4 [&_svg]:shrink-0";
  return (
    <ul className={cn("flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-fg-muted", className)}>
      {levels !== undefined && (
        <li className={item}>
          <Layers aria-hidden="true" />
          {t("meta.levels", { count: levels })}
        </li>
      )}
      {/* A title still being prepared has no lectures yet: "0 lectures" would read as broken. */}
      {lectures > 0 && (
        <li className={item}>
          <PlayCircle aria-hidden="true" />
          {t("meta.lectures", { count: lectures })}
        </li>
      )}
      {seconds > 0 && (
        <li className={item}>
          <Clock aria-hidden="true" />
          {duration(seconds)}
        </li>
      )}
      {learners !== undefined && learners > 0 && (
        <li className={item}>
          <Users aria-hidden="true" />
          {t("meta.learners", { count: learners })}
        </li>
      )}
    </ul>
  );
}
