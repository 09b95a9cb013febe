/**
 * THE HTTP client (spec sections 7 and 8), the only caller of `fetch` in the web app:
 * base /api, 30 s timeout, bearer token and the three language headers, the refresh cookie,
 * one automatic refresh-and-retry on 401 (except the auth calls listed in section 7), and the
 * error shapes of section 8. Loads with the app core, so it never imports zod: pass a
 * `schema` (anything with `parse`) from a lazy chunk to check a response.
 */
import { languageIdOf, limits } from "@aprendo/contract/domain";
import type { z } from "zod";
import { i18n } from "../../i18n";
import { useOnline } from "../../stores/online";
import { useSession } from "../../stores/session";
import { errorFromResponse, errorWithoutResponse, OfflineError, SessionEndedError } from "./errors";

export const apiBase = "/api";

/** The auth calls of spec section 7 that never trigger a refresh (a 401 there means what it says). */
const withoutRefresh = new Set([
  "POST /auth/login",
  "POST /auth/phone/verify",
  "POST /auth/register",
  "POST /auth/logout",
  "POST /auth/verify",
  "POST /auth/verify-age",
  "POST /auth/password-reset/check",
  "PUT /auth/password-reset",
  "POST /auth/verify/resend",
  "POST /auth/verify/parent/resend",
  "POST /auth/password-reset/request",
  "POST /auth/password-reset/phone/verify",
  "POST /auth/password-reset/email/update",
  "POST /auth/phone/verify/resend",
  "POST /auth/phone/update",
  "POST /auth/refresh",
]);

export type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
export type QueryValue = string | number | boolean | null | undefined;
/**
 * A list's query as a page holds it (mostly from its address): the parameter names of the contract's
 * query schema, so a renamed or dropped parameter fails to compile, each value as the page has it;
 * the API checks the values and answers a translated 400.
 */
export type ListQuery<S extends z.ZodType> = { [K in keyof z.input<S>]?: QueryValue };
/** Anything that can check and convert a response (a zod schema, from a lazy chunk). */
export type Parser<T> = { parse: (data: unknown) => T };

export type RequestOptions<T = unknown> = {
  /** JSON-serialisable value, or FormData for uploads. */
  body?: unknown;
  query?: Record<string, QueryValue | QueryValue[]>;
  headers?: Record<string, string>;
  /** Cancels the call (TanStack Query passes one); a cancelled call rejects with the AbortError. */
  signal?: AbortSignal;
  /** Checks and converts the response body. */
  schema?: Parser<T>;
  timeoutMs?: number;
  /** "blob" returns a successful body as a Blob (PDF receipts, certificates...). */
  responseType?: "json" | "blob";
  /** The call outlives the page (sent while it unloads, e.g. the cart's last change). */
  keepalive?: boolean;
};

/** What the page does when the session cannot be refreshed; replaced in tests. */
export const environment = {
  reload: () => window.location.reload(),
};

function isOffline(): boolean {
  return typeof navigator !== "undefined" && navigator.onLine === false;
}

function routeKey(method: Method, path: string): string {
  const clean =
    path
      .replace(/^https?:\/\/[^/]+/, "")
      .replace(/^\/api(?=\/)/, "")
      .split("?")[0] ?? "";
  return `${method} ${clean.startsWith("/") ? clean : `/${clean}`}`;
}

/** `/auth/me`, `auth/me`, `/api/auth/me` and an absolute next_page_url all work. */
export function buildUrl(path: string, query?: RequestOptions["query"]): string {
  let url: string;
  if (/^https?:\/\//.test(path) || path.startsWith(`${apiBase}/`)) url = path;
  else url = `${apiBase}${path.startsWith("/") ? path : `/${path}`}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item !== undefined && item !== null && item !== "") params.append(key, String(item));
    }
  }
  const search = params.toString();
  return search ? `${url}${url.includes("?") ? "&" : "?"}${search}` : url;
}

/** The three language headers of spec section 7, from the reader's current language. */
export function languageHeaders(): Record<string, string> {
  const code = i18n.resolvedLanguage === "es" || i18n.language === "es" ? "es" : "en";
  return {
    "X-Language-Id": String(languageIdOf(code)),
    "X-Language-Code": code,
    "Accept-Language": code,
  };
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204 || response.status === 205) return undefined;
  const text = await response.text().catch(() => "");
  if (text === "") return undefined;
  const type = response.headers.get("content-type") ?? "";
  if (type.includes("json")) {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  return text;
}

type Sent = { response: Response; body: unknown };

/** One round trip with timeout; throws OfflineError or ApiError (rule 4) when there is no response. */
async function send(
  method: Method,
  path: string,
  options: RequestOptions,
  token: string | null,
): Promise<Sent> {
  if (isOffline()) {
    useOnline.getState().shake();
    throw new OfflineError();
  }
  const headers: Record<string, string> = { Accept: "application/json", ...languageHeaders() };
  if (token) headers.Authorization = `Bearer ${token}`;
  let payload: BodyInit | undefined;
  if (options.body instanceof FormData) payload = options.body;
  else if (options.body !== undefined) {
    headers["Content-Type"] = "application/json";
    payload = JSON.stringify(options.body);
  }
  Object.assign(headers, options.headers);

  const timeout = new AbortController();
  const timer = setTimeout(() => timeout.abort(), options.timeoutMs ?? limits.apiTimeoutMs);
  const onCallerAbort = () => timeout.abort();
  options.signal?.addEventListener("abort", onCallerAbort, { once: true });
  try {
    const response = await fetch(buildUrl(path, options.query), {
      method,
      headers,
      body: payload,
      credentials: "include",
      signal: timeout.signal,
      ...(options.keepalive ? { keepalive: true } : {}),
    });
    const blob = options.responseType === "blob" && response.ok;
    return { response, body: blob ? await response.blob() : await readBody(response) };
  } catch (error) {
    if (options.signal?.aborted) throw options.signal.reason ?? error;
    if (isOffline()) {
      useOnline.getState().shake();
      throw new OfflineError();
    }
    // Timed out, or the server could not be reached although the browser is online.
    throw errorWithoutResponse();
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener("abort", onCallerAbort);
  }
}

let refreshing: Promise<string> | null = null;

/** POST /auth/refresh, shared by every call that got a 401 meanwhile. */
function refreshAccessToken(): Promise<string> {
  refreshing ??= (async () => {
    try {
      const { response, body } = await send("POST", "/auth/refresh", {}, null);
      if (response.status === 401) {
        const session = useSession.getState();
        session.clear();
        environment.reload();
        throw new SessionEndedError();
      }
      if (!response.ok) throw errorFromResponse(response.status, body);
      const token = (body as { access_token?: unknown } | undefined)?.access_token;
      if (typeof token !== "string" || token === "") throw errorFromResponse(response.status, body);
      useSession.getState().setToken(token);
      return token;
    } finally {
      refreshing = null;
    }
  })();
  return refreshing;
}

/** Sends a call with the rules of spec sections 7 and 8 and returns the (optionally parsed) body. */
export async function request<T = unknown>(
  method: Method,
  path: string,
  options: RequestOptions<T> = {},
): Promise<T> {
  const token = useSession.getState().token;
  let { response, body } = await send(method, path, options, token);

  if (response.status === 401 && token && !withoutRefresh.has(routeKey(method, path))) {
    const current = useSession.getState().token;
    // Another call may already have refreshed while this one was in flight.
    const fresh = current && current !== token ? current : await refreshAccessToken();
    ({ response, body } = await send(method, path, options, fresh));
  }

  if (!response.ok) throw errorFromResponse(response.status, body);
  return options.schema ? options.schema.parse(body) : (body as T);
}

type BodyOptions<T> = Omit<RequestOptions<T>, "body">;

export const http = {
  get: <T = unknown>(path: string, options?: BodyOptions<T>) => request<T>("GET", path, options),
  post: <T = unknown>(path: string, body?: unknown, options?: BodyOptions<T>) =>
    request<T>("POST", path, { ...options, body }),
  put: <T = unknown>(path: string, body?: unknown, options?: BodyOptions<T>) =>
    request<T>("PUT", path, { ...options, body }),
  patch: <T = unknown>(path: string, body?: unknown, options?: BodyOptions<T>) =>
    request<T>("PATCH", path, { ...options, body }),
  del: <T = unknown>(path: string, body?: unknown, options?: BodyOptions<T>) =>
    request<T>("DELETE", path, { ...options, body }),
};

export const { get, post, put, patch, del } = http;
