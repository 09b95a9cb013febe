/** /ma/creation-requests: requests to decide (oldest first) and the decided ones, by status. */
import { Inbox } from "lucide-react";
import { useTranslation } from "react-i18next";
import {
  ListPaging,
  ListStates,
  listRowsProps,
  pagingTexts,
  SortSelect,
  urlSort,
  useUrlState,
} from "../../../components/admin";
import { Container, EmptyState, PageHeader, Skeleton } from "../../../components/ui";
import { perPage, useCreationRequests } from "../api";
import { RequestCard } from "../components/RequestCard";
import { StatusFilter } from "../components/StatusFilter";

const statuses = ["pending", "approved", "rejected", "cancelled", "all"] as const;
const defaults = { status: "pending", page: "1", sort: "" };

export default function CreationRequestsPage() {
  const { t } = useTranslation("administration");
  const [state, update] = useUrlState(defaults);
  const page = Math.max(1, Number(state.page) || 1);
  const list = useCreationRequests("ma", { status: state.status, sort: state.sort, page });
  const rows = list.data?.data ?? [];
  return (
    <Container className="py-6 sm:py-8">
      <PageHeader title={t("requests.title")} subtitle={t("requests.subtitle")} />
      <StatusFilter
        value={state.status}
        onChange={(status) => update({ status })}
        label={t("admins.status")}
        options={statuses.map((status) => ({
          value: status,
          label: status === "all" ? t("common.all") : t(`status.${status}`),
        }))}
      />
      {/* Requests are cards (no header row to click), so the order is a select at every width. */}
      <SortSelect
        sort={urlSort(state, update)}
        className="mb-4 sm:w-64"
        columns={[
          { key: "created_at", label: t("requests.sent") },
          { key: "kind", label: t("requests.kind") },
          { key: "status", label: t("admins.status") },
          { key: "decided_at", label: t("requests.decided") },
        ]}
      />
      <ListStates
        query={list}
        isEmpty={rows.length === 0}
        loadingLabel={t("common.loading")}
        errorMessage={t("common.loadFailed")}
        retryLabel={t("common.retry")}
        loading={
          <div className="flex flex-col gap-4">
            <Skeleton className="h-48" />
            <Skeleton className="h-48" />
          </div>
        }
        empty={
          <EmptyState
            icon={<Inbox />}
            title={state.status === "pending" ? t("requests.emptyPending") : t("requests.empty")}
            text={state.status === "pending" ? t("requests.emptyPendingText") : t("requests.emptyText")}
          />
        }
      >
        <div aria-busy={list.isFetching || undefined} {...listRowsProps(list, "flex flex-col gap-4")}>
          {rows.map((request) => (
            <RequestCard key={request.id} request={request} mode="master" headingLevel={2} />
          ))}
        </div>
        <ListPaging
          page={page}
          total={list.data?.total ?? 0}
          perPage={perPage}
          onPageChange={(next) => update({ page: String(next) })}
          texts={pagingTexts(t, "common.")}
        />
      </ListStates>
    </Container>
  );
}
