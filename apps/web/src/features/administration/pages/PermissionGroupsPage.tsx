/** /ha/permission-groups: the groups with their permissions, members and what waits for approval. */
import type { PermissionGroupItem } from "@aprendo/contract";
import { SearchX, ShieldCheck } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import {
  AdminListPage,
  CreateButton,
  listTexts,
  pageNumber,
  pagingTexts,
  SearchFilter,
  urlPaging,
  urlSort,
  useUrlState,
} from "../../../components/admin";
import { Badge, EmptyState, TableCell } from "../../../components/ui";
import { dateLanguage, formatDate } from "../../../lib/format";
import { perPage, useGroups } from "../api";
import { pagesOpenedByIds } from "../flags";

const defaults = { search: "", page: "1", sort: "" };

export default function PermissionGroupsPage() {
  const { t, i18n } = useTranslation("administration");
  const language = dateLanguage(i18n.language);
  const [state, update] = useUrlState(defaults);
  const page = pageNumber(state.page);
  const list = useGroups({ search: state.search, sort: state.sort, page });
  const create = <CreateButton to="/ha/permission-groups/create">{t("groups.create")}</CreateButton>;
  const pageNames = (group: PermissionGroupItem) =>
    pagesOpenedByIds(group.permissions)
      .map((p) => t(`pages.${p}`))
      .join(", ");
  const pending = (group: PermissionGroupItem) =>
    group.pending_permissions.length > 0 && (
      <Badge tone="warning" className="w-fit">
        {t("groups.pendingCount", { count: group.pending_permissions.length })}
      </Badge>
    );
  return (
    <AdminListPage
      title={t("groups.title")}
      subtitle={t("groups.subtitle")}
      actions={create}
      filters={
        <SearchFilter
          label={t("common.search")}
          placeholder={t("groups.searchPlaceholder")}
          value={state.search}
          onSearch={(search) => update({ search })}
        />
      }
      query={list}
      sort={urlSort(state, update)}
      rows={list.data?.data ?? []}
      rowTestId="group-row"
      texts={listTexts(t, "common.")}
      empty={
        <EmptyState
          icon={state.search ? <SearchX /> : <ShieldCheck />}
          title={state.search ? t("groups.noMatch") : t("groups.empty")}
          text={state.search ? t("groups.noMatchText") : t("groups.emptyText")}
          action={state.search ? undefined : create}
        />
      }
      cardClassName="flex flex-col gap-1"
      card={(group) => (
        <>
          <Link
            to={`/ha/permission-groups/${group.id}`}
            className="font-medium text-primary after:absolute after:inset-0 after:rounded-lg focus-visible:outline-none focus-visible:after:outline-2 focus-visible:after:outline-ring"
          >
            {group.name}
          </Link>
          {group.description && <p className="text-sm text-fg-muted">{group.description}</p>}
          <p className="text-sm text-fg">
            {t("groups.permissionsCount", { count: group.permissions.length })} ·{" "}
            {t("groups.membersCount", { count: group.members_count })}
          </p>
          {pageNames(group) && <p className="line-clamp-2 text-xs text-fg-muted">{pageNames(group)}</p>}
          {pending(group)}
        </>
      )}
      columns={[
        { header: t("groups.columns.name"), sortKey: "name" },
        { header: t("groups.columns.permissions") },
        { header: t("groups.columns.members"), align: "right", sortKey: "members" },
        { header: t("groups.columns.updated"), sortKey: "updated_at" },
      ]}
      cells={(group) => (
        <>
          <TableCell className="max-w-sm">
            <Link
              to={`/ha/permission-groups/${group.id}`}
              className="flex flex-col gap-0.5 rounded-sm focus-ring"
              title={t("groups.editOne", { name: group.name })}
            >
              <span className="font-medium text-primary hover:underline">{group.name}</span>
              {group.description && (
                <span className="line-clamp-1 text-xs text-fg-muted">{group.description}</span>
              )}
            </Link>
          </TableCell>
          <TableCell className="min-w-48">
            <span className="flex flex-col gap-1">
              <span className="text-sm text-fg">
                {t("groups.permissionsCount", { count: group.permissions.length })}
              </span>
              {pageNames(group) && (
                <span className="line-clamp-1 text-xs text-fg-muted">{pageNames(group)}</span>
              )}
              {pending(group)}
            </span>
          </TableCell>
          <TableCell align="right" className="tabular-nums">
            {group.members_count}
          </TableCell>
          <TableCell className="whitespace-nowrap text-fg-muted">
            {formatDate(group.updated_at, language)}
          </TableCell>
        </>
      )}
      paging={urlPaging(state, update, list.data?.total, perPage, pagingTexts(t, "common."))}
    />
  );
}
