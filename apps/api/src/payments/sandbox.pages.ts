/** The sandbox provider's two small HTML pages: the hosted card form and the 3-D Secure style step. */
import { type LanguageCode, messages, translate } from "@aprendo/contract";
import { escapeHtml } from "../lib/html";

/**
 * The app's theme as the card form draws it: its surface, text, muted text, strong border, primary,
 * text on primary and danger colours (the app passes its own, day or night, as six-digit hex).
 */
export const themeKeys = ["surface", "fg", "fgMuted", "border", "primary", "primaryFg", "danger"] as const;
export type FrameTheme = Record<(typeof themeKeys)[number], string>;
/** The app's day theme (apps/web/src/styles/index.css), used when the page passes none. */
export const dayTheme: FrameTheme = {
  surface: "#ffffff",
  fg: "#0f172a",
  fgMuted: "#475569",
  border: "#7b8699",
  primary: "#4338ca",
  primaryFg: "#ffffff",
  danger: "#b91c1c",
};

/** `theme=ffffff,0f172a,...` (the keys' order) → a theme; anything malformed → the day theme. */
export function parseFrameTheme(value: string | undefined): FrameTheme {
  const parts = value?.split(",") ?? [];
  if (parts.length !== themeKeys.length || !parts.every((p) => /^[0-9a-f]{6}$/i.test(p))) return dayTheme;
  return Object.fromEntries(themeKeys.map((k, i) => [k, `#${parts[i]}`])) as FrameTheme;
}

/**
 * The app's font file for the form: an http(s) `.woff2` of the embedding page's own origin (checked
 * against the allowed origin, so nothing else is fetched), re-serialised by the URL parser (no
 * quote or `<` survives into the style sheet); anything else: none (the stack's system fonts).
 */
export function frameFontUrl(value: string | undefined, pageOrigin: string): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    if (url.origin !== pageOrigin || !url.pathname.endsWith(".woff2") || url.username || url.password)
      return null;
    url.hash = "";
    return url.href;
  } catch {
    return null;
  }
}

/** The app's font stack; its Inter face when the page passes where its font file is. */
const fontStack = `"Inter Variable", ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif`;

function style(theme: FrameTheme = dayTheme, fontUrl: string | null = null) {
  const face = fontUrl
    ? `@font-face { font-family: "Inter Variable"; font-style: normal; font-display: swap; font-weight: 100 900; src: url(${JSON.stringify(fontUrl)}) format("woff2-variations"); }`
    : "";
  return `${face}
  :root { color-scheme: only light; font-family: ${fontStack}; font-size: 14px; line-height: 1.5; }
  body { margin: 0; padding: 12px; background: ${theme.surface}; color: ${theme.fg}; }
  *, *::before, *::after { box-sizing: border-box; }
  form { display: grid; gap: 10px; max-width: 420px; }
  /* A phone-wide frame: fields shrink to their column instead of running out of the frame. */
  label { display: grid; gap: 4px; font-size: 14px; font-weight: 500; min-width: 0; }
  input { width: 100%; min-width: 0; font: inherit; font-weight: 400; padding: 8px 12px; min-height: 40px; border: 1px solid ${theme.border}; border-radius: 6px; background: ${theme.surface}; color: ${theme.fg}; }
  input::placeholder { color: ${theme.fgMuted}; opacity: 1; }
  input:focus-visible, button:focus-visible { outline: 2px solid ${theme.primary}; outline-offset: 2px; }
  /* The two labels of a row may wrap differently ("Código de seguridad (CVC)"): fields line up at the bottom. */
  .row { display: grid; grid-template-columns: 1fr 1fr; gap: 10px; align-items: end; }
  button { font: inherit; font-weight: 600; padding: 8px 14px; min-height: 40px; border: 0; border-radius: 6px; background: ${theme.primary}; color: ${theme.primaryFg}; cursor: pointer; }
  button.secondary { background: transparent; color: ${theme.fg}; border: 1px solid ${theme.border}; }
  /* Hints wrap whole (the test cards' numbers never split), and the frame grows to show them. */
  .hint { font-size: 12px; color: ${theme.fgMuted}; margin: 0; overflow-wrap: anywhere; }
  .hint .card { white-space: nowrap; font-variant-numeric: tabular-nums; }
  [role=alert] { color: ${theme.danger}; font-size: 14px; min-height: 1em; margin: 0; }
`;
}

/** The test-mode hint with each card number kept on one line. */
const testHint = (language: LanguageCode) =>
  escapeHtml(translate(messages, language, "commerce.formTestHint")).replace(
    /\d{4}(?: \d{4}){3}/g,
    (card) => `<span class="card">${card}</span>`,
  );

export function cardFormPage(input: {
  language: LanguageCode;
  nonce: string;
  targetOrigin: string;
  theme?: FrameTheme;
  fontUrl?: string | null;
}): string {
  const t = (key: string) => escapeHtml(translate(messages, input.language, key));
  return `<!doctype html>
<html lang="${input.language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${t("commerce.formTitle")}</title><style>${style(input.theme, input.fontUrl ?? null)}</style></head>
<body>
<form id="card" novalidate>
  <label>${t("commerce.formHolder")}<input name="holder_name" autocomplete="cc-name" required maxlength="120"></label>
  <label>${t("commerce.formCardNumber")}<input name="number" inputmode="numeric" autocomplete="cc-number" required maxlength="23" placeholder="4242 4242 4242 4242"></label>
  <div class="row">
    <label>${t("commerce.formExpiry")}<input name="expiry" inputmode="numeric" autocomplete="cc-exp" required maxlength="7" placeholder="12/34"></label>
    <label>${t("commerce.formCvc")}<input name="cvc" inputmode="numeric" autocomplete="cc-csc" required maxlength="4" placeholder="123"></label>
  </div>
  <p role="alert" id="error"></p>
  <button type="submit">${t("commerce.formSubmit")}</button>
  <p class="hint">${t("commerce.formSecure")}</p>
  <p class="hint">${testHint(input.language)}</p>
</form>
<script nonce="${input.nonce}">
  const form = document.getElementById("card");
  const error = document.getElementById("error");
  const target = ${JSON.stringify(input.targetOrigin)};
  const fallback = ${JSON.stringify(translate(messages, input.language, "error.somethingWrong")).replace(/</g, "\\u003c")};
  const post = (message) => window.parent.postMessage(message, target);
  // The app waits for this: without it (a page the form may not answer) it says why it cannot pay.
  post({ type: "aprendo:sandbox-ready" });
  // The whole page's height (the hints included), again whenever it changes: a font arriving, a
  // narrower frame wrapping the hints, an error line.
  const resize = () => post({ type: "aprendo:sandbox-resize", height: Math.ceil(document.documentElement.getBoundingClientRect().height) });
  new ResizeObserver(resize).observe(document.documentElement);
  document.fonts.ready.then(resize);
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    error.textContent = "";
    const data = new FormData(form);
    const [month, year] = String(data.get("expiry") || "").split("/").map((v) => v.trim());
    const response = await fetch("/api/payments/sandbox/tokens", {
      method: "POST",
      headers: { "content-type": "application/json", "x-language-code": ${JSON.stringify(input.language)} },
      body: JSON.stringify({ number: data.get("number"), exp_month: month, exp_year: year && year.length === 2 ? "20" + year : year, cvc: data.get("cvc"), holder_name: data.get("holder_name") }),
    }).catch(() => null);
    const body = response ? await response.json().catch(() => ({})) : {};
    if (!response || !response.ok) {
      error.textContent = body.message || fallback;
      post({ type: "aprendo:sandbox-error", message: error.textContent });
      return;
    }
    form.reset();
    post({ type: "aprendo:sandbox-token", ...body });
  });
</script>
</body></html>`;
}

/**
 * The form asked for by a page whose origin is not allowed: no card fields, only why. When that
 * origin is a well-formed one, the message (nothing secret) is also posted to it, so the app shows
 * it next to its Pay button; a token is never sent there.
 */
export function originRefusedPage(input: {
  language: LanguageCode;
  nonce: string;
  message: string;
  notify: string | null;
}): string {
  const script = input.notify
    ? `<script nonce="${input.nonce}">window.parent.postMessage({ type: "aprendo:sandbox-refused", message: ${JSON.stringify(input.message).replace(/</g, "\\u003c")} }, ${JSON.stringify(input.notify)});</script>`
    : "";
  return `<!doctype html>
<html lang="${input.language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(translate(messages, input.language, "commerce.formTitle"))}</title><style>${style()}</style></head>
<body><p role="alert" data-testid="origin-refused">${escapeHtml(input.message)}</p>${script}</body></html>`;
}

const SITE = "http://site.invalid";

/**
 * The 3-D Secure step's `return`: only a path of this site, as a browser would resolve it, else null
 * (the page then shows its own "done" message). Refused: anything with a scheme or a host
 * (`http:`, `//evil`), a backslash (`/\evil` is `//evil` to a browser), and control characters
 * or spaces (browsers drop tabs and newlines, so `/\t/evil` would be `//evil`).
 */
export function sameOriginPath(value: string | undefined): string | null {
  if (!value?.startsWith("/") || value.startsWith("//")) return null;
  for (const char of value) {
    const code = char.charCodeAt(0);
    if (code <= 0x20 || code === 0x7f || char === "\\") return null;
  }
  let url: URL;
  try {
    url = new URL(value, SITE);
  } catch {
    return null;
  }
  if (url.origin !== SITE) return null;
  const path = url.pathname + url.search + url.hash;
  return path.startsWith("/") && !path.startsWith("//") ? path : null;
}

export function authenticationPage(input: {
  language: LanguageCode;
  amount: string;
  action: string;
  done: boolean;
}): string {
  const t = (key: string) => escapeHtml(translate(messages, input.language, key));
  const body = input.done
    ? `<p>${t("commerce.authDone")}</p>`
    : `<p>${escapeHtml(translate(messages, input.language, `commerce.authBody?amount=${input.amount}`))}</p>
  <form method="post" action="${escapeHtml(input.action)}">
    <div class="row">
      <button type="submit" name="decision" value="approve">${t("commerce.authApprove")}</button>
      <button type="submit" name="decision" value="fail" class="secondary">${t("commerce.authFail")}</button>
    </div>
  </form>`;
  return `<!doctype html>
<html lang="${input.language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${t("commerce.authTitle")}</title><style>${style()} body { padding: 24px; } main { max-width: 420px; margin: 0 auto; }</style></head>
<body><main><h1>${t("commerce.authTitle")}</h1>${body}</main></body></html>`;
}
