/**
 * /ha/administrator-users (administrators), with area="ma" the list of /ma/ha (head administrators)
 * and with area="all" the master's /ma/administrators (every level, with a role filter and sorting):
 * search, status and group filters, paging.
 */
import type { AdministratorItem } from "@aprendo/contract";
import { Role } from "@aprendo/contract/domain";
import { SearchX, UserPlus, Users } from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import {
  AdminListPage,
  listTexts,
  pageNumber,
  pagingTexts,
  SearchFilter,
  SelectFilter,
  StatusFilter,
  urlPaging,
  urlSort,
  useUrlState,
} from "../../../components/admin";
import { Avatar, Badge, Button, EmptyState, TableCell } from "../../../components/ui";
import { dateLanguage, relativeTime } from "../../../lib/format";
import { type AdminArea, perPage, useAdministrators, useAllGroups } from "../api";
import { StatusBadge } from "../components/StatusBadge";

const defaults = { search: "", status: "", group_id: "", role: "", sort: "", page: "1" };

export function AdministratorTable({
  area,
  title,
  subtitle,
  actions,
  rowActions,
}: {
  area: AdminArea;
  title: string;
  subtitle: string;
  actions: ReactNode;
  rowActions?: (item: AdministratorItem, place: "card" | "table") => ReactNode;
}) {
  const { t, i18n } = useTranslation("administration");
  const language = dateLanguage(i18n.language);
  const [state, update] = useUrlState(defaults);
  const page = pageNumber(state.page);
  const list = useAdministrators(area, { ...state, page });
  const head = area === "ha";
  const all = area === "all";
  const sort = urlSort(state, update);
  const groups = useAllGroups(head);
  const filtered = Boolean(state.search || state.status || state.group_id || state.role);
  return (
    <AdminListPage
      title={title}
      subtitle={subtitle}
      actions={actions}
      filters={
        <>
          <SearchFilter
            label={t("common.search")}
            placeholder={t("admins.searchPlaceholder")}
            value={state.search}
            onSearch={(search) => update({ search })}
            className="min-w-0 flex-1"
          />
          <StatusFilter
            label={t("admins.status")}
            className="sm:w-44"
            all={t("common.all")}
            values={["active", "invited", "disabled"]}
            labelOf={(status) => t(`status.${status}`)}
            value={state.status}
            onChange={(status) => update({ status })}
          />
          {all && (
            <StatusFilter
              label={t("admins.role")}
              className="sm:w-56"
              all={t("common.all")}
              values={["3", "4", "5"]}
              labelOf={(role) => t(`roles.${role}`)}
              value={state.role}
              onChange={(role) => update({ role })}
            />
          )}
          {head && (
            <SelectFilter
              label={t("admins.group")}
              className="sm:w-56"
              value={state.group_id}
              onChange={(group_id) => update({ group_id })}
              options={[
                { value: "", label: t("admins.allGroups") },
                ...(groups.data?.data ?? []).map((g) => ({ value: String(g.id), label: g.name })),
              ]}
            />
          )}
        </>
      }
      query={list}
      rows={list.data?.data ?? []}
      rowTestId="administrator-row"
      texts={listTexts(t, "common.")}
      empty={
        <EmptyState
          icon={filtered ? <SearchX /> : <Users />}
          title={filtered ? t("admins.noMatch") : head ? t("admins.empty") : t("heads.empty")}
          text={filtered ? t("admins.noMatchText") : head ? t("admins.emptyText") : t("heads.emptyText")}
          action={filtered ? undefined : actions}
        />
      }
      card={(item) => (
        <>
          <div className="flex items-start gap-3">
            <Avatar name={item.name} size="sm" decorative />
            <div className="flex min-w-0 flex-1 flex-col gap-1">
              {head ? (
                <Link
                  to={`/ha/administrator-users/${item.id}`}
                  className="truncate font-medium text-primary after:absolute after:inset-0 after:rounded-lg focus-visible:outline-none focus-visible:after:outline-2 focus-visible:after:outline-ring"
                >
                  {item.name}
                </Link>
              ) : (
                <span className="truncate font-medium text-fg">{item.name}</span>
              )}
              <span className="truncate text-xs text-fg-muted">@{item.username}</span>
              <span className="truncate text-xs text-fg-muted">{item.email}</span>
              <span className="flex flex-wrap items-center gap-1 pt-1">
                {all && <Badge>{t(`roles.${item.role_id}`)}</Badge>}
                <StatusBadge status={item.status} />
                {item.groups.map((g) => (
                  <Badge key={g.id}>{g.name}</Badge>
                ))}
              </span>
            </div>
          </div>
          {rowActions && <div className="relative mt-3 flex justify-end">{rowActions(item, "card")}</div>}
        </>
      )}
      sort={sort}
      columns={[
        { header: t("admins.columns.name"), sortKey: "name" },
        ...(all ? [{ header: t("admins.columns.role"), sortKey: "role" }] : []),
        { header: t("admins.columns.status"), sortKey: "status" },
        ...(head
          ? [
              { header: t("admins.columns.groups") },
              { header: t("admins.columns.permissions"), align: "right" as const },
            ]
          : []),
        { header: t("admins.columns.lastActive"), sortKey: "last_active_at" },
      ]}
      cells={(item) => (
        <>
          <TableCell className="max-w-xs">
            <span className="flex items-center gap-3">
              <Avatar name={item.name} size="sm" decorative />
              <span className="flex min-w-0 flex-col">
                {head ? (
                  <Link
                    to={`/ha/administrator-users/${item.id}`}
                    className="truncate font-medium text-primary hover:underline focus-ring rounded-sm"
                    aria-label={t("admins.openOne", { name: item.name })}
                  >
                    {item.name}
                  </Link>
                ) : (
                  <span className="truncate font-medium text-fg">{item.name}</span>
                )}
                <span className="truncate text-xs text-fg-muted">
                  @{item.username} · {item.email}
                </span>
              </span>
            </span>
          </TableCell>
          {all && (
            <TableCell>
              <Badge
                tone={
                  item.role_id === Role.masterAdmin
                    ? "accent"
                    : item.role_id === Role.headAdmin
                      ? "primary"
                      : "neutral"
                }
              >
                {t(`roles.${item.role_id}`)}
              </Badge>
            </TableCell>
          )}
          <TableCell>
            <StatusBadge status={item.status} />
          </TableCell>
          {head && (
            <TableCell className="min-w-40">
              {item.groups.length === 0 ? (
                <span className="text-fg-muted">—</span>
              ) : (
                <span className="flex flex-wrap gap-1">
                  {item.groups.map((g) => (
                    <Badge key={g.id}>{g.name}</Badge>
                  ))}
                </span>
              )}
            </TableCell>
          )}
          {head && (
            <TableCell align="right" className="tabular-nums">
              {item.permissions_count}
            </TableCell>
          )}
          <TableCell className="whitespace-nowrap text-fg-muted">
            {item.last_active_at ? relativeTime(item.last_active_at, language) : t("common.never")}
          </TableCell>
        </>
      )}
      rowActions={rowActions && ((item) => rowActions(item, "table"))}
      paging={urlPaging(state, update, list.data?.total, perPage, pagingTexts(t, "common."))}
    />
  );
}

export default function AdministratorsPage() {
  const { t } = useTranslation("administration");
  return (
    <AdministratorTable
      area="ha"
      title={t("admins.title")}
      subtitle={t("admins.subtitle")}
      actions={
        <Button asChild>
          <Link to="/ha/administrator-users/create">
            <UserPlus aria-hidden="true" className="size-4" />
            {t("admins.invite")}
          </Link>
        </Button>
      }
    />
  );
}
