/**
 * The week's minutes as seven bars (Monday first), drawn in SVG: no chart library for seven bars.
 * The drawing is decorative for assistive technology; the same numbers are in a table they read.
 */
import type { LearningWeek } from "@aprendo/contract";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { cn } from "../../../lib/cn";
import { dateLanguage, formatWeekdayLong, formatWeekdayShort } from "../../../lib/format";
import { chartScale } from "../logic";

const BAR = 28;
const GAP = 12;
const HEIGHT = 96;
const TOP = 18;
const WIDTH = 7 * BAR + 6 * GAP;

export function WeekChart({ week }: { week: LearningWeek }) {
  const { t, i18n } = useTranslation("goals");
  const captionId = useId();
  const language = dateLanguage(i18n.language);
  const scale = chartScale(week.days, week.weekly_minutes);
  const share = week.weekly_minutes ? Math.ceil(week.weekly_minutes / 7) : null;
  const y = (minutes: number) => TOP + HEIGHT - (Math.min(minutes, scale) / scale) * HEIGHT;

  return (
    <figure className="flex flex-col gap-2" aria-labelledby={captionId}>
      <figcaption id={captionId} className="text-sm font-medium text-fg">
        {t("chartTitle")}
      </figcaption>
      <svg
        viewBox={`0 0 ${WIDTH} ${TOP + HEIGHT + 22}`}
        className="h-auto w-full max-w-md"
        aria-hidden="true"
        data-testid="week-chart"
      >
        <line
          x1={0}
          x2={WIDTH}
          y1={TOP + HEIGHT}
          y2={TOP + HEIGHT}
          className="stroke-border"
          strokeWidth={1}
        />
        {week.days.map((day, i) => {
          const x = i * (BAR + GAP);
          const future = day.date > week.today;
          const today = day.date === week.today;
          const top = y(day.minutes);
          return (
            <g key={day.date}>
              {day.minutes > 0 && (
                <rect
                  x={x}
                  y={top}
                  width={BAR}
                  height={TOP + HEIGHT - top}
                  rx={4}
                  fill="currentColor"
                  className={today ? "text-primary" : "text-primary/60"}
                />
              )}
              {day.minutes > 0 && (
                <text
                  x={x + BAR / 2}
                  y={top - 4}
                  textAnchor="middle"
                  fill="currentColor"
                  className="text-fg-muted text-[10px]"
                >
                  {day.minutes}
                </text>
              )}
              <text
                x={x + BAR / 2}
                y={TOP + HEIGHT + 15}
                textAnchor="middle"
                fill="currentColor"
                className={cn(
                  "text-[11px]",
                  today ? "font-semibold text-fg" : "text-fg-muted",
                  future && "opacity-60",
                )}
              >
                {formatWeekdayShort(day.date, language)}
              </text>
            </g>
          );
        })}
        {share !== null && share <= scale && (
          <line
            x1={0}
            x2={WIDTH}
            y1={y(share)}
            y2={y(share)}
            stroke="currentColor"
            strokeDasharray="4 4"
            strokeWidth={1}
            className="text-accent"
          />
        )}
      </svg>
      {share !== null && <p className="text-xs text-fg-muted">{t("dailyShare")}</p>}
      <table className="sr-only">
        <caption>{t("chartTitle")}</caption>
        <thead>
          <tr>
            <th scope="col">{t("day")}</th>
            <th scope="col">{t("minutes")}</th>
          </tr>
        </thead>
        <tbody>
          {week.days.map((day) => (
            <tr key={day.date}>
              <th scope="row">
                {formatWeekdayLong(day.date, language)}
                {day.date === week.today ? ` (${t("today")})` : ""}
              </th>
              <td>{day.minutes}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
