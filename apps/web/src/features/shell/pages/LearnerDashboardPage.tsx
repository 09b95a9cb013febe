/**
 * The learner's first page: continue where you left off, my titles, recommendations, the weekly goal,
 * shortcuts. The greeting lives in the top bar (spec: learners' top bar), so the page does not repeat it.
 */
import { ArrowRight } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Card, Container } from "../../../components/ui";
import { AdvertSlot } from "../../adverts/components/AdvertSlot";
import { LearningWidgets } from "../../catalog/components/LearningWidgets";
import { WeeklyGoalCard } from "../../goals/components/WeeklyGoalCard";
import { learnerNav } from "../nav";

export default function LearnerDashboardPage() {
  const { t } = useTranslation("shell");
  const shortcuts = learnerNav.flatMap((g) => g.items).filter((item) => item.to !== "/iu/dashboard");
  return (
    <Container className="py-6 sm:py-8">
      <header className="mb-8 flex flex-col gap-1">
        <h1 className="text-2xl font-semibold tracking-tight text-fg sm:text-3xl">
          {t("dashboard.learnerHeading")}
        </h1>
        <p className="text-base text-fg-muted">{t("dashboard.learnerIntro")}</p>
      </header>
      <div className="mb-10">
        <LearningWidgets />
      </div>
      <div className="mb-10">
        <WeeklyGoalCard />
      </div>
      <h2 className="mb-4 text-xl font-semibold text-fg">{t("dashboard.shortcuts")}</h2>
      <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3">
        {shortcuts.map((item) => (
          <li key={item.to}>
            <Card interactive className="relative h-full flex-row items-start gap-4 p-5">
              <span
                aria-hidden="true"
                className="flex size-11 shrink-0 items-center justify-center rounded-lg bg-primary-soft text-primary"
              >
                <item.icon className="size-5" />
              </span>
              <span className="flex min-w-0 flex-1 flex-col gap-1">
                <Link
                  to={item.to}
                  className="font-semibold text-fg after:absolute after:inset-0 after:rounded-lg focus-visible:outline-none focus-visible:after:outline-2 focus-visible:after:outline-ring"
                >
                  {t(item.label)}
                </Link>
                <span className="text-sm text-fg-muted">{t(`${item.label}Hint`)}</span>
              </span>
              <ArrowRight aria-hidden="true" className="mt-1 size-4 shrink-0 text-fg-muted" />
            </Card>
          </li>
        ))}
      </ul>
      {/* Last on the page: adverts arrive after the content and must not push it down. */}
      <AdvertSlot placement="dashboard_sidebar" className="mt-10" />
    </Container>
  );
}
