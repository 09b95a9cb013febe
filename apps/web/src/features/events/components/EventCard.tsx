import type { EventItem } from "@aprendo/contract";
import { CalendarPlus, ExternalLink, Globe, MapPin } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Badge, Button, Card, Content } from "../../../components/ui";
import { pickText } from "../../../lib/contentLanguage";
import { showError } from "../../../lib/toast";
import { fetchCalendar, saveFile } from "../api";
import { dateBlock, eventWhen } from "../format";
import { eventFileName } from "../logic";

/** One event: when, where it applies, what it is, its website, and "add to calendar". */
export function EventCard({ event }: { event: EventItem }) {
  const { t, i18n } = useTranslation("events");
  const language = i18n.language;
  const [saving, setSaving] = useState(false);
  const block = dateBlock(event.starts_at, language);
  const title = pickText(event.title, language);
  const description = pickText(event.description, language);

  const addToCalendar = async () => {
    setSaving(true);
    try {
      saveFile(
        await fetchCalendar(`/iu/events/${event.id}/ical`),
        eventFileName(t("brand", { ns: "common" }), event.id),
      );
    } catch (error) {
      showError(error);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card asChild className="flex-row gap-4 p-4 sm:p-5">
      <article data-testid="event-card">
        <div
          aria-hidden="true"
          className="flex h-16 w-14 shrink-0 flex-col items-center justify-center rounded-md bg-primary-soft text-primary"
        >
          <span className="text-xl leading-none font-semibold tabular-nums">{block.day}</span>
          <span className="text-xs font-medium uppercase">{block.month}</span>
        </div>
        <div className="flex min-w-0 flex-1 flex-col gap-2">
          <div className="flex flex-wrap items-center gap-2">
            {event.scope === "global" ? (
              <Badge tone="info">
                <Globe aria-hidden="true" />
                {t("scope.global")}
              </Badge>
            ) : (
              <Badge tone="accent">
                <MapPin aria-hidden="true" />
                {t("scope.nationalIn", { country: event.country ?? "" })}
              </Badge>
            )}
          </div>
          <Content as="h3" lang={title.lang} className="text-base font-semibold text-fg">
            {title.text}
          </Content>
          <p className="text-sm font-medium text-fg-muted">
            <time dateTime={event.starts_at}>{eventWhen(event.starts_at, event.ends_at, language)}</time>
          </p>
          {description.text && (
            <Content as="p" lang={description.lang} className="line-clamp-3 text-sm text-fg">
              {description.text}
            </Content>
          )}
          <div className="flex flex-wrap gap-2 pt-1">
            {event.website_url && (
              <Button asChild size="sm" variant="secondary">
                <a href={event.website_url} target="_blank" rel="noreferrer noopener">
                  <ExternalLink aria-hidden="true" className="size-4" />
                  {t("website")}
                  <span className="sr-only">{t("websiteOf", { title: title.text })}</span>
                </a>
              </Button>
            )}
            <Button size="sm" variant="ghost" onClick={() => void addToCalendar()} loading={saving}>
              {!saving && <CalendarPlus aria-hidden="true" className="size-4" />}
              {t("addOne")}
              <span className="sr-only">{t("addOneOf", { title: title.text })}</span>
            </Button>
          </div>
        </div>
      </article>
    </Card>
  );
}
