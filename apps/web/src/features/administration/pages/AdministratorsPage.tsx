/**
 * /ha/administrator-users (administrators) and, with area="ma", the list of /ma/ha (head
 * administrators): search, status and group filters, paging.
 */
import type { AdministratorItem } from "@aprendo/contract";
import { SearchX, UserPlus, Users } from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { FiltersBar, ListStates, SearchInput, useUrlState } from "../../../components/admin";
import {
  Avatar,
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
import { dateLanguage, relativeTime } from "../../../lib/dates";
import { perPage, useAdministrators, useAllGroups } from "../api";
import { StatusBadge } from "../components/StatusBadge";

const defaults = { search: "", status: "", group_id: "", page: "1" };

export function AdministratorTable({
  area,
  title,
  subtitle,
  actions,
  rowActions,
}: {
  area: "ha" | "ma";
  title: string;
  subtitle: string;
  actions: ReactNode;
  rowActions?: (item: AdministratorItem, place: "card" | "table") => ReactNode;
}) {
  const { t, i18n } = useTranslation("administration");
  const language = dateLanguage(i18n.language);
  const [state, update] = useUrlState(defaults);
  const page = Math.max(1, Number(state.page) || 1);
  const list = useAdministrators(area, { ...state, page });
  const groups = useAllGroups();
  const rows = list.data?.data ?? [];
  const filtered = Boolean(state.search || state.status || state.group_id);
  return (
    <Container className="py-6 sm:py-8">
      <PageHeader title={title} subtitle={subtitle} actions={actions} />
      <FiltersBar>
        <Field label={t("common.search")} className="min-w-0 flex-1">
          {(control) => (
            <SearchInput
              id={control.id}
              value={state.search}
              onSearch={(search) => update({ search })}
              label={t("common.search")}
              placeholder={t("admins.searchPlaceholder")}
            />
          )}
        </Field>
        <Field label={t("admins.status")} className="sm:w-44">
          <Select
            value={state.status}
            onChange={(event) => update({ status: event.currentTarget.value })}
            options={[
              { value: "", label: t("common.all") },
              ...(["active", "invited", "disabled"] as const).map((s) => ({
                value: s,
                label: t(`status.${s}`),
              })),
            ]}
          />
        </Field>
        {area === "ha" && (
          <Field label={t("admins.group")} className="sm:w-56">
            <Select
              value={state.group_id}
              onChange={(event) => update({ group_id: event.currentTarget.value })}
              options={[
                { value: "", label: t("admins.allGroups") },
                ...(groups.data?.data ?? []).map((g) => ({ value: String(g.id), label: g.name })),
              ]}
            />
          </Field>
        )}
      </FiltersBar>
      <ListStates
        query={list}
        isEmpty={rows.length === 0}
        loadingLabel={t("common.loading")}
        errorMessage={t("common.loadFailed")}
        retryLabel={t("common.retry")}
        empty={
          <EmptyState
            icon={filtered ? <SearchX /> : <Users />}
            title={filtered ? t("admins.noMatch") : area === "ha" ? t("admins.empty") : t("heads.empty")}
            text={
              filtered
                ? t("admins.noMatchText")
                : area === "ha"
                  ? t("admins.emptyText")
                  : t("heads.emptyText")
            }
            action={filtered ? undefined : actions}
          />
        }
      >
        <ul className="flex flex-col gap-3 sm:hidden" aria-busy={list.isFetching || undefined}>
          {rows.map((item) => (
            <li key={item.id} className="relative rounded-lg border border-border bg-surface p-4">
              <div className="flex items-start gap-3">
                <Avatar name={item.name} size="sm" decorative />
                <div className="flex min-w-0 flex-1 flex-col gap-1">
                  {area === "ha" ? (
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
                    <StatusBadge status={item.status} />
                    {item.groups.map((g) => (
                      <Badge key={g.id}>{g.name}</Badge>
                    ))}
                  </span>
                </div>
              </div>
              {rowActions && <div className="relative mt-3 flex justify-end">{rowActions(item, "card")}</div>}
            </li>
          ))}
        </ul>
        <div className="max-sm:hidden">
          <Table caption={title} aria-busy={list.isFetching || undefined}>
            <TableHead>
              <TableRow>
                <TableHeaderCell>{t("admins.columns.name")}</TableHeaderCell>
                <TableHeaderCell>{t("admins.columns.status")}</TableHeaderCell>
                {area === "ha" && <TableHeaderCell>{t("admins.columns.groups")}</TableHeaderCell>}
                {area === "ha" && (
                  <TableHeaderCell align="right">{t("admins.columns.permissions")}</TableHeaderCell>
                )}
                <TableHeaderCell>{t("admins.columns.lastActive")}</TableHeaderCell>
                {rowActions && (
                  <TableHeaderCell align="right">
                    <span className="sr-only">{t("common.actions")}</span>
                  </TableHeaderCell>
                )}
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((item) => (
                <TableRow key={item.id} data-testid="administrator-row">
                  <TableCell className="max-w-xs">
                    <span className="flex items-center gap-3">
                      <Avatar name={item.name} size="sm" decorative />
                      <span className="flex min-w-0 flex-col">
                        {area === "ha" ? (
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
                  <TableCell>
                    <StatusBadge status={item.status} />
                  </TableCell>
                  {area === "ha" && (
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
                  {area === "ha" && (
                    <TableCell align="right" className="tabular-nums">
                      {item.permissions_count}
                    </TableCell>
                  )}
                  <TableCell className="whitespace-nowrap text-fg-muted">
                    {item.last_active_at ? relativeTime(item.last_active_at, language) : t("common.never")}
                  </TableCell>
                  {rowActions && <TableCell align="right">{rowActions(item, "table")}</TableCell>}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
        {(list.data?.total ?? 0) > perPage && (
          <Pagination
            className="mt-4"
            page={page}
            pageCount={Math.ceil((list.data?.total ?? 0) / perPage)}
            onPageChange={(next) => update({ page: String(next) })}
            label={t("common.pagination")}
            previousLabel={t("common.previous")}
            nextLabel={t("common.next")}
            pageLabel={(p, count) => t("common.pageOf", { page: p, count })}
          />
        )}
      </ListStates>
    </Container>
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
