/** Flag numbers shown by name, as chips; and the pages they open. */
import { useTranslation } from "react-i18next";
import { Badge } from "../../../components/ui";
import { pagesOpenedByIds, permissionName } from "../flags";

export function FlagList({
  ids,
  tone = "neutral",
  empty,
}: {
  ids: readonly number[];
  tone?: "neutral" | "primary" | "warning" | "success";
  empty?: string;
}) {
  const { t } = useTranslation("administration");
  if (ids.length === 0) return <p className="text-sm text-fg-muted">{empty ?? t("common.none")}</p>;
  return (
    <ul className="flex flex-wrap gap-1.5">
      {ids.map((id) => {
        const name = permissionName(id);
        return (
          <li key={id}>
            <Badge tone={tone}>{name ? t(`flags.${name}`) : `#${id}`}</Badge>
          </li>
        );
      })}
    </ul>
  );
}

/** `heading`: the level that follows the page's outline (h2 right under a page title). */
export function PagesOpened({
  ids,
  heading: Heading = "h3",
}: {
  ids: readonly number[];
  heading?: "h2" | "h3";
}) {
  const { t } = useTranslation("administration");
  const pages = pagesOpenedByIds(ids);
  return (
    <div className="flex flex-col gap-2">
      <Heading className="text-sm font-semibold text-fg">{t("picker.opensTitle")}</Heading>
      {pages.length === 0 ? (
        <p className="text-sm text-fg-muted">{t("picker.opensNone")}</p>
      ) : (
        <ul className="flex flex-wrap gap-1.5">
          {pages.map((page) => (
            <li key={page}>
              <Badge tone="primary">{t(`pages.${page}`)}</Badge>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
