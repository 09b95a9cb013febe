/**
 * The profile area's frame (/iu/profile/*): its own navigation beside the page on wide screens, a
 * compact select above it on phones, so every page of the area is one click (or one choice) away.
 */
import { useTranslation } from "react-i18next";
import { NavLink, Outlet, useLocation } from "react-router";
import { Container, Select } from "../../../components/ui";
import { cn } from "../../../lib/cn";
import { useSafeNavigate } from "../../../lib/navigation";
import { useSession } from "../../../stores/session";
import { currentSection, profileSectionsFor } from "../nav";

export default function ProfileLayout() {
  const { t } = useTranslation("profile");
  const isChild = useSession((s) => s.isChild);
  const { pathname } = useLocation();
  const navigate = useSafeNavigate();
  const sections = profileSectionsFor(isChild);
  const current = currentSection(sections, pathname);
  const main = sections.filter((s) => !s.danger);
  const apart = sections.filter((s) => s.danger);

  const link = (section: (typeof sections)[number]) => (
    <li key={section.key}>
      <NavLink
        to={section.to}
        className={({ isActive }) =>
          cn(
            "flex min-h-11 items-center gap-3 rounded-md px-3 text-sm font-medium transition-colors duration-150 focus-ring",
            isActive
              ? section.danger
                ? "bg-danger-soft text-danger"
                : "bg-primary-soft text-primary"
              : section.danger
                ? "text-danger hover:bg-danger-soft"
                : "text-fg-muted hover:bg-surface-muted hover:text-fg",
          )
        }
      >
        <section.icon aria-hidden="true" className="size-5 shrink-0" />
        <span className="truncate">{t(`nav.${section.key}`)}</span>
      </NavLink>
    </li>
  );

  return (
    <Container className="py-6 sm:py-8">
      <div className="flex flex-col gap-6 lg:grid lg:grid-cols-[15rem_minmax(0,1fr)] lg:items-start lg:gap-10">
        <nav
          aria-label={t("nav.label")}
          data-testid="profile-nav"
          className="hidden lg:sticky lg:top-24 lg:block"
        >
          <p className="px-3 pb-2 text-xs font-semibold tracking-wide text-fg-muted uppercase">
            {t("nav.title")}
          </p>
          <ul className="flex flex-col gap-1">{main.map(link)}</ul>
          <hr className="mx-3 my-3 border-border" />
          <ul className="flex flex-col gap-1">{apart.map(link)}</ul>
        </nav>
        <div className="lg:hidden">
          <label htmlFor="profile-section" className="mb-1 block text-sm font-medium text-fg-muted">
            {t("nav.title")}
          </label>
          <Select
            id="profile-section"
            data-testid="profile-select"
            value={current?.to ?? ""}
            onChange={(event) => navigate(event.target.value)}
            options={sections.map((s) => ({ value: s.to, label: t(`nav.${s.key}`) }))}
            {...(current ? {} : { placeholder: t("nav.choose") })}
          />
        </div>
        {/*
          Each page keeps its own gutters and centring for when it is shown alone; inside this frame the
          frame gives the gutters, so the page's outer box keeps only its width, against the nav.
        */}
        <div className="min-w-0 [&>*]:mx-0! [&>*]:px-0! [&>*]:py-0!">
          <Outlet />
        </div>
      </div>
    </Container>
  );
}
