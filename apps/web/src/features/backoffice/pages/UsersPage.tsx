/**
 * /af/users: every account, newest first, found by search and filters (role, status, country,
 * child). Pages load by keyset ("Show more"), so a table of millions answers as fast as a small one.
 * The CSV export takes the same filters (user export managers only).
 */
import type { UserRow } from "@aprendo/contract";
import { Role } from "@aprendo/contract/domain";
import { Download, SearchX, Users } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import {
  FiltersBar,
  ListStates,
  SearchInput,
  SortSelect,
  urlSort,
  useUrlState,
} from "../../../components/admin";
import {
  Badge,
  type BadgeTone,
  Button,
  Container,
  EmptyState,
  Field,
  Input,
  PageHeader,
  Select,
  SortableHeaderCell,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
} from "../../../components/ui";
import { dateLanguage, formatDate, formatNumber, relativeTime } from "../../../lib/format";
import { showError, showSuccess } from "../../../lib/toast";
import { useSession } from "../../../stores/session";
import { exportUsers, saveFile, type UserFilterState, useUsers } from "../api";

const defaults: UserFilterState = {
  search: "",
  role: "all",
  status: "all",
  country: "",
  child: "all",
  sort: "",
};

export const statusTone: Record<string, BadgeTone> = {
  active: "success",
  disabled: "warning",
  pending_deletion: "danger",
  erased: "neutral",
};

function ExportButton({ filters }: { filters: UserFilterState }) {
  const { t } = useTranslation("backoffice");
  const [busy, setBusy] = useState(false);
  return (
    <Button
      variant="secondary"
      loading={busy}
      onClick={async () => {
        setBusy(true);
        try {
          const blob = await exportUsers(filters);
          saveFile(blob, `users-${new Date().toISOString().slice(0, 10)}.csv`);
          showSuccess(t("users.exported"));
        } catch (error) {
          showError(error);
        } finally {
          setBusy(false);
        }
      }}
    >
      <Download aria-hidden="true" className="size-4" />
      {t("users.export")}
    </Button>
  );
}

function UserName({ user }: { user: UserRow }) {
  const full = `${user.first_name} ${user.last_name}`.trim();
  return (
    <Link to={`/af/users/${user.id}`} className="flex min-w-0 flex-col gap-0.5 rounded-sm focus-ring">
      <span className="truncate font-medium text-primary hover:underline">{full || user.username}</span>
      <span className="truncate text-xs text-fg-muted">@{user.username}</span>
    </Link>
  );
}

export default function UsersPage() {
  const { t, i18n } = useTranslation("backoffice");
  const language = dateLanguage(i18n.language);
  const canExport = useSession((s) => s.permissions.includes("isUserExportManager"));
  const [state, update] = useUrlState(defaults);
  const [country, setCountry] = useState(state.country);
  const users = useUsers(state);
  const rows = users.data?.pages.flatMap((p) => p.data) ?? [];
  const total = users.data?.pages[0]?.total ?? 0;
  const filtered = Object.entries(state).some(
    ([k, v]) => k !== "sort" && v !== defaults[k as keyof UserFilterState],
  );
  const sort = urlSort(state, update);
  // The columns the API sorts by (the contract's userSortKeys), in the table's order.
  const columns = [
    { key: "name", label: t("users.columns.name") },
    { key: "email", label: t("users.columns.email") },
    { key: "role", label: t("users.columns.role") },
    { key: "status", label: t("users.columns.status") },
    { key: "country", label: t("users.columns.country"), className: "md:max-lg:hidden" },
    { key: "created_at", label: t("users.columns.joined"), className: "md:max-lg:hidden" },
    { key: "last_active_at", label: t("users.columns.lastActive"), className: "md:max-xl:hidden" },
  ];

  return (
    <Container className="py-6 sm:py-8">
      <PageHeader
        title={t("users.title")}
        subtitle={t("users.subtitle")}
        actions={canExport ? <ExportButton filters={state} /> : undefined}
      />
      <FiltersBar>
        <Field label={t("users.search")} className="min-w-0 sm:min-w-64 sm:flex-[2]">
          {(control) => (
            <SearchInput
              id={control.id}
              value={state.search}
              onSearch={(search) => update({ search })}
              label={t("users.search")}
              placeholder={t("users.searchPlaceholder")}
            />
          )}
        </Field>
        <div className="grid grid-cols-2 gap-3 sm:contents">
          <Field label={t("users.role")} className="sm:w-40">
            <Select
              value={state.role}
              onChange={(e) => update({ role: e.target.value })}
              options={[
                { value: "all", label: t("users.any") },
                ...["1", "3", "4", "5"].map((r) => ({ value: r, label: t(`roles.${r}`) })),
              ]}
            />
          </Field>
          <Field label={t("users.status")} className="sm:w-44">
            <Select
              value={state.status}
              onChange={(e) => update({ status: e.target.value })}
              options={[
                { value: "all", label: t("users.any") },
                ...["active", "disabled", "pending_deletion", "erased"].map((s) => ({
                  value: s,
                  label: t(`status.${s}`),
                })),
              ]}
            />
          </Field>
          <Field label={t("users.country")} className="sm:w-28">
            <Input
              value={country}
              placeholder={t("users.countryHint")}
              maxLength={2}
              autoComplete="off"
              className="uppercase placeholder:normal-case"
              onChange={(e) => {
                const next = e.target.value.replace(/[^a-z]/gi, "").toUpperCase();
                setCountry(next);
                if (next.length === 2 || next.length === 0) update({ country: next });
              }}
            />
          </Field>
          <Field label={t("users.child")} className="sm:w-36">
            <Select
              value={state.child}
              onChange={(e) => update({ child: e.target.value })}
              options={[
                { value: "all", label: t("users.any") },
                { value: "yes", label: t("users.childYes") },
                { value: "no", label: t("users.childNo") },
              ]}
            />
          </Field>
          <SortSelect sort={sort} columns={columns} className="col-span-2 md:hidden" />
        </div>
      </FiltersBar>
      <ListStates
        query={users}
        isEmpty={rows.length === 0}
        loadingLabel={t("loading")}
        errorMessage={t("loadFailed")}
        retryLabel={t("retry")}
        empty={
          <EmptyState
            icon={filtered ? <SearchX /> : <Users />}
            title={filtered ? t("users.noMatch") : t("users.empty")}
            text={filtered ? t("users.noMatchText") : undefined}
          />
        }
      >
        <p className="mb-2 text-sm text-fg-muted" role="status">
          {t("users.count", {
            count: total,
            shown: formatNumber(rows.length, i18n.language),
            total: formatNumber(total, i18n.language),
          })}
        </p>
        <Table caption={t("users.title")} aria-busy={users.isFetching || undefined}>
          <TableHead>
            <TableRow>
              {columns.map((column) => (
                <SortableHeaderCell
                  key={column.key}
                  className={column.className}
                  direction={sort.order?.key === column.key ? sort.order.direction : undefined}
                  onSort={() => sort.onSort(column.key)}
                >
                  {column.label}
                </SortableHeaderCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((user) => (
              <TableRow key={user.id}>
                <TableCell className="max-w-56">
                  <UserName user={user} />
                </TableCell>
                <TableCell className="max-w-64 truncate">{user.email ?? user.phone ?? "—"}</TableCell>
                <TableCell className="whitespace-nowrap">
                  <span className="inline-flex flex-wrap gap-1">
                    <Badge tone={user.role_id === Role.learner ? "neutral" : "primary"}>
                      {t(`roles.${user.role_id}`)}
                    </Badge>
                    {user.is_child && <Badge tone="accent">{t("users.childBadge")}</Badge>}
                  </span>
                </TableCell>
                <TableCell className="whitespace-nowrap">
                  <Badge tone={statusTone[user.status] ?? "neutral"}>{t(`status.${user.status}`)}</Badge>
                </TableCell>
                <TableCell className="md:max-lg:hidden">{user.country ?? "—"}</TableCell>
                <TableCell className="whitespace-nowrap tabular-nums md:max-lg:hidden">
                  {formatDate(user.created_at, language)}
                </TableCell>
                <TableCell className="whitespace-nowrap md:max-xl:hidden">
                  {user.last_active_at ? relativeTime(user.last_active_at, language) : t("users.never")}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
        {users.hasNextPage && (
          <div className="mt-4 flex justify-center">
            <Button
              variant="secondary"
              loading={users.isFetchingNextPage}
              onClick={() => void users.fetchNextPage()}
            >
              {t("users.more")}
            </Button>
          </div>
        )}
      </ListStates>
    </Container>
  );
}
