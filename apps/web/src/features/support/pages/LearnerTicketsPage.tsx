/**
 * /iu/tickets/{id?}: the learner's tickets beside the one selected (the path's id, or
 * `individualTicketSelect` from a notification), and a new ticket (`?new=1`, with the lecture's
 * course, lecture and video time when opened from a lecture). On phones the list and the ticket
 * take turns.
 */
import { learnerTicketStatusFilters } from "@aprendo/contract";
import { ArrowLeft, Inbox, LifeBuoy, Plus, SearchX } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link, useParams, useSearchParams } from "react-router";
import { ListStates, SearchInput, usePageState } from "../../../components/admin";
import {
  Button,
  Card,
  Container,
  EmptyState,
  ErrorState,
  PageHeader,
  Pagination,
  Select,
  Skeleton,
  SkeletonText,
} from "../../../components/ui";
import { cn } from "../../../lib/cn";
import { ApiError } from "../../../lib/http";
import { useSafeNavigate } from "../../../lib/navigation";
import { showSuccess } from "../../../lib/toast";
import { useLearnerTickets, useOpenLearnerTicket, useTicket } from "../api";
import { NewTicketForm } from "../components/NewTicketForm";
import { TicketListItem } from "../components/TicketListItem";
import { TicketView } from "../components/TicketView";
import { lectureContextFrom, pageCount, selectedTicketId } from "../logic";

const viewer = { kind: "learner" } as const;
const defaults = { status: "all", search: "", page: "1" };

function ListSkeleton() {
  return (
    <div className="flex flex-col gap-2">
      {[0, 1, 2, 3].map((i) => (
        <div key={i} className="flex flex-col gap-2 rounded-lg border border-border bg-surface px-4 py-3">
          <Skeleton className="h-3 w-24" />
          <Skeleton className="h-4 w-2/3" />
          <Skeleton className="h-3 w-full" />
        </div>
      ))}
    </div>
  );
}

function SelectedTicket({ id }: { id: number }) {
  const { t } = useTranslation("support");
  const ticket = useTicket(viewer, id);
  if (ticket.isPending)
    return (
      <Card aria-busy="true" className="gap-4 p-6">
        <SkeletonText lines={2} className="w-1/2" />
        <SkeletonText lines={6} />
      </Card>
    );
  if (ticket.isError)
    return ticket.error instanceof ApiError && ticket.error.status === 404 ? (
      <EmptyState icon={<SearchX />} title={t("notFound.title")} text={t("notFound.text")} />
    ) : (
      <ErrorState
        message={t("errors.ticket")}
        retryLabel={t("errors.retry")}
        onRetry={() => void ticket.refetch()}
        retrying={ticket.isFetching}
      />
    );
  return <TicketView ticket={ticket.data} viewer={viewer} headingLevel={2} />;
}

export default function LearnerTicketsPage() {
  const { t } = useTranslation("support");
  const navigate = useSafeNavigate();
  const [params] = useSearchParams();
  const [state, update] = usePageState(defaults);
  const selected = selectedTicketId(useParams().id, params);
  const creating = params.get("new") === "1";
  const lecture = lectureContextFrom(params);
  const page = Math.max(1, Number(state.page) || 1);
  const list = useLearnerTickets({ status: state.status, search: state.search, page });
  const open = useOpenLearnerTicket();
  const rows = list.data?.data ?? [];
  const detailShown = creating || selected !== null;
  const listQuery = (() => {
    const q = new URLSearchParams();
    if (state.status !== "all") q.set("status", state.status);
    if (state.search) q.set("search", state.search);
    if (page > 1) q.set("page", String(page));
    const text = q.toString();
    return text ? `?${text}` : "";
  })();
  const filtered = state.status !== "all" || state.search !== "";

  const newButton = (
    <Button asChild>
      <Link to={`/iu/tickets?new=1${listQuery ? `&${listQuery.slice(1)}` : ""}`} data-testid="new-ticket">
        <Plus aria-hidden="true" className="size-4" />
        {t("learner.new")}
      </Link>
    </Button>
  );

  return (
    <Container className="py-6 sm:py-8">
      <PageHeader title={t("learner.title")} subtitle={t("learner.subtitle")} actions={newButton} />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(18rem,24rem)_minmax(0,1fr)]">
        <section
          aria-labelledby="my-tickets"
          className={cn("flex min-w-0 flex-col gap-3", detailShown && "max-lg:hidden")}
        >
          <h2 id="my-tickets" className="sr-only">
            {t("learner.listTitle")}
          </h2>
          <search className="flex flex-col gap-2 sm:flex-row lg:flex-col xl:flex-row">
            <SearchInput
              value={state.search}
              onSearch={(search) => update({ search })}
              label={t("list.search")}
              placeholder={t("list.searchPlaceholder")}
            />
            <Select
              aria-label={t("list.statusFilter")}
              value={state.status}
              onChange={(event) => update({ status: event.target.value })}
              options={learnerTicketStatusFilters.map((s) => ({ value: s, label: t(`filters.${s}`) }))}
              className="sm:w-44 lg:w-full xl:w-44"
            />
          </search>
          <ListStates
            query={list}
            isEmpty={rows.length === 0}
            loading={<ListSkeleton />}
            loadingLabel={t("list.loading")}
            errorMessage={t("errors.list")}
            retryLabel={t("errors.retry")}
            empty={
              <EmptyState
                icon={filtered ? <SearchX /> : <Inbox />}
                title={filtered ? t("list.noMatch") : t("learner.emptyTitle")}
                text={filtered ? t("list.noMatchText") : t("learner.emptyText")}
              />
            }
          >
            <ul className="flex flex-col gap-2" aria-busy={list.isFetching || undefined}>
              {rows.map((ticket) => (
                <li key={ticket.id}>
                  <TicketListItem
                    ticket={ticket}
                    to={`/iu/tickets/${ticket.id}${listQuery}`}
                    selected={ticket.id === selected}
                  />
                </li>
              ))}
            </ul>
            {(list.data?.total ?? 0) > 20 && (
              <Pagination
                page={page}
                pageCount={pageCount(list.data?.total ?? 0, 20)}
                onPageChange={(next) => update({ page: String(next) })}
                label={t("list.pagination")}
                previousLabel={t("list.previous")}
                nextLabel={t("list.next")}
                pageLabel={(p, count) => t("list.pageOf", { page: p, count })}
              />
            )}
          </ListStates>
        </section>
        <section aria-label={t("learner.detail")} className={cn("min-w-0", !detailShown && "max-lg:hidden")}>
          {detailShown && (
            <Link
              to={`/iu/tickets${listQuery}`}
              className="mb-4 inline-flex min-h-11 items-center gap-1.5 rounded-sm text-sm text-fg-muted hover:text-fg focus-ring lg:hidden"
            >
              <ArrowLeft aria-hidden="true" className="size-4" />
              {t("learner.back")}
            </Link>
          )}
          {creating ? (
            <Card className="p-5 sm:p-6">
              <h2 className="mb-5 text-xl font-semibold text-fg">{t("learner.newTitle")}</h2>
              <NewTicketForm
                mode="learner"
                lecture={lecture}
                onCancel={() => navigate(`/iu/tickets${listQuery}`)}
                onSubmit={async (body) => {
                  const answer = await open.mutateAsync(body);
                  if (answer.message) showSuccess(answer.message);
                  navigate(`/iu/tickets/${answer.data.id}`);
                }}
              />
            </Card>
          ) : selected !== null ? (
            <SelectedTicket key={selected} id={selected} />
          ) : (
            <div className="flex h-full min-h-64 flex-col items-center justify-center gap-3 rounded-lg border border-dashed border-border-strong p-8 text-center">
              <LifeBuoy aria-hidden="true" className="size-10 text-primary" />
              <p className="text-base font-medium text-fg">{t("learner.chooseTitle")}</p>
              <p className="max-w-sm text-sm text-fg-muted">{t("learner.chooseText")}</p>
            </div>
          )}
        </section>
      </div>
    </Container>
  );
}
