/**
 * At the end of a lecture whose next lecture is open: "Next: … in 5" counting down, then it opens;
 * "Cancel" stops it, "Play now" goes at once. The count is text (no animation), so reduced motion
 * needs nothing special; screen readers hear the start, not every second.
 */
import { ArrowRight } from "lucide-react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { Button, Card } from "../../../../components/ui";

export const COUNTDOWN_SECONDS = 5;

export function NextCountdown({
  next,
  onCancel,
}: {
  next: { title: string; href: string };
  onCancel: () => void;
}) {
  const { t } = useTranslation("learning");
  const navigate = useNavigate();
  const [left, setLeft] = useState(COUNTDOWN_SECONDS);

  useEffect(() => {
    if (left <= 0) {
      navigate(next.href);
      return;
    }
    const timer = setTimeout(() => setLeft((n) => n - 1), 1000);
    return () => clearTimeout(timer);
  }, [left, navigate, next.href]);

  return (
    <Card className="flex-col gap-3 p-4 sm:flex-row sm:items-center" data-testid="next-countdown">
      <div className="flex min-w-0 flex-1 flex-col">
        <p className="font-semibold text-fg" role="status">
          {t("player.next.title", { title: next.title })}
        </p>
        <p className="text-sm text-fg-muted" aria-hidden="true">
          {t("player.next.in", { count: left })}
        </p>
      </div>
      <div className="flex gap-2">
        <Button variant="secondary" onClick={onCancel}>
          {t("player.next.cancel")}
        </Button>
        <Button asChild>
          <Link to={next.href}>
            {t("player.next.now")}
            <ArrowRight aria-hidden="true" className="size-4" />
          </Link>
        </Button>
      </div>
    </Card>
  );
}
