/**
 * The payment provider's card form. Sandbox: its hosted form in an iframe (served by our API but never
 * touching our database, in the app's language via `?lang=`): the card number and CVC stay inside the
 * frame; the frame posts back only a token with the brand, last four digits, expiry and holder name.
 * Stripe: Stripe Elements (StripeCardForm, a lazy chunk), which hands back a PaymentMethod id.
 */
import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Banner, Skeleton } from "../../../components/ui";
import { usePaymentsConfig } from "../api";

const StripeCardForm = lazy(() => import("./StripeCardForm"));

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
  const config = usePaymentsConfig();
  const frame = useRef<HTMLIFrameElement>(null);
  const [height, setHeight] = useState(330);
  const [loaded, setLoaded] = useState(false);
  const handlers = useRef({ onToken, onError });
  handlers.current = { onToken, onError };

  useEffect(() => {
    const listener = (event: MessageEvent<FrameMessage>) => {
      if (event.origin !== window.location.origin) return;
      if (!frame.current || event.source !== frame.current.contentWindow) return;
      const data = event.data;
      if (!data || typeof data !== "object") return;
      if (data.type === "aprendo:sandbox-resize" && Number.isFinite(data.height))
        setHeight(Math.min(900, Math.max(200, Math.ceil(data.height) + 8)));
      else if (data.type === "aprendo:sandbox-token") handlers.current.onToken(data);
      else if (data.type === "aprendo:sandbox-error") handlers.current.onError?.(data.message);
    };
    window.addEventListener("message", listener);
    return () => window.removeEventListener("message", listener);
  }, []);

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
  if (config.data.provider !== "sandbox" || !config.data.form_url)
    return <Banner tone="warning">{t("card.providerUnsupported")}</Banner>;

  const language = i18n.language === "es" ? "es" : "en";
  const src = `${config.data.form_url}?origin=${encodeURIComponent(window.location.origin)}&lang=${language}`;
  return (
    // The provider's form is a light page: it sits on white in both themes, so its text always reads.
    <div className="relative rounded-lg border border-border" style={{ background: "white" }}>
      {!loaded && <Skeleton className="absolute inset-2 h-auto" />}
      <iframe
        key={src}
        ref={frame}
        src={src}
        title={t("card.frameTitle")}
        className="block w-full rounded-lg bg-transparent"
        style={{ height, colorScheme: "light" }}
        onLoad={() => setLoaded(true)}
        data-testid="card-frame"
      />
    </div>
  );
}
