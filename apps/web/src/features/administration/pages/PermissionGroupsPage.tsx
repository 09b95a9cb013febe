/** /ha/permission-groups: the groups with their permissions, members and what waits for approval. */
import { Plus, SearchX, ShieldCheck } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { FiltersBar, ListStates, SearchInput, useUrlState } from "../../../components/admin";
import {
  Badge,
  Button,
  Container,
  EmptyState,
  Field,
  PageHeader,
  Pagination,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeaderCell,
  TableRow,
} from "../../../components/ui";
import { dateLanguage, formatDate } from "../../../lib/dates";
import { perPage, useGroups } from "../api";
import { pagesOpenedByIds } from "../flags";

const defaults = { search: "", page: "1" };

export default function PermissionGroupsPage() {
  const { t, i18n } = useTranslation("administration");
  const language = dateLanguage(i18n.language);
  const [state, update] = useUrlState(defaults);
  const page = Math.max(1, Number(state.page) || 1);
  const list = useGroups({ search: state.search, page });
  const rows = list.data?.data ?? [];
  const create = (
    <Button asChild>
      <Link to="/ha/permission-groups/create">
        <Plus aria-hidden="true" className="size-4" />
        {t("groups.create")}
      </Link>
    </Button>
  );
  return (
    <Container className="py-6 sm:py-8">
      <PageHeader title={t("groups.title")} subtitle={t("groups.subtitle")} actions={create} />
      <FiltersBar>
        <Field label={t("common.search")} className="min-w-0 flex-1">
          {(control) => (
            <SearchInput
              id={control.id}
              value={state.search}
              onSearch={(search) => update({ search })}
              label={t("common.search")}
              placeholder={t("groups.searchPlaceholder")}
            />
          )}
        </Field>
      </FiltersBar>
      <ListStates
        query={list}
        isEmpty={rows.length === 0}
        loadingLabel={t("common.loading")}
        errorMessage={t("common.loadFailed")}
        retryLabel={t("common.retry")}
        empty={
          <EmptyState
            icon={state.search ? <SearchX /> : <ShieldCheck />}
            title={state.search ? t("groups.noMatch") : t("groups.empty")}
            text={state.search ? t("groups.noMatchText") : t("groups.emptyText")}
            action={state.search ? undefined : create}
          />
        }
      >
        <ul className="flex flex-col gap-3 sm:hidden" aria-busy={list.isFetching || undefined}>
          {rows.map((group) => {
            const pages = pagesOpenedByIds(group.permissions);
            return (
              <li
                key={group.id}
                className="relative flex flex-col gap-1 rounded-lg border border-border bg-surface p-4"
              >
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
                {pages.length > 0 && (
                  <p className="line-clamp-2 text-xs text-fg-muted">
                    {pages.map((p) => t(`pages.${p}`)).join(", ")}
                  </p>
                )}
                {group.pending_permissions.length > 0 && (
                  <Badge tone="warning" className="w-fit">
                    {t("groups.pendingCount", { count: group.pending_permissions.length })}
                  </Badge>
                )}
              </li>
            );
          })}
        </ul>
        <div className="max-sm:hidden">
          <Table caption={t("groups.title")} aria-busy={list.isFetching || undefined}>
            <TableHead>
              <TableRow>
                <TableHeaderCell>{t("groups.columns.name")}</TableHeaderCell>
                <TableHeaderCell>{t("groups.columns.permissions")}</TableHeaderCell>
                <TableHeaderCell align="right">{t("groups.columns.members")}</TableHeaderCell>
                <TableHeaderCell>{t("groups.columns.updated")}</TableHeaderCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((group) => {
                const pages = pagesOpenedByIds(group.permissions);
                return (
                  <TableRow key={group.id} data-testid="group-row">
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
                        {pages.length > 0 && (
                          <span className="line-clamp-1 text-xs text-fg-muted">
                            {pages.map((p) => t(`pages.${p}`)).join(", ")}
                          </span>
                        )}
                        {group.pending_permissions.length > 0 && (
                          <Badge tone="warning" className="w-fit">
                            {t("groups.pendingCount", { count: group.pending_permissions.length })}
                          </Badge>
                        )}
                      </span>
                    </TableCell>
                    <TableCell align="right" className="tabular-nums">
                      {group.members_count}
                    </TableCell>
                    <TableCell className="whitespace-nowrap text-fg-muted">
                      {formatDate(group.updated_at, language)}
                    </TableCell>
                  </TableRow>
                );
              })}
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
