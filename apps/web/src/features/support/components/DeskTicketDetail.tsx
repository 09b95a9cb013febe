/**
 * One ticket at the desk: claim it (of two administrators claiming at once one wins; the other sees
 * who), reply, resolve or reopen it, and hand it over to another desk administrator.
 */
import { ArrowLeft, Hand, SearchX, UserRoundCog } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import {
  Banner,
  Button,
  Card,
  Dialog,
  EmptyState,
  ErrorState,
  Field,
  Select,
  SkeletonText,
} from "../../../components/ui";
import { ApiError } from "../../../lib/http";
import { showError, showSuccess } from "../../../lib/toast";
import { useSession } from "../../../stores/session";
import { RefundPurchases, UnclaimButton } from "../../privacy/components/TicketSpecialistTools";
import { useAssignees, useClaim, useHandOver, useTicket } from "../api";
import { MergeDialog } from "../helpdesk/MergeDialog";
import { NotesPanel } from "../helpdesk/NotesPanel";
import { TriagePanel } from "../helpdesk/TriagePanel";
import { TicketView } from "./TicketView";

const viewer = { kind: "staff" } as const;

function HandOverDialog({ ticketId, claimerId }: { ticketId: number; claimerId: number | null }) {
  const { t } = useTranslation("support");
  const [open, setOpen] = useState(false);
  const [adminId, setAdminId] = useState("");
  const [error, setError] = useState<string | undefined>();
  const assignees = useAssignees(open);
  const handOver = useHandOver(ticketId);
  const options = (assignees.data ?? [])
    .filter((a) => a.id !== claimerId)
    .map((a) => ({ value: String(a.id), label: `${a.name} (@${a.username})` }));

  const submit = async () => {
    if (!adminId) {
      setError(t("handOver.required"));
      return;
    }
    try {
      const answer = await handOver.mutateAsync(Number(adminId));
      if (answer.message) showSuccess(answer.message);
      setOpen(false);
      setAdminId("");
    } catch (failure) {
      showError(failure);
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        setError(undefined);
      }}
      trigger={
        <Button variant="secondary">
          <UserRoundCog aria-hidden="true" className="size-4" />
          {t("actions.handOver")}
        </Button>
      }
      title={t("handOver.title")}
      description={t("handOver.text")}
      closeLabel={t("handOver.close")}
      footer={
        <>
          <Button variant="secondary" onClick={() => setOpen(false)}>
            {t("form.cancel")}
          </Button>
          <Button onClick={() => void submit()} loading={handOver.isPending}>
            {t("handOver.submit")}
          </Button>
        </>
      }
    >
      <Field label={t("handOver.admin")} error={error} required>
        <Select
          value={adminId}
          onChange={(event) => {
            setAdminId(event.target.value);
            setError(undefined);
          }}
          placeholder={assignees.isPending ? t("handOver.loading") : t("handOver.choose")}
          options={options}
        />
      </Field>
    </Dialog>
  );
}

export function DeskTicketDetail({ id, back }: { id: number; back: { to: string; label: string } }) {
  const { t } = useTranslation("support");
  const me = useSession((s) => s.user?.id);
  const ticket = useTicket(viewer, id);
  const claim = useClaim();
  const [lostClaim, setLostClaim] = useState(false);

  const backLink = (
    <Link
      to={back.to}
      className="mb-4 inline-flex min-h-11 items-center gap-1.5 rounded-sm text-sm text-fg-muted hover:text-fg focus-ring sm:min-h-8"
    >
      <ArrowLeft aria-hidden="true" className="size-4" />
      {back.label}
    </Link>
  );

  if (!(id > 0))
    return (
      <div>
        {backLink}
        <EmptyState icon={<SearchX />} title={t("notFound.title")} text={t("notFound.deskText")} />
      </div>
    );
  if (ticket.isPending)
    return (
      <div>
        {backLink}
        <Card aria-busy="true" className="gap-4 p-6">
          <SkeletonText lines={2} className="w-1/2" />
          <SkeletonText lines={6} />
        </Card>
      </div>
    );
  if (ticket.isError)
    return (
      <div>
        {backLink}
        {ticket.error instanceof ApiError && ticket.error.status === 404 ? (
          <EmptyState icon={<SearchX />} title={t("notFound.title")} text={t("notFound.deskText")} />
        ) : (
          <ErrorState
            message={t("errors.ticket")}
            retryLabel={t("errors.retry")}
            onRetry={() => void ticket.refetch()}
            retrying={ticket.isFetching}
          />
        )}
      </div>
    );

  const data = ticket.data;
  const claimer = data.claimed_by;
  const claimedByOther = claimer !== null && claimer.id !== me;

  const doClaim = async () => {
    try {
      const answer = await claim.mutateAsync(id);
      setLostClaim(false);
      if (answer.message) showSuccess(answer.message);
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) setLostClaim(true);
      showError(error);
    }
  };

  const notice = claimedByOther ? (
    <Banner tone={lostClaim ? "warning" : "info"} title={lostClaim ? t("desk.lostClaim") : undefined}>
      <span data-testid="claimed-by-other">{t("desk.handledByOther", { name: claimer.name })}</span>
    </Banner>
  ) : null;

  return (
    <div>
      {backLink}
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="flex min-w-0 flex-col gap-6">
          <TicketView
            ticket={data}
            viewer={viewer}
            notice={notice}
            actions={
              <>
                {data.abilities.claim && (
                  <Button onClick={() => void doClaim()} loading={claim.isPending} data-testid="claim-ticket">
                    <Hand aria-hidden="true" className="size-4" />
                    {t("actions.claim")}
                  </Button>
                )}
                {data.abilities.hand_over && (
                  <HandOverDialog ticketId={data.id} claimerId={claimer?.id ?? null} />
                )}
                <UnclaimButton
                  ticketId={data.id}
                  claimerId={claimer?.id ?? null}
                  resolved={data.status === "resolved"}
                />
                {data.merged_into === null && data.abilities.reply && <MergeDialog ticketId={data.id} />}
              </>
            }
          />
          <RefundPurchases
            ticketId={data.id}
            subjectId={data.subject.id}
            guest={data.requester.kind === "guest"}
          />
        </div>
        <aside className="flex flex-col gap-6" aria-label={t("helpdesk.triage.title")}>
          <TriagePanel key={`${data.id}-${data.desk?.priority}-${data.desk?.tags.join(",")}`} ticket={data} />
          <NotesPanel ticketId={data.id} />
        </aside>
      </div>
    </div>
  );
}
