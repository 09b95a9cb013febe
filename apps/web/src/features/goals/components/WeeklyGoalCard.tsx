/**
 * The dashboard's weekly goal: this week's minutes against the goal, the streak
 * of weeks that met it, and the week's chart; or, without a goal, the choice of one.
 */
import { Flame, Target } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Badge, Button, Card, ErrorState, ProgressBar, Skeleton } from "../../../components/ui";
import { useLearningWeek } from "../api";
import { formatMinutes } from "../logic";
import { GoalEditor } from "./GoalEditor";
import { WeekChart } from "./WeekChart";

export function WeeklyGoalCard() {
  const { t } = useTranslation("goals");
  const week = useLearningWeek();
  const [editing, setEditing] = useState(false);

  if (week.isPending) return <Skeleton className="h-64 w-full" />;
  if (week.isError)
    return (
      <ErrorState
        message={t("failed")}
        retryLabel={t("retry")}
        onRetry={() => void week.refetch()}
        retrying={week.isFetching}
      />
    );

  const data = week.data;
  const goal = data.weekly_minutes;
  const showEditor = editing || goal === null;
  return (
    <section aria-labelledby="goal-heading" data-testid="weekly-goal">
      <Card className="flex flex-col gap-5 p-5 sm:p-6">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="flex min-w-0 items-center gap-3">
            <span
              aria-hidden="true"
              className="flex size-11 shrink-0 items-center justify-center rounded-lg bg-primary-soft text-primary"
            >
              <Target className="size-5" />
            </span>
            <h2 id="goal-heading" className="text-xl font-semibold text-fg">
              {t("title")}
            </h2>
          </div>
          {goal !== null && (
            <Badge tone={data.streak_weeks > 0 ? "warning" : "neutral"} title={t("streakHint")}>
              <Flame aria-hidden="true" className="size-4" />
              {data.streak_weeks > 0 ? t("streak", { count: data.streak_weeks }) : t("noStreak")}
            </Badge>
          )}
        </div>

        {/* Side by side from large screens; stacked on phones. */}
        <div className="grid gap-6 lg:grid-cols-2 lg:items-start">
          <div className="flex flex-col gap-5">
            {goal !== null && !editing && (
              <div className="flex flex-col gap-2">
                <p className="text-lg font-semibold text-fg" data-testid="goal-progress">
                  {t("progress", { done: formatMinutes(data.week_minutes), goal: formatMinutes(goal) })}
                </p>
                <ProgressBar
                  value={Math.min(data.week_minutes, goal)}
                  max={goal}
                  label={t("progressLabel")}
                  valueText={t("progress", {
                    done: formatMinutes(data.week_minutes),
                    goal: formatMinutes(goal),
                  })}
                  tone={data.goal_met ? "success" : "primary"}
                />
                <p className="text-sm text-fg-muted">
                  {data.goal_met ? t("met") : t("left", { left: formatMinutes(goal - data.week_minutes) })}
                </p>
              </div>
            )}
            {goal === null && (
              <p className="text-sm text-fg-muted">
                {t("intro")} {t("noGoalWeek", { done: formatMinutes(data.week_minutes) })}
              </p>
            )}

            {showEditor ? (
              <GoalEditor current={goal} onDone={() => setEditing(false)} />
            ) : (
              <div>
                <Button variant="secondary" size="sm" onClick={() => setEditing(true)}>
                  {t("change")}
                </Button>
              </div>
            )}
          </div>
          <WeekChart week={data} />
        </div>
      </Card>
    </section>
  );
}
