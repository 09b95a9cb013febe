/** /af/tickets/{id}: one ticket of the desk. */
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { Container } from "../../../components/ui";
import { DeskTicketDetail } from "../components/DeskTicketDetail";
import { selectedTicketId } from "../logic";

export default function DeskTicketPage() {
  const { t } = useTranslation("support");
  const id = selectedTicketId(useParams().id, new URLSearchParams()) ?? 0;
  return (
    <Container className="py-6 sm:py-8">
      <div className="mx-auto w-full max-w-6xl">
        <DeskTicketDetail key={id} id={id} back={{ to: "/af/tickets", label: t("desk.backAll") }} />
      </div>
    </Container>
  );
}
