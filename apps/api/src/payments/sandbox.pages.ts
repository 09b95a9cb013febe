/** The sandbox provider's two small HTML pages: the hosted card form and the 3-D Secure style step. */
import { type LanguageCode, messages, translate } from "@aprendo/contract";

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

const style = `
  :root { color-scheme: light dark; font-family: system-ui, sans-serif; }
  body { margin: 0; padding: 12px; background: transparent; color: CanvasText; }
  *, *::before, *::after { box-sizing: border-box; }
  form { display: grid; gap: 10px; max-width: 420px; }
  /* A phone-wide frame: fields shrink to their column instead of running out of the frame. */
  label { display: grid; gap: 4px; font-size: 14px; min-width: 0; }
  input { width: 100%; min-width: 0; font: inherit; padding: 10px; border: 1px solid #8a8f98; border-radius: 8px; background: Canvas; color: CanvasText; }
  input:focus-visible, button:focus-visible { outline: 3px solid #2563eb; outline-offset: 2px; }
  .row { display: grid; grid-template-columns: 1fr 1fr; gap: 10px; }
  button { font: inherit; padding: 10px 14px; border: 0; border-radius: 8px; background: #2563eb; color: #fff; cursor: pointer; }
  button.secondary { background: transparent; color: CanvasText; border: 1px solid #8a8f98; }
  .hint { font-size: 12px; opacity: .8; margin: 0; }
  [role=alert] { color: #b91c1c; font-size: 14px; min-height: 1em; margin: 0; }
`;

export function cardFormPage(input: { language: LanguageCode; nonce: string; targetOrigin: string }): string {
  const t = (key: string) => escapeHtml(translate(messages, input.language, key));
  return `<!doctype html>
<html lang="${input.language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${t("commerce.formTitle")}</title><style>${style}</style></head>
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
  <p class="hint">${t("commerce.formTestHint")}</p>
</form>
<script nonce="${input.nonce}">
  const form = document.getElementById("card");
  const error = document.getElementById("error");
  const target = ${JSON.stringify(input.targetOrigin)};
  const fallback = ${JSON.stringify(translate(messages, input.language, "error.somethingWrong")).replace(/</g, "\\u003c")};
  const post = (message) => window.parent.postMessage(message, target);
  // The app waits for this: without it (a page the form may not answer) it says why it cannot pay.
  post({ type: "aprendo:sandbox-ready" });
  new ResizeObserver(() => post({ type: "aprendo:sandbox-resize", height: document.body.scrollHeight })).observe(document.body);
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
<title>${escapeHtml(translate(messages, input.language, "commerce.formTitle"))}</title><style>${style}</style></head>
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
<title>${t("commerce.authTitle")}</title><style>${style} body { padding: 24px; } main { max-width: 420px; margin: 0 auto; }</style></head>
<body><main><h1>${t("commerce.authTitle")}</h1>${body}</main></body></html>`;
}
