/**
 * The payment provider's card form. Sandbox: its hosted form in an iframe (served by our API but never
 * touching our database, in the app's language via `?lang=`): the card number and CVC stay inside the
 * frame; the frame posts back only a token with the brand, last four digits, expiry and holder name.
 * The sandbox form wears the app's theme (day or night colours through `?theme=`) and font (`?font=`,
 * the app's own Inter file), so it reads as part of the page.
 * Stripe: Stripe Elements (StripeCardForm, a lazy chunk), which hands back a PaymentMethod id.
 */
import interFont from "@fontsource-variable/inter/files/inter-latin-wght-normal.woff2?url";
import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Banner, Skeleton } from "../../../components/ui";
import { useTheme } from "../../../stores/theme";
import { usePaymentsConfig } from "../api";

/** The theme variables the form draws with, in the order the API reads them (sandbox.pages.ts). */
const themeVariables = [
  "--surface",
  "--fg",
  "--fg-muted",
  "--border-strong",
  "--primary",
  "--primary-fg",
  "--danger",
];

/** The page's current theme colours as `ffffff,0f172a,...`; null when one is not a plain hex colour. */
function frameTheme(): string | null {
  const computed = getComputedStyle(document.documentElement);
  const values = themeVariables.map((name) => computed.getPropertyValue(name).trim().replace(/^#/, ""));
  return values.every((v) => /^[0-9a-f]{6}$/i.test(v)) ? values.join(",") : null;
}

const StripeCardForm = lazy(() => import("./StripeCardForm"));

/** How long a loaded card form may stay silent before the page says it cannot take the card. */
const FRAME_ANSWER_MS = 4000;

export type CardToken = {
  token: string;
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
  holder_name: string;
};

type FrameMessage =
  | ({ type: "aprendo:sandbox-token" } & CardToken)
  | { type: "aprendo:sandbox-error"; message: string }
  | { type: "aprendo:sandbox-ready" }
  | { type: "aprendo:sandbox-refused"; message: string }
  | { type: "aprendo:sandbox-resize"; height: number };

export function CardForm({
  onToken,
  onError,
  purpose = "payment",
}: {
  onToken: (card: CardToken) => void;
  onError?: ((message: string) => void) | undefined;
  /** "save": keep the card (Stripe confirms a SetupIntent in the browser); else pay with it. */
  purpose?: "payment" | "save";
}) {
  const { t, i18n } = useTranslation("commerce");
  // A theme switch reloads the form in the new colours (the key below follows its address).
  useTheme((s) => s.theme);
  const config = usePaymentsConfig();
  const frame = useRef<HTMLIFrameElement>(null);
  const [height, setHeight] = useState(330);
  const [loaded, setLoaded] = useState(false);
  // The form says it is ready once it can post to this page; else why it cannot (or nothing at all).
  const [ready, setReady] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const handlers = useRef({ onToken, onError });
  handlers.current = { onToken, onError };
  const formUrl = config.data?.provider === "sandbox" ? config.data.form_url : null;
  // The form's own origin (the API's, which may differ from the page's): only its messages count.
  const frameOrigin = formUrl ? new URL(formUrl, window.location.href).origin : null;

  useEffect(() => {
    if (!frameOrigin) return;
    const listener = (event: MessageEvent<FrameMessage>) => {
      if (event.origin !== frameOrigin) return;
      if (!frame.current || event.source !== frame.current.contentWindow) return;
      const data = event.data;
      if (!data || typeof data !== "object") return;
      if (data.type === "aprendo:sandbox-resize" && Number.isFinite(data.height))
        setHeight(Math.min(900, Math.max(200, Math.ceil(data.height) + 8)));
      else if (data.type === "aprendo:sandbox-ready") setReady(true);
      else if (data.type === "aprendo:sandbox-refused") {
        setProblem(data.message);
        handlers.current.onError?.(data.message);
      } else if (data.type === "aprendo:sandbox-token") handlers.current.onToken(data);
      else if (data.type === "aprendo:sandbox-error") handlers.current.onError?.(data.message);
    };
    window.addEventListener("message", listener);
    return () => window.removeEventListener("message", listener);
  }, [frameOrigin]);

  // Loaded but silent: the form cannot reach this page (a proxy, an old server): say so, never a dead Pay button.
  useEffect(() => {
    if (!loaded || ready || problem) return;
    const timer = setTimeout(() => setProblem(t("card.frameNoAnswer")), FRAME_ANSWER_MS);
    return () => clearTimeout(timer);
  }, [loaded, ready, problem, t]);

  if (config.isPending) return <Skeleton className="h-72 w-full" />;
  if (config.isError || !config.data) return <Banner tone="danger">{t("card.configFailed")}</Banner>;
  if (config.data.provider === "stripe" && config.data.publishable_key)
    return (
      <Suspense fallback={<Skeleton className="h-40 w-full" />}>
        <StripeCardForm
          publishableKey={config.data.publishable_key}
          purpose={purpose}
          onToken={onToken}
          onError={onError}
        />
      </Suspense>
    );
  if (!formUrl) return <Banner tone="warning">{t("card.providerUnsupported")}</Banner>;

  const language = i18n.language === "es" ? "es" : "en";
  const colours = frameTheme();
  const src =
    `${formUrl}?origin=${encodeURIComponent(window.location.origin)}&lang=${language}` +
    `${colours ? `&theme=${colours}` : ""}&font=${encodeURIComponent(new URL(interFont, window.location.href).href)}`;
  if (problem)
    return (
      <Banner tone="danger" title={t("card.frameProblemTitle")}>
        <span data-testid="card-frame-problem">{problem}</span>
      </Banner>
    );
  return (
    // The form draws itself in the page's theme colours, so the frame sits on the same surface.
    <div className="relative rounded-lg border border-border bg-surface">
      {!loaded && <Skeleton className="absolute inset-2 h-auto" />}
      <iframe
        key={src}
        ref={frame}
        src={src}
        title={t("card.frameTitle")}
        className="block w-full rounded-lg bg-transparent"
        style={{ height }}
        onLoad={() => setLoaded(true)}
        data-testid="card-frame"
      />
    </div>
  );
}
