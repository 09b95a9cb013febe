/**
 * A month as a grid of weeks (Monday first). Each day is a button that shows that day's events in
 * the list; days with events show their titles on wide screens and dots on phones.
 */
import type { EventItem } from "@aprendo/contract";
import { useTranslation } from "react-i18next";
import { Translated } from "../../../components/ui";
import { cn } from "../../../lib/cn";
import { monthYearOf, weekdayNames, weekdayOf } from "../format";
import { type Day, eventsOnDay, localDay, type Month, monthGrid } from "../logic";

export function MonthCalendar({
  month,
  events,
  selected,
  onSelect,
  caption,
}: {
  month: Month;
  events: EventItem[];
  selected: Day | null;
  onSelect: (day: Day | null) => void;
  caption: string;
}) {
  const { t, i18n } = useTranslation("events");
  const language = i18n.language;
  const today = localDay(new Date());
  const names = weekdayNames(language);
  return (
    <div className="overflow-hidden rounded-lg border border-border bg-surface shadow-sm">
      <table className="w-full table-fixed border-collapse" data-testid="month-calendar">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr>
            {names.map((name) => (
              <th
                key={name.long}
                scope="col"
                abbr={name.long}
                className="border-b border-border bg-surface-muted py-2 text-xs font-semibold text-fg-muted uppercase"
              >
                {name.short}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {monthGrid(month).map((week) => (
            <tr key={week[0]?.day}>
              {week.map((cell) => {
                const dayEvents = eventsOnDay(events, cell.day);
                const isSelected = selected === cell.day;
                return (
                  <td
                    key={cell.day}
                    className="h-14 border-r border-b border-border p-0 align-top last:border-r-0 sm:h-24 [tr:last-child_&]:border-b-0"
                  >
                    <button
                      type="button"
                      aria-pressed={isSelected}
                      onClick={() => onSelect(isSelected ? null : cell.day)}
                      className={cn(
                        "flex size-full flex-col items-stretch gap-1 p-1 text-left transition-colors duration-150 focus-ring sm:p-1.5",
                        cell.inMonth
                          ? "bg-surface hover:bg-surface-muted"
                          : "bg-surface-muted/60 text-fg-muted hover:bg-surface-muted",
                        isSelected && "bg-primary-soft ring-2 ring-primary ring-inset hover:bg-primary-soft",
                      )}
                    >
                      <span
                        className={cn(
                          "flex size-7 items-center justify-center self-center rounded-full text-sm tabular-nums sm:self-start",
                          cell.day === today && "bg-primary font-semibold text-primary-fg",
                          cell.day !== today && !cell.inMonth && "text-fg-muted",
                        )}
                      >
                        <span className="sr-only">{`${weekdayOf(cell.day, language)} `}</span>
                        {cell.date}
                        <span className="sr-only">{` ${monthYearOf(cell.day, language)}`}</span>
                      </span>
                      {dayEvents.length > 0 && (
                        <>
                          <span aria-hidden="true" className="flex justify-center gap-0.5 sm:hidden">
                            {dayEvents.slice(0, 3).map((e) => (
                              <Translated
                                key={e.id}
                                text={e.title}
                                className={cn(
                                  "size-1.5 rounded-full",
                                  e.scope === "global" ? "bg-info" : "bg-accent",
                                )}
                              />
                            ))}
                          </span>
                          <span className="sr-only min-w-0 flex-col gap-0.5 sm:not-sr-only sm:flex">
                            {dayEvents.slice(0, 2).map((e) => (
                              <Translated
                                key={e.id}
                                text={e.title}
                                className={cn(
                                  "truncate rounded-sm px-1 py-0.5 text-xs font-medium",
                                  e.scope === "global"
                                    ? "bg-info-soft text-info"
                                    : "bg-accent-soft text-accent",
                                )}
                              />
                            ))}
                            {dayEvents.length > 2 && (
                              <span className="px-1 text-xs text-fg-muted">
                                {t("more", { count: dayEvents.length - 2 })}
                              </span>
                            )}
                          </span>
                        </>
                      )}
                    </button>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
