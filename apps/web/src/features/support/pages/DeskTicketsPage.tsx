/** /af/tickets: every ticket of the desk. */
import { Inbox } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Button, Container, PageHeader } from "../../../components/ui";
import { DeskWorkloadCard } from "../../privacy/components/TicketSpecialistTools";
import { DeskTicketList } from "../components/DeskTicketList";

export default function DeskTicketsPage() {
  const { t } = useTranslation("support");
  return (
    <Container className="py-6 sm:py-8">
      <PageHeader
        title={t("desk.title")}
        subtitle={t("desk.subtitle")}
        actions={
          <Button asChild variant="secondary">
            <Link to="/af/tickets/me">
              <Inbox aria-hidden="true" className="size-4" />
              {t("desk.myTickets")}
            </Link>
          </Button>
        }
      />
      <DeskWorkloadCard />
      <DeskTicketList mine={false} />
    </Container>
  );
}
