/** /af/adverts: adverts with their block, days shown and whether learners see them now. */
import type { AdvertItem } from "@aprendo/contract";
import { ImageOff, LayoutTemplate, Megaphone, Pencil, Plus } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { DeleteRowButton, FiltersBar, ListStates, useUrlState } from "../../../components/admin";
import {
  Badge,
  Button,
  Container,
  EmptyState,
  Field,
  PageHeader,
  Pagination,
  Select,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeaderCell,
  TableRow,
} from "../../../components/ui";
import { dateLanguage, formatDate } from "../../../lib/dates";
import { advertsPerPage, useAdvertBlocks, useAdverts, useDeleteAdvert } from "../api";
import { advertState, stateTone } from "../logic";

const defaults = { block: "", page: "1" };

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
  const page = Math.max(1, Number(state.page) || 1);
  const adverts = useAdverts({ block: state.block, page });
  const blocks = useAdvertBlocks();
  const rows = adverts.data?.data ?? [];
  const create = (
    <Button asChild>
      <Link to={`/af/adverts/create${state.block ? `?block=${state.block}` : ""}`}>
        <Plus aria-hidden="true" className="size-4" />
        {t("create")}
      </Link>
    </Button>
  );
  return (
    <Container className="py-6 sm:py-8">
      <PageHeader
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
      />
      <FiltersBar>
        <Field label={t("columns.block")} className="sm:w-72">
          <Select
            value={state.block}
            onChange={(event) => update({ block: event.target.value })}
            options={[
              { value: "", label: t("allBlocks") },
              ...(blocks.data ?? []).map((b) => ({ value: String(b.id), label: b.name })),
            ]}
          />
        </Field>
      </FiltersBar>
      <ListStates
        query={adverts}
        isEmpty={rows.length === 0}
        loadingLabel={t("loading")}
        errorMessage={t("loadFailed")}
        retryLabel={t("retry")}
        empty={<EmptyState icon={<Megaphone />} title={t("empty")} text={t("emptyText")} action={create} />}
      >
        <Table className="relative" caption={t("title")} aria-busy={adverts.isFetching || undefined}>
          <TableHead>
            <TableRow>
              <TableHeaderCell>
                <span className="sr-only">{t("columns.image")}</span>
              </TableHeaderCell>
              <TableHeaderCell>{t("columns.title")}</TableHeaderCell>
              <TableHeaderCell>{t("columns.block")}</TableHeaderCell>
              <TableHeaderCell>{t("columns.days")}</TableHeaderCell>
              <TableHeaderCell>{t("columns.state")}</TableHeaderCell>
              <TableHeaderCell align="right">
                <span className="sr-only">{t("columns.actions")}</span>
              </TableHeaderCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((advert) => {
              const status = advertState(advert);
              return (
                <TableRow key={advert.id}>
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
                    <Link
                      to={`/af/adverts/${advert.id}`}
                      className="flex flex-col gap-0.5 rounded-sm focus-ring"
                    >
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
                  <TableCell align="right">
                    <span className="inline-flex gap-1">
                      <Button asChild size="sm" variant="ghost">
                        <Link
                          to={`/af/adverts/${advert.id}`}
                          aria-label={t("editOne", { name: advert.title.en })}
                        >
                          <Pencil aria-hidden="true" className="size-4" />
                          <span className="max-sm:sr-only">{t("edit")}</span>
                        </Link>
                      </Button>
                      <DeleteAdvert advert={advert} />
                    </span>
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
        {(adverts.data?.total ?? 0) > advertsPerPage && (
          <Pagination
            className="mt-4"
            page={page}
            pageCount={Math.ceil((adverts.data?.total ?? 0) / advertsPerPage)}
            onPageChange={(next) => update({ page: String(next) })}
            label={t("pagination")}
            previousLabel={t("previous")}
            nextLabel={t("next")}
            pageLabel={(p, count) => t("pageOf", { page: p, count })}
          />
        )}
      </ListStates>
    </Container>
  );
}
