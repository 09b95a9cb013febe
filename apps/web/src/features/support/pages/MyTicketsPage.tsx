/**
 * /af/tickets/me/{id?}: the tickets this administrator handles, or one of them (where a support
 * notification leads, with `individualTicketSelect`).
 */
import { Ticket } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link, useParams, useSearchParams } from "react-router";
import { Button, Container, PageHeader } from "../../../components/ui";
import { DeskTicketDetail } from "../components/DeskTicketDetail";
import { DeskTicketList } from "../components/DeskTicketList";
import { selectedTicketId } from "../logic";

export default function MyTicketsPage() {
  const { t } = useTranslation("support");
  const [params] = useSearchParams();
  const id = selectedTicketId(useParams().id, params);
  if (id !== null)
    return (
      <Container className="py-6 sm:py-8">
        <div className="mx-auto w-full max-w-6xl">
          <DeskTicketDetail key={id} id={id} back={{ to: "/af/tickets/me", label: t("desk.backMine") }} />
        </div>
      </Container>
    );
  return (
    <Container className="py-6 sm:py-8">
      <PageHeader
        title={t("desk.mineTitle")}
        subtitle={t("desk.mineSubtitle")}
        actions={
          <Button asChild variant="secondary">
            <Link to="/af/tickets">
              <Ticket aria-hidden="true" className="size-4" />
              {t("desk.allTickets")}
            </Link>
          </Button>
        }
      />
      <DeskTicketList mine />
    </Container>
  );
}
