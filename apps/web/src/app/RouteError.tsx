/**
 * The route error page (spec section 8): "Something went wrong" with a way to create a ticket, or,
 * for a page chunk that failed to load, "{file} failed to load; reload later and contact support if
 * it persists", where {file} is the page's translated title ("Events"), never a module name. Uses the
 * `common` namespace, which is in the first-load bundle (works offline), and the shell's page titles
 * when they are loaded. `withinShell` places it inside a layout, so the top bar and menu stay.
 */

import { Role } from "@aprendo/contract/domain";
import { type ReactNode, useEffect } from "react";
import { useTranslation } from "react-i18next";
import { isRouteErrorResponse, Link, type RouteObject, useMatches, useRouteError } from "react-router";
import { useOnline } from "../stores/online";
import { useSession } from "../stores/session";
import { ChunkLoadError } from "./lazy";

/** A layout's pages under one error boundary that renders in the layout's outlet, not over the shell. */
export const withinShell = (children: RouteObject[]): RouteObject[] => [
  { errorElement: <RouteError />, children },
];

/** The failing page's title in the interface language, or "This page" when it has none (or it is not loaded). */
function usePageName(): string {
  const { t, i18n } = useTranslation("common");
  const matches = useMatches();
  const title = [...matches].reverse().find((m) => (m.handle as { title?: string } | undefined)?.title)
    ?.handle as { title: string } | undefined;
  return title && i18n.exists(title.title, { ns: "shell" })
    ? t(title.title, { ns: "shell" })
    : t("errors.thisPage");
}

export function RouteError() {
  const error = useRouteError();
  const { t } = useTranslation("common");
  const role = useSession((s) => s.role);
  const chunk = error instanceof ChunkLoadError ? error : null;
  const pageName = usePageName();
  const online = useOnline((s) => s.online);
  const shake = useOnline((s) => s.shake);

  useEffect(() => {
    if (!chunk) console.error(error);
  }, [error, chunk]);

  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <Frame title={t("notFound.title")} text={t("notFound.text")}>
        <Link className={primary} to="/">
          {t("notFound.home")}
        </Link>
      </Frame>
    );
  }
  const ticketLink = role === Role.learner ? "/iu/tickets" : "/tickets";
  return (
    <Frame
      title={chunk ? t("errors.chunkTitle") : t("errors.title")}
      text={chunk ? t("errors.chunkFailed", { file: pageName }) : t("errors.text")}
    >
      {/* Offline a reload would lose the app for the browser's own error page: the banner shakes instead. */}
      <button
        type="button"
        className={primary}
        onClick={() => (!chunk || online ? window.location.reload() : shake())}
        data-testid="route-error-retry"
      >
        {chunk ? t("errors.retry") : t("errors.reload")}
      </button>
      {role === Role.learner || role === null ? (
        <Link className={secondary} to={ticketLink}>
          {t("errors.createTicket")}
        </Link>
      ) : (
        <Link className={secondary} to="/">
          {t("notFound.home")}
        </Link>
      )}
    </Frame>
  );
}

const base =
  "inline-flex min-h-11 items-center justify-center rounded-md px-4 text-sm font-medium transition-colors duration-150 focus-ring";
const primary = `${base} bg-primary text-primary-fg hover:bg-primary-hover`;
const secondary = `${base} border border-border-strong bg-surface text-fg hover:bg-surface-muted`;

function Frame({ title, text, children }: { title: string; text: string; children: ReactNode }) {
  return (
    <div className="mx-auto flex min-h-[60dvh] max-w-xl flex-col items-center justify-center gap-4 p-8 text-center">
      <div aria-hidden="true" className="text-5xl">
        ⚠︎
      </div>
      <h1 className="text-2xl font-semibold text-fg">{title}</h1>
      <p className="text-fg-muted">{text}</p>
      <div className="flex flex-wrap justify-center gap-2">{children}</div>
    </div>
  );
}
