/** The dashboard of administrators, head administrators and master administrators: a welcome and shortcuts. */
import { ArrowRight } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Card, Container } from "../../../components/ui";
import { useSession } from "../../../stores/session";
import { Greeting } from "../components/Greeting";
import { navigationFor } from "../nav";

export default function AdminDashboardPage() {
  const { t } = useTranslation("shell");
  const user = useSession((s) => s.user);
  const role = useSession((s) => s.role) ?? 3;
  const permissions = useSession((s) => s.permissions);
  const groups = navigationFor(role, permissions)
    .map((g) => ({ ...g, items: g.items.filter((i) => !i.to.endsWith("/dashboard")) }))
    .filter((g) => g.items.length > 0);
  return (
    <Container className="py-6 sm:py-8">
      <header className="mb-8 flex flex-col gap-1">
        <h1 className="text-2xl font-semibold tracking-tight text-fg sm:text-3xl">
          <Greeting firstName={user?.first_name} />
        </h1>
        <p className="text-base text-fg-muted">{t(`dashboard.intro${role}`)}</p>
      </header>
      <div className="flex flex-col gap-8">
        {groups.map((group, index) => (
          <section key={group.label ?? index} aria-labelledby={`group-${index}`}>
            <h2 id={`group-${index}`} className="mb-3 text-xl font-semibold text-fg">
              {t(group.label ?? "dashboard.shortcuts")}
            </h2>
            <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-3">
              {group.items.map((item) => (
                <li key={item.to}>
                  <Card interactive className="relative h-full flex-row items-center gap-3 p-4">
                    <span
                      aria-hidden="true"
                      className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-primary-soft text-primary"
                    >
                      <item.icon className="size-5" />
                    </span>
                    <Link
                      to={item.to}
                      className="flex-1 font-medium text-fg after:absolute after:inset-0 after:rounded-lg focus-visible:outline-none focus-visible:after:outline-2 focus-visible:after:outline-ring"
                    >
                      {t(item.label)}
                    </Link>
                    <ArrowRight aria-hidden="true" className="size-4 shrink-0 text-fg-muted" />
                  </Card>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>
    </Container>
  );
}
