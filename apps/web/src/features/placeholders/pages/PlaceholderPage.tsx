/**
 * The page of an area that a later issue builds: the route's title, what the area will hold, and an
 * empty state with a way back. The issue that builds the area points its routes at its own pages.
 */
import { Construction } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link, useMatches } from "react-router";
import { dashboardOf } from "../../../app/guards";
import type { RouteHandle } from "../../../app/routes";
import { Button, Container, EmptyState, PageHeader } from "../../../components/ui";
import { useSession } from "../../../stores/session";

export default function PlaceholderPage() {
  const { t } = useTranslation(["placeholders", "shell"]);
  const matches = useMatches();
  const handle = (matches.at(-1)?.handle ?? {}) as RouteHandle;
  const area = handle.area ?? "courses";
  const role = useSession((s) => s.role);
  const home = role ? dashboardOf(role) : "/";
  return (
    <Container className="py-6 sm:py-8">
      <PageHeader
        title={handle.title ? t(handle.title, { ns: "shell" }) : t(`${area}.title`)}
        subtitle={t(`${area}.description`)}
      />
      <EmptyState
        icon={<Construction />}
        title={t("emptyTitle")}
        text={t(`${area}.empty`)}
        action={
          <Button asChild variant="secondary">
            <Link to={home}>{role ? t("backToDashboard") : t("backHome")}</Link>
          </Button>
        }
      />
    </Container>
  );
}
