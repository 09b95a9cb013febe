/**
 * The frame of every guest page of accounts: the brand, a language switch and a theme toggle on
 * top, one centred card on a soft background, and optional links under the card.
 */
import { GraduationCap } from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Card } from "../../../components/ui";
import { cn } from "../../../lib/cn";
import { SkipLink } from "../../shell/components/SkipLink";
import { LanguageSwitch } from "./LanguageSwitch";
import { ThemeToggle } from "./ThemeToggle";

export type AuthLayoutProps = {
  /** The page's <h1>. */
  title: ReactNode;
  subtitle?: ReactNode;
  /** Shown above the title (e.g. an icon for a result page). */
  icon?: ReactNode;
  /** "narrow" (default) for short forms, "wide" for registration. */
  width?: "narrow" | "wide";
  /** Links under the card ("New here? Create an account"). */
  footer?: ReactNode;
  /** Beside the card on wide screens, under it on phones (the homepage's catalogue). */
  aside?: ReactNode;
  children: ReactNode;
};

export function BrandMark({ className }: { className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        "inline-flex size-9 items-center justify-center rounded-lg bg-primary text-primary-fg",
        className,
      )}
    >
      <GraduationCap className="size-5" />
    </span>
  );
}

export function AuthLayout({
  title,
  subtitle,
  icon,
  width = "narrow",
  footer,
  aside,
  children,
}: AuthLayoutProps) {
  const { t } = useTranslation("auth");
  const brand = t("brand", { ns: "common" });
  return (
    <div className="relative isolate flex min-h-dvh flex-col overflow-hidden bg-background text-fg">
      <SkipLink />
      {/* Soft colour behind the card; decorative only. */}
      <div aria-hidden="true" className="pointer-events-none absolute inset-0 -z-10">
        <div className="absolute -top-40 -left-32 size-[28rem] rounded-full bg-primary-soft blur-3xl" />
        <div className="absolute -right-40 -bottom-48 size-[32rem] rounded-full bg-accent-soft blur-3xl" />
      </div>
      <header className="flex items-center justify-between gap-4 px-4 py-3 sm:px-8 sm:py-5">
        <Link
          to="/"
          className="flex items-center gap-2.5 rounded-md text-lg font-semibold tracking-tight text-fg focus-ring"
        >
          <BrandMark />
          <span>{brand}</span>
        </Link>
        <div className="flex items-center gap-1 sm:gap-2">
          <LanguageSwitch />
          <ThemeToggle />
        </div>
      </header>
      <main
        id="main"
        tabIndex={-1}
        className={cn(
          "flex flex-1 flex-col outline-none items-center px-4 pt-4 pb-12 sm:justify-center sm:px-6 sm:pt-6",
          aside && "lg:flex-row lg:items-start lg:justify-center lg:gap-10 xl:gap-14",
        )}
      >
        <div
          className={cn(
            "flex w-full flex-col gap-6",
            width === "wide" ? "max-w-2xl" : "max-w-md",
            aside && "lg:sticky lg:top-6 lg:shrink-0",
          )}
        >
          <Card className="gap-6 p-6 shadow-md sm:p-8">
            <div className="flex flex-col gap-2">
              {icon && <div className="mb-2">{icon}</div>}
              <h1 className="text-2xl font-semibold tracking-tight text-fg">{title}</h1>
              {subtitle && <p className="text-sm text-fg-muted sm:text-base">{subtitle}</p>}
            </div>
            {children}
          </Card>
          {footer && (
            <div className="flex flex-col items-center gap-2 text-center text-sm text-fg-muted">{footer}</div>
          )}
        </div>
        {aside && (
          <div className="mt-10 w-full max-w-md min-w-0 sm:max-w-2xl lg:mt-0 lg:max-w-3xl">{aside}</div>
        )}
      </main>
    </div>
  );
}

/** A round tinted icon for result pages (mail sent, link invalid...). */
export function ResultIcon({
  tone = "primary",
  children,
}: {
  tone?: "primary" | "success" | "danger";
  children: ReactNode;
}) {
  const tones = {
    primary: "bg-primary-soft text-primary",
    success: "bg-success-soft text-success",
    danger: "bg-danger-soft text-danger",
  };
  return (
    <span
      aria-hidden="true"
      className={cn(
        "inline-flex size-12 items-center justify-center rounded-full [&_svg]:size-6",
        tones[tone],
      )}
    >
      {children}
    </span>
  );
}
