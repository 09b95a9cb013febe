/**
 * The live adverts of one placement of the web app (the blocks that declare it, e.g. the ones an
 * administrator made for "course list top"), marked as adverts. The one component every placement
 * uses; shows nothing while loading, on failure, or when the placement has no live advert.
 *
 *   <AdvertSlot placement="course_list_top" />
 */
import type { AdvertPlacement } from "@aprendo/contract";
import { ExternalLink } from "lucide-react";
import { useTranslation } from "react-i18next";
import { cn } from "../../../lib/cn";
import { langAttribute, pickText } from "../../../lib/contentLanguage";
import { useLiveAdverts } from "../api";

export function AdvertSlot({ placement, className }: { placement: AdvertPlacement; className?: string }) {
  const { t, i18n } = useTranslation("adverts");
  const adverts = useLiveAdverts(placement);
  if (!adverts.data || adverts.data.length === 0) return null;
  return (
    <aside
      aria-label={t("slot.label")}
      className={cn("flex flex-col gap-2", className)}
      data-testid="advert-slot"
      data-placement={placement}
    >
      <p className="text-xs font-medium tracking-wide text-fg-muted uppercase">{t("slot.label")}</p>
      <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {adverts.data.map((advert) => {
          const title = pickText(advert.title, i18n.language);
          const image = (
            <img
              src={advert.image_url}
              alt={title.text}
              lang={langAttribute(title.lang, i18n.language)}
              loading="lazy"
              className="aspect-[3/1] w-full rounded-lg border border-border bg-surface-muted object-cover"
            />
          );
          return (
            <li key={advert.id}>
              {advert.link_url ? (
                <a
                  href={advert.link_url}
                  target="_blank"
                  rel="sponsored noopener noreferrer"
                  className="group relative block rounded-lg focus-ring"
                >
                  {image}
                  <span className="absolute right-2 bottom-2 inline-flex items-center gap-1 rounded-md bg-surface/90 px-2 py-1 text-xs font-medium text-fg shadow-sm group-hover:underline">
                    <ExternalLink aria-hidden="true" className="size-3.5" />
                    {t("slot.open")}
                    <span className="sr-only">{t("slot.newTab")}</span>
                  </span>
                </a>
              ) : (
                image
              )}
            </li>
          );
        })}
      </ul>
    </aside>
  );
}
