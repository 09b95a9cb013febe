/** /404: every unknown path ends here (spec section 2). */
import { Compass } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { dashboardOf } from "../../../app/guards";
import { Button, Container, EmptyState } from "../../../components/ui";
import { useSession } from "../../../stores/session";

export default function NotFoundPage() {
  const { t } = useTranslation("common");
  const role = useSession((s) => s.role);
  return (
    <Container size="reading" className="py-16">
      <h1 className="sr-only">{t("notFound.title")}</h1>
      <EmptyState
        icon={<Compass />}
        title={t("notFound.title")}
        text={t("notFound.text")}
        action={
          <Button asChild>
            <Link to={role ? dashboardOf(role) : "/"}>{t("notFound.home")}</Link>
          </Button>
        }
      />
    </Container>
  );
}
