/** /af/adverts: adverts with their block, days shown and whether learners see them now. */
import type { AdvertItem } from "@aprendo/contract";
import { ImageOff, LayoutTemplate, Megaphone } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import {
  AdminListPage,
  CreateButton,
  DeleteRowButton,
  EditRowButton,
  listTexts,
  pageNumber,
  pagingTexts,
  RowActions,
  SelectFilter,
  urlPaging,
  urlSort,
  useUrlState,
} from "../../../components/admin";
import { Badge, Button, EmptyState, TableCell } from "../../../components/ui";
import { dateLanguage, formatDate } from "../../../lib/format";
import { advertsPerPage, useAdvertBlocks, useAdverts, useDeleteAdvert } from "../api";
import { advertState, stateTone } from "../logic";

const defaults = { block: "", page: "1", sort: "" };

function DeleteAdvert({ advert }: { advert: AdvertItem }) {
  const { t } = useTranslation("adverts");
  const remove = useDeleteAdvert();
  return (
    <DeleteRowButton
      label={t("deleteOne", { name: advert.title.en })}
      title={t("deleteTitle")}
      description={t("deleteText", { name: advert.title.en })}
      confirmLabel={t("delete")}
      cancelLabel={t("cancel")}
      onDelete={() => remove.mutateAsync(advert.id)}
    />
  );
}

export default function AdvertsPage() {
  const { t, i18n } = useTranslation("adverts");
  const language = dateLanguage(i18n.language);
  const [state, update] = useUrlState(defaults);
  const page = pageNumber(state.page);
  const adverts = useAdverts({ block: state.block, sort: state.sort, page });
  const blocks = useAdvertBlocks();
  const create = (
    <CreateButton to={`/af/adverts/create${state.block ? `?block=${state.block}` : ""}`}>
      {t("create")}
    </CreateButton>
  );
  return (
    <AdminListPage
      title={t("title")}
      subtitle={t("subtitle")}
      actions={
        <>
          <Button asChild variant="secondary">
            <Link to="/af/advertisement-blocks">
              <LayoutTemplate aria-hidden="true" className="size-4" />
              {t("blocks.title")}
            </Link>
          </Button>
          {create}
        </>
      }
      filters={
        <SelectFilter
          label={t("columns.block")}
          className="sm:w-72"
          value={state.block}
          onChange={(block) => update({ block })}
          options={[
            { value: "", label: t("allBlocks") },
            ...(blocks.data ?? []).map((b) => ({ value: String(b.id), label: b.name })),
          ]}
        />
      }
      query={adverts}
      sort={urlSort(state, update)}
      rows={adverts.data?.data ?? []}
      texts={{ ...listTexts(t), actions: t("columns.actions") }}
      empty={<EmptyState icon={<Megaphone />} title={t("empty")} text={t("emptyText")} action={create} />}
      columns={[
        { header: t("columns.image"), hidden: true },
        { header: t("columns.title"), sortKey: "title" },
        { header: t("columns.block"), sortKey: "block" },
        { header: t("columns.days"), sortKey: "starts_on" },
        { header: t("columns.state"), sortKey: "active" },
      ]}
      cells={(advert) => {
        const status = advertState(advert);
        return (
          <>
            <TableCell className="w-32">
              {advert.image_url ? (
                <img
                  src={advert.image_url}
                  alt=""
                  loading="lazy"
                  className="aspect-[3/1] w-28 rounded-sm border border-border object-cover"
                />
              ) : (
                <span className="flex aspect-[3/1] w-28 items-center justify-center rounded-sm border border-dashed border-border-strong text-fg-muted">
                  <ImageOff aria-hidden="true" className="size-4" />
                </span>
              )}
            </TableCell>
            <TableCell className="max-w-sm">
              <Link to={`/af/adverts/${advert.id}`} className="flex flex-col gap-0.5 rounded-sm focus-ring">
                <span className="font-medium text-primary hover:underline">{advert.title.en}</span>
                <span lang="es" className="line-clamp-1 text-xs text-fg-muted">
                  {advert.title.es}
                </span>
              </Link>
            </TableCell>
            <TableCell className="whitespace-nowrap">{advert.block.name}</TableCell>
            <TableCell className="whitespace-nowrap tabular-nums">
              {formatDate(`${advert.starts_on}T12:00:00Z`, language)} –{" "}
              {advert.ends_on ? formatDate(`${advert.ends_on}T12:00:00Z`, language) : t("noEnd")}
            </TableCell>
            <TableCell>
              <Badge tone={stateTone[status]}>{t(`state.${status}`)}</Badge>
            </TableCell>
          </>
        );
      }}
      rowActions={(advert) => (
        <RowActions>
          <EditRowButton
            to={`/af/adverts/${advert.id}`}
            label={t("editOne", { name: advert.title.en })}
            text={t("edit")}
          />
          <DeleteAdvert advert={advert} />
        </RowActions>
      )}
      paging={urlPaging(state, update, adverts.data?.total, advertsPerPage, pagingTexts(t))}
    />
  );
}
