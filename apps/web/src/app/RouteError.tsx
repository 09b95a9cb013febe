/**
 * The route error page (spec section 8): "Something went wrong" with a way to create a ticket, or,
 * for a page chunk that failed to load, "{file} failed to load; reload later and contact support if
 * it persists". Uses only the `common` namespace, which is in the first-load bundle (works offline).
 */
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { isRouteErrorResponse, Link, useRouteError } from "react-router";
import { useSession } from "../stores/session";
import { ChunkLoadError } from "./lazy";

export function RouteError() {
  const error = useRouteError();
  const { t } = useTranslation("common");
  const role = useSession((s) => s.role);
  const chunk = error instanceof ChunkLoadError ? error : null;

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
  const ticketLink = role === 1 ? "/iu/tickets" : "/tickets";
  return (
    <Frame
      title={chunk ? t("errors.chunkTitle") : t("errors.title")}
      text={chunk ? t("errors.chunkFailed", { file: chunk.file }) : t("errors.text")}
    >
      <button type="button" className={primary} onClick={() => window.location.reload()}>
        {t("errors.reload")}
      </button>
      {role === 1 || role === null ? (
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

function Frame({ title, text, children }: { title: string; text: string; children: React.ReactNode }) {
  return (
    <main className="mx-auto flex min-h-[60dvh] max-w-xl flex-col items-center justify-center gap-4 p-8 text-center">
      <div aria-hidden="true" className="text-5xl">
        ⚠︎
      </div>
      <h1 className="text-2xl font-semibold text-fg">{title}</h1>
      <p className="text-fg-muted">{text}</p>
      <div className="flex flex-wrap justify-center gap-2">{children}</div>
    </main>
  );
}
