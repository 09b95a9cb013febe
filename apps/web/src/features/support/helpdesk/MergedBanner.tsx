/**
 * A merged duplicate says where its conversation went: the desk and the learner get a link to the
 * kept ticket; a guest (whose link opens one ticket) is pointed at the mail with the kept ticket's link.
 */
import type { TicketDetail } from "@aprendo/contract";
import { Merge } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Banner, Button } from "../../../components/ui";
import type { TicketViewer } from "../api";

export function MergedBanner({ ticket, viewer }: { ticket: TicketDetail; viewer: TicketViewer }) {
  const { t } = useTranslation("support");
  const into = ticket.merged_into;
  if (!into) return null;
  const to =
    viewer.kind === "staff"
      ? `/af/tickets/${into.id}`
      : viewer.kind === "learner"
        ? `/iu/tickets/${into.id}`
        : null;
  return (
    <Banner
      tone="info"
      title={
        <span className="inline-flex items-center gap-2">
          <Merge aria-hidden="true" className="size-4" />
          {viewer.kind === "staff"
            ? t("helpdesk.merge.mergedInto", { reference: into.reference })
            : t("helpdesk.merge.mergedIntoRequester", { reference: into.reference })}
        </span>
      }
      action={
        to ? (
          <Button asChild variant="secondary" size="sm">
            <Link to={to} data-testid="merged-into-link">
              {t("helpdesk.merge.openKept", { reference: into.reference })}
            </Link>
          </Button>
        ) : undefined
      }
    >
      <span data-testid="merged-into">
        {viewer.kind === "guest" ? t("helpdesk.merge.guestHint", { reference: into.reference }) : null}
      </span>
    </Banner>
  );
}
