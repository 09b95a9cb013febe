/**
 * The wish-list heart (cards and title pages) and the "notify me" bell (coming-soon title pages).
 * A learner toggles at once (rolled back if the server refuses); a guest is sent to log in and comes
 * back to the same page; staff see neither. A learner's press waits for their list: before it has
 * arrived, "off" is only a guess, and a press on a title already listed would add it instead of
 * removing it.
 */

import { Role } from "@aprendo/contract/domain";
import { Bell, BellOff, Heart } from "lucide-react";
import { useTranslation } from "react-i18next";
import { useLocation, useNavigate } from "react-router";
import { Button } from "../../../components/ui";
import { cn } from "../../../lib/cn";
import { showError, showSuccess } from "../../../lib/toast";
import { useSession } from "../../../stores/session";
import { useToggleInterest, useWishlistIds } from "../wishlist";

type Title = { id: number; title: string };

/** Who may press: a learner, a guest (who logs in first), or nobody (staff). */
function useAudience(): "learner" | "guest" | null {
  return useSession((s) => (s.token === null ? "guest" : s.role === Role.learner ? "learner" : null));
}

/**
 * Whether a press can be decided: the learner's list has arrived (or failed to: the press is then
 * sent as an add, and the server's answer says what happened); a guest's press only logs in.
 */
function canDecide(audience: "learner" | "guest", ids: ReturnType<typeof useWishlistIds>): boolean {
  return audience === "guest" || ids.data !== undefined || ids.isError;
}

function useLogInAndComeBack() {
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  return () => navigate(`/login?redirect=${encodeURIComponent(pathname + search)}`);
}

export function WishlistButton({ course, look }: { course: Title; look: "overlay" | "button" }) {
  const { t } = useTranslation("catalog");
  const audience = useAudience();
  const ids = useWishlistIds();
  const toggle = useToggleInterest("wishlist");
  const logIn = useLogInAndComeBack();
  if (audience === null) return null;
  const on = ids.data?.wishlist.includes(course.id) ?? false;
  const waiting = !canDecide(audience, ids);
  const press = () => {
    if (audience === "guest") return logIn();
    toggle.mutate(
      { courseId: course.id, on: !on },
      { onSuccess: (r) => showSuccess(r.message), onError: showError },
    );
  };
  const icon = <Heart aria-hidden="true" className={cn("size-5", on && "fill-current")} />;
  if (look === "button")
    return (
      <Button
        variant="secondary"
        fullWidth
        aria-pressed={on}
        disabled={waiting}
        onClick={press}
        className={cn(on && "text-danger")}
      >
        {icon}
        <span className="text-fg">{on ? t("wishlist.onList") : t("wishlist.add")}</span>
      </Button>
    );
  return (
    <button
      type="button"
      aria-pressed={on}
      aria-label={t("wishlist.toggle", { title: course.title })}
      title={on ? t("wishlist.onList") : t("wishlist.add")}
      disabled={waiting}
      onClick={press}
      className={cn(
        "relative z-20 inline-flex size-11 items-center justify-center rounded-full bg-surface/90 shadow-md transition-colors duration-150 focus-ring hover:bg-surface disabled:opacity-50",
        on ? "text-danger" : "text-fg-muted hover:text-fg",
      )}
    >
      {icon}
    </button>
  );
}

/** "Notify me" on a coming-soon title's page: asks to be told when it is published, or stops asking. */
export function NotifyMeButton({ course }: { course: Title }) {
  const { t } = useTranslation("catalog");
  const audience = useAudience();
  const ids = useWishlistIds();
  const toggle = useToggleInterest("notify");
  const logIn = useLogInAndComeBack();
  if (audience === null) return null;
  const on = ids.data?.notify.includes(course.id) ?? false;
  return (
    <div className="flex flex-col gap-2">
      <Button
        size="lg"
        fullWidth
        variant={on ? "secondary" : "primary"}
        aria-pressed={on}
        disabled={!canDecide(audience, ids)}
        onClick={() => {
          if (audience === "guest") return logIn();
          toggle.mutate(
            { courseId: course.id, on: !on },
            { onSuccess: (r) => showSuccess(r.message), onError: showError },
          );
        }}
      >
        {on ? (
          <BellOff aria-hidden="true" className="size-5" />
        ) : (
          <Bell aria-hidden="true" className="size-5" />
        )}
        {on ? t("notifyMe.cancel") : t("notifyMe.ask")}
      </Button>
      {on && <p className="text-sm text-fg-muted">{t("notifyMe.waiting")}</p>}
    </div>
  );
}
