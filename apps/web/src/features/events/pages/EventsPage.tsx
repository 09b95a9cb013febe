/**
 * /iu/events: national and global events in a month calendar and a list, a filter for national or
 * global ones, and the month's events as an iCalendar file for any calendar app.
 */
import { CalendarDays, CalendarX2, ChevronLeft, ChevronRight, Download } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import {
  Button,
  Container,
  EmptyState,
  ErrorState,
  IconButton,
  PageHeader,
  Skeleton,
} from "../../../components/ui";
import { cn } from "../../../lib/cn";
import { showError } from "../../../lib/toast";
import { type EventScopeFilter, fetchCalendar, saveFile, useLearnerEvents } from "../api";
import { EventCard } from "../components/EventCard";
import { MonthCalendar } from "../components/MonthCalendar";
import { longDay, monthTitle } from "../format";
import {
  type Day,
  eventsInMonth,
  eventsOnDay,
  gridRange,
  icalFileName,
  monthRange,
  parseMonth,
  shiftMonth,
} from "../logic";

const scopes: EventScopeFilter[] = ["all", "national", "global"];

export default function EventsPage() {
  const { t, i18n } = useTranslation("events");
  const language = i18n.language;
  // Kept in the page, not the address: the shell keeps each address alive as its own page.
  const [params] = useSearchParams();
  const [month, setMonth] = useState(() => parseMonth(params.get("month")));
  const [scope, setScope] = useState<EventScopeFilter>(() =>
    (scopes as string[]).includes(params.get("scope") ?? "")
      ? (params.get("scope") as EventScopeFilter)
      : "all",
  );
  const [selected, setSelected] = useState<Day | null>(null);
  const [downloading, setDownloading] = useState(false);
  const events = useLearnerEvents(gridRange(month), scope);
  const all = events.data?.data ?? [];
  const inMonth = eventsInMonth(all, month);
  const shown = selected ? eventsOnDay(all, selected) : inMonth;
  const title = monthTitle(month, language);
  const inSentence = monthTitle(month, language, true);

  const goTo = (by: number) => {
    setSelected(null);
    setMonth(by === 0 ? parseMonth(null) : shiftMonth(month, by));
  };

  const download = async () => {
    setDownloading(true);
    try {
      const blob = await fetchCalendar("/iu/events/ical", { ...monthRange(month), scope });
      saveFile(blob, icalFileName(t("brand", { ns: "common" }), month, scope));
    } catch (error) {
      showError(error);
    } finally {
      setDownloading(false);
    }
  };

  return (
    <Container className="py-6 sm:py-8">
      <PageHeader
        title={t("title")}
        subtitle={t("subtitle")}
        actions={
          <Button
            variant="secondary"
            onClick={() => void download()}
            loading={downloading}
            data-testid="ical-download"
          >
            {!downloading && <Download aria-hidden="true" className="size-4" />}
            {t("download")}
          </Button>
        }
      />
      <div className="mb-4 flex flex-col gap-3 md:flex-row md:items-center md:justify-between">
        <div className="flex items-center gap-1">
          <IconButton
            variant="secondary"
            icon={<ChevronLeft />}
            aria-label={t("previousMonth")}
            onClick={() => goTo(-1)}
          />
          <IconButton
            variant="secondary"
            icon={<ChevronRight />}
            aria-label={t("nextMonth")}
            onClick={() => goTo(1)}
          />
          <h2 className="ml-2 min-w-0 flex-1 text-xl font-semibold text-fg" aria-live="polite">
            {title}
          </h2>
          <Button variant="ghost" size="sm" onClick={() => goTo(0)}>
            {t("today")}
          </Button>
        </div>
        <fieldset className="flex rounded-md border border-border-strong bg-surface p-0.5">
          <legend className="sr-only">{t("scopeLabel")}</legend>
          {scopes.map((value) => (
            <label
              key={value}
              className={cn(
                "flex min-h-11 flex-1 cursor-pointer items-center justify-center rounded-sm px-4 text-sm font-medium transition-colors duration-150 has-focus-visible:outline-2 has-focus-visible:outline-ring sm:min-h-9",
                scope === value ? "bg-primary text-primary-fg" : "text-fg hover:bg-surface-muted",
              )}
            >
              <input
                type="radio"
                name="scope"
                value={value}
                checked={scope === value}
                onChange={() => {
                  setSelected(null);
                  setScope(value);
                }}
                className="sr-only"
              />
              {t(`scope.${value}`)}
            </label>
          ))}
        </fieldset>
      </div>
      {scope === "national" && events.data && (
        <p className="mb-4 text-sm text-fg-muted">
          {events.data.country ? t("nationalOf", { country: events.data.country }) : t("nationalAll")}
        </p>
      )}
      {events.isError ? (
        <ErrorState
          message={t("loadFailed")}
          retryLabel={t("retry")}
          onRetry={() => void events.refetch()}
          retrying={events.isFetching}
        />
      ) : (
        <div className="grid grid-cols-1 gap-6 xl:grid-cols-[minmax(0,1.6fr)_minmax(0,1fr)]">
          <div className="min-w-0">
            {events.isPending ? (
              <Skeleton className="h-96 w-full" />
            ) : (
              <MonthCalendar
                month={month}
                events={all}
                selected={selected}
                onSelect={setSelected}
                caption={t("calendarCaption", { month: inSentence })}
              />
            )}
            <p className="mt-2 flex flex-wrap gap-4 text-xs text-fg-muted">
              <span className="inline-flex items-center gap-1.5">
                <span aria-hidden="true" className="size-2.5 rounded-full bg-info" />
                {t("scope.global")}
              </span>
              <span className="inline-flex items-center gap-1.5">
                <span aria-hidden="true" className="size-2.5 rounded-full bg-accent" />
                {t("scope.national")}
              </span>
            </p>
          </div>
          <section aria-labelledby="event-list-title" className="flex min-w-0 flex-col gap-3">
            <div className="flex items-center justify-between gap-2">
              <h2 id="event-list-title" className="text-base font-semibold text-fg">
                {selected ? longDay(selected, language) : t("listTitle", { month: inSentence })}
              </h2>
              {selected && (
                <Button variant="link" size="sm" onClick={() => setSelected(null)}>
                  {t("wholeMonth")}
                </Button>
              )}
            </div>
            {events.isPending ? (
              <div className="flex flex-col gap-3">
                {[0, 1, 2].map((i) => (
                  <Skeleton key={i} className="h-32 w-full" />
                ))}
              </div>
            ) : shown.length === 0 ? (
              <EmptyState
                icon={selected ? <CalendarX2 /> : <CalendarDays />}
                title={selected ? t("emptyDay") : t("emptyMonth")}
                text={t("emptyText")}
                className="py-8"
              />
            ) : (
              <ul
                className="flex flex-col gap-3"
                aria-busy={events.isFetching || undefined}
                data-testid="event-list"
              >
                {shown.map((event) => (
                  <li key={event.id}>
                    <EventCard event={event} />
                  </li>
                ))}
              </ul>
            )}
          </section>
        </div>
      )}
    </Container>
  );
}
