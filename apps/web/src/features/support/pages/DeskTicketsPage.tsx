/** /af/tickets: every ticket of the desk. */
import { Inbox, MessageSquareQuote } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Button, Container, PageHeader } from "../../../components/ui";
import { DeskWorkloadCard } from "../../privacy/components/TicketSpecialistTools";
import { DeskTicketList } from "../components/DeskTicketList";
import { ResponseTimesCard } from "../helpdesk/ResponseTimes";

export default function DeskTicketsPage() {
  const { t } = useTranslation("support");
  return (
    <Container className="py-6 sm:py-8">
      <PageHeader
        title={t("desk.title")}
        subtitle={t("desk.subtitle")}
        actions={
          <>
            <Button asChild variant="secondary">
              <Link to="/af/tickets/canned-replies" data-testid="canned-replies-link">
                <MessageSquareQuote aria-hidden="true" className="size-4" />
                {t("helpdesk.canned.manage")}
              </Link>
            </Button>
            <Button asChild variant="secondary">
              <Link to="/af/tickets/me">
                <Inbox aria-hidden="true" className="size-4" />
                {t("desk.myTickets")}
              </Link>
            </Button>
          </>
        }
      />
      <DeskWorkloadCard />
      <ResponseTimesCard />
      <DeskTicketList mine={false} />
    </Container>
  );
}
