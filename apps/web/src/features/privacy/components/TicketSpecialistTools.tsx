/**
 * Pieces of the ticket desk that belong to specialist flags (docs/privacy.md): the learner's recent
 * purchases on a refund-routed ticket (isTicketRefundManager), "put back in the queue" (the claimer or
 * a team lead), the team lead's workload card (isTicketTeamLeadership) and the routing of a subject
 * (isTicketSubjectManager).
 */
import type { TicketRouting } from "@aprendo/contract";
import { ExternalLink, Gauge, Undo2 } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Badge, Button, Card, Select } from "../../../components/ui";
import { dateLanguage, formatDate, formatMoney, poundsToPence } from "../../../lib/format";
import { showError, showSuccess } from "../../../lib/toast";
import { useSession } from "../../../stores/session";
import { useSetSubjectRoute, useSubjectRoutes, useTicketPurchases, useUnclaim, useWorkload } from "../api";

/** The requester's ten latest orders, shown only on refund-routed tickets to refund managers. */
export function RefundPurchases({
  ticketId,
  subjectId,
  guest,
}: {
  ticketId: number;
  subjectId: number;
  guest: boolean;
}) {
  const { t, i18n } = useTranslation("privacy");
  const manager = useSession((s) => s.permissions.includes("isTicketRefundManager"));
  // The API answers 409 for a ticket whose subject is not routed to refunds (asking on
  // every ticket drew one each time), so the purchases are asked for only once the subject's routing says refund.
  const routes = useSubjectRoutes(manager);
  const allowed = manager && routes.data?.get(subjectId) === "refund";
  const purchases = useTicketPurchases(ticketId, allowed);
  if (!allowed || !purchases.data) return null;
  const lang = dateLanguage(i18n.language);
  return (
    <Card className="mt-4 flex flex-col gap-3 p-4 sm:p-5" data-testid="refund-purchases">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-base font-semibold">{t("purchases.title")}</h2>
        <Button asChild size="sm" variant="secondary">
          <Link to="/af/refunds">
            <ExternalLink aria-hidden="true" className="size-4" />
            {t("purchases.refunds")}
          </Link>
        </Button>
      </div>
      {guest ? (
        <p className="text-sm text-fg-muted">{t("purchases.guest")}</p>
      ) : purchases.data.length === 0 ? (
        <p className="text-sm text-fg-muted">{t("purchases.empty")}</p>
      ) : (
        <ul className="flex flex-col divide-y divide-border text-sm">
          {purchases.data.map((order) => (
            <li key={order.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <span className="min-w-0">
                <span className="font-medium">{t("purchases.order", { reference: order.reference })}</span>
                <span className="block truncate text-xs text-fg-muted">
                  {formatDate(order.created_at, lang)} · {order.items.join(", ")}
                </span>
              </span>
              <span className="flex items-center gap-2">
                <Badge>{order.status}</Badge>
                <span className="tabular-nums">
                  {formatMoney(poundsToPence(order.total), i18n.language, order.currency)}
                </span>
              </span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

/** Puts a claimed ticket back in the unclaimed queue: its claimer, or a team lead for any ticket. */
export function UnclaimButton({
  ticketId,
  claimerId,
  resolved,
}: {
  ticketId: number;
  claimerId: number | null;
  resolved: boolean;
}) {
  const { t } = useTranslation("privacy");
  const me = useSession((s) => s.user?.id);
  const lead = useSession((s) => s.permissions.includes("isTicketTeamLeadership"));
  const unclaim = useUnclaim();
  if (claimerId === null || resolved || (claimerId !== me && !lead)) return null;
  return (
    <Button
      variant="secondary"
      loading={unclaim.isPending}
      onClick={async () => {
        try {
          showSuccess((await unclaim.mutateAsync(ticketId)).message);
        } catch (error) {
          showError(error);
        }
      }}
    >
      <Undo2 aria-hidden="true" className="size-4" />
      {t("workload.unclaim")}
    </Button>
  );
}

/** For team leads: unclaimed tickets and, per desk administrator, tickets in progress and resolved. */
export function DeskWorkloadCard() {
  const { t } = useTranslation("privacy");
  const lead = useSession((s) => s.permissions.includes("isTicketTeamLeadership"));
  const workload = useWorkload(lead);
  if (!lead || !workload.data) return null;
  const busy = workload.data.agents.filter((a) => a.in_progress > 0 || a.resolved > 0);
  return (
    <Card className="mb-4 flex flex-col gap-3 p-4 sm:p-5" data-testid="desk-workload">
      <div className="flex flex-wrap items-center gap-2">
        <Gauge aria-hidden="true" className="size-5 text-primary" />
        <h2 className="text-base font-semibold">{t("workload.title")}</h2>
        <Badge tone={workload.data.unclaimed > 0 ? "warning" : "success"}>
          {t("workload.unclaimed", { count: workload.data.unclaimed })}
        </Badge>
      </div>
      {busy.length > 0 && (
        <table className="w-full text-left text-sm">
          <thead className="text-xs text-fg-muted">
            <tr>
              <th className="py-1 font-medium">{t("workload.agent")}</th>
              <th className="py-1 text-right font-medium">{t("workload.inProgress")}</th>
              <th className="py-1 text-right font-medium">{t("workload.resolved")}</th>
            </tr>
          </thead>
          <tbody>
            {busy.map((agent) => (
              <tr key={agent.id} className="border-t border-border">
                <td className="py-1.5">{agent.name}</td>
                <td className="py-1.5 text-right tabular-nums">{agent.in_progress}</td>
                <td className="py-1.5 text-right tabular-nums">{agent.resolved}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Card>
  );
}

/** The routing of a ticket subject, changed in place from the subjects list. */
export function SubjectRoutingSelect({ subjectId, name }: { subjectId: number; name: string }) {
  const { t } = useTranslation("privacy");
  const routes = useSubjectRoutes();
  const save = useSetSubjectRoute();
  const value = routes.data?.get(subjectId) ?? "";
  return (
    <Select
      aria-label={`${t("routing.label")}: ${name}`}
      title={t("routing.hint")}
      className="min-w-40"
      value={value}
      disabled={routes.isPending || save.isPending}
      onChange={async (event) => {
        const routing = (event.target.value || null) as TicketRouting | null;
        try {
          showSuccess((await save.mutateAsync({ id: subjectId, routing })).message);
        } catch (error) {
          showError(error);
        }
      }}
      options={[
        { value: "", label: t("routing.none") },
        { value: "privacy", label: t("routing.privacy") },
        { value: "refund", label: t("routing.refund") },
      ]}
    />
  );
}
