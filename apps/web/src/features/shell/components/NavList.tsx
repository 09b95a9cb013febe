/** The navigation entries, as the 250 px list, the 110 px rail (icon over a small label) or the phone drawer. */
import { useTranslation } from "react-i18next";
import { NavLink } from "react-router";
import { cn } from "../../../lib/cn";
import type { NavGroup } from "../nav";

export function NavList({ groups, variant }: { groups: NavGroup[]; variant: "rail" | "list" }) {
  const { t } = useTranslation("shell");
  const rail = variant === "rail";
  return (
    <div className="flex flex-col gap-4">
      {groups.map((group, index) => (
        <div key={group.label ?? index} className="flex flex-col gap-1">
          {group.label &&
            (rail ? (
              // The rail names its groups too (small, over a rule), so 36 icons read as six sets.
              <p className="mx-1 mt-1 border-t border-border pt-2 text-center text-[0.625rem] leading-tight font-semibold tracking-wide text-fg-muted uppercase">
                {t(group.label)}
              </p>
            ) : (
              <p className="px-3 pt-1 text-xs font-semibold tracking-wide text-fg-muted uppercase">
                {t(group.label)}
              </p>
            ))}
          <ul className="flex flex-col gap-1">
            {group.items.map((item) => (
              <li key={item.to}>
                <NavLink
                  to={item.to}
                  end={item.end}
                  className={({ isActive }) =>
                    cn(
                      "flex rounded-md font-medium transition-colors duration-150 focus-ring",
                      rail
                        ? "flex-col items-center gap-1 px-1 py-2 text-center text-xs leading-tight"
                        : "min-h-11 items-center gap-3 px-3 text-sm",
                      isActive
                        ? "bg-primary-soft text-primary"
                        : "text-fg-muted hover:bg-surface-muted hover:text-fg",
                    )
                  }
                >
                  <item.icon aria-hidden="true" className={rail ? "size-5" : "size-5 shrink-0"} />
                  {/* Never clipped (WCAG 1.4.4/1.4.12): a long label wraps; the rail grows with the text size. */}
                  <span className={rail ? "max-w-full break-words hyphens-auto" : "min-w-0 break-words"}>
                    {t(item.label)}
                  </span>
                </NavLink>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </div>
  );
}
