/** /af/advertisement-blocks: groups of adverts, each shown at the placement of the web app it declares. */
import { LayoutTemplate } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { LinkListPage, listTexts } from "../../../components/admin";
import { Badge, Button, TableCell } from "../../../components/ui";
import { useAdvertBlocks, useDeleteAdvertBlock } from "../api";

const base = "/af/advertisement-blocks";

export default function AdvertBlocksPage() {
  const { t } = useTranslation("adverts");
  const blocks = useAdvertBlocks();
  const remove = useDeleteAdvertBlock();
  return (
    <LinkListPage
      base={base}
      title={t("blocks.title")}
      subtitle={t("blocks.subtitle")}
      actions={
        <Button asChild variant="secondary">
          <Link to="/af/adverts">{t("title")}</Link>
        </Button>
      }
      query={blocks}
      texts={{
        ...listTexts(t),
        actions: t("columns.actions"),
        create: t("blocks.create"),
        edit: t("edit"),
        delete: t("delete"),
        cancel: t("cancel"),
        deleteTitle: t("blocks.deleteTitle"),
      }}
      empty={{ icon: <LayoutTemplate />, title: t("blocks.empty"), text: t("blocks.emptyText") }}
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
            <Link to={`${base}/${block.id}`} className="flex flex-col gap-0.5 rounded-sm focus-ring">
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
      rowTexts={(block) => ({
        edit: t("editOne", { name: block.name }),
        delete: t("deleteOne", { name: block.name }),
        deleteText:
          block.adverts_count > 0
            ? t("blocks.deleteInUse", { count: block.adverts_count })
            : t("blocks.deleteText", { name: block.name }),
      })}
      onDelete={(block) => remove.mutateAsync(block.id)}
    />
  );
}
