/** /af/advertisement-blocks: groups of adverts, each shown at the placement of the web app it declares. */
import { LayoutTemplate, Plus } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import {
  AdminListPage,
  DeleteRowButton,
  EditRowButton,
  listTexts,
  RowActions,
} from "../../../components/admin";
import { Badge, Button, EmptyState, TableCell } from "../../../components/ui";
import { type AdvertBlock, useAdvertBlocks, useDeleteAdvertBlock } from "../api";

function DeleteBlock({ block }: { block: AdvertBlock }) {
  const { t } = useTranslation("adverts");
  const remove = useDeleteAdvertBlock();
  return (
    <DeleteRowButton
      label={t("deleteOne", { name: block.name })}
      title={t("blocks.deleteTitle")}
      description={
        block.adverts_count > 0
          ? t("blocks.deleteInUse", { count: block.adverts_count })
          : t("blocks.deleteText", { name: block.name })
      }
      confirmLabel={t("delete")}
      cancelLabel={t("cancel")}
      onDelete={() => remove.mutateAsync(block.id)}
    />
  );
}

export default function AdvertBlocksPage() {
  const { t } = useTranslation("adverts");
  const blocks = useAdvertBlocks();
  const create = (
    <Button asChild>
      <Link to="/af/advertisement-blocks/create">
        <Plus aria-hidden="true" className="size-4" />
        {t("blocks.create")}
      </Link>
    </Button>
  );
  return (
    <AdminListPage
      title={t("blocks.title")}
      subtitle={t("blocks.subtitle")}
      actions={
        <>
          <Button asChild variant="secondary">
            <Link to="/af/adverts">{t("title")}</Link>
          </Button>
          {create}
        </>
      }
      query={blocks}
      rows={blocks.data ?? []}
      texts={{ ...listTexts(t), actions: t("columns.actions") }}
      empty={
        <EmptyState
          icon={<LayoutTemplate />}
          title={t("blocks.empty")}
          text={t("blocks.emptyText")}
          action={create}
        />
      }
      columns={[
        { header: t("blocks.columns.name") },
        { header: t("blocks.columns.placement") },
        { header: t("blocks.columns.key") },
        { header: t("blocks.columns.adverts"), align: "right" },
        { header: t("columns.state") },
      ]}
      cells={(block) => (
        <>
          <TableCell className="max-w-md">
            <Link
              to={`/af/advertisement-blocks/${block.id}`}
              className="flex flex-col gap-0.5 rounded-sm focus-ring"
            >
              <span className="font-medium text-primary hover:underline">{block.name}</span>
              {block.description && (
                <span className="line-clamp-1 text-xs text-fg-muted">{block.description}</span>
              )}
            </Link>
          </TableCell>
          <TableCell>{t(`placements.${block.placement}.name`)}</TableCell>
          <TableCell>
            <code className="rounded-sm bg-surface-muted px-1.5 py-0.5 font-mono text-xs">{block.key}</code>
          </TableCell>
          <TableCell align="right" className="tabular-nums">
            <Link
              to={`/af/adverts?block=${block.id}`}
              className="text-primary hover:underline focus-ring"
              aria-label={t("blocks.showAdverts", { count: block.adverts_count, name: block.name })}
            >
              {block.adverts_count}
            </Link>
          </TableCell>
          <TableCell>
            <Badge tone={block.active ? "success" : "neutral"}>
              {block.active ? t("active") : t("inactive")}
            </Badge>
          </TableCell>
        </>
      )}
      rowActions={(block) => (
        <RowActions>
          <EditRowButton
            to={`/af/advertisement-blocks/${block.id}`}
            label={t("editOne", { name: block.name })}
            text={t("edit")}
          />
          <DeleteBlock block={block} />
        </RowActions>
      )}
    />
  );
}
