/**
 * Uploads with progress, and files that need the bearer token (a draft's cover), through
 * XMLHttpRequest: `fetch` cannot report upload progress. The requests carry the same headers as the
 * HTTP client (lib/http: Accept, bearer token, X-Language-Id/-Code, Accept-Language, the cookie), and
 * a 401 asks the HTTP client to refresh the session (it owns the refresh) before one retry. Errors
 * follow the same rules of spec section 8 as the client's.
 */
import { limits } from "@aprendo/contract/domain";
import {
  ApiError,
  buildUrl,
  errorFromResponse,
  get,
  languageHeaders,
  OfflineError,
  somethingWentWrong,
} from "../../lib/http";
import { reportUnexpected } from "../../lib/report-error";
import { useOnline } from "../../stores/online";
import { useSession } from "../../stores/session";

/** The headers lib/http sends on every call, for requests made with XMLHttpRequest (upload progress). */
export function requestHeaders(token: string | null): Record<string, string> {
  const headers: Record<string, string> = { Accept: "application/json", ...languageHeaders() };
  if (token) headers.Authorization = `Bearer ${token}`;
  return headers;
}

type XhrResult = { status: number; body: unknown };

function send(
  method: "GET" | "POST",
  path: string,
  options: {
    body?: FormData;
    responseType: "json" | "blob";
    onProgress?: (percent: number) => void;
    signal?: AbortSignal;
    timeoutMs?: number;
  },
): Promise<XhrResult> {
  if (typeof navigator !== "undefined" && navigator.onLine === false) {
    useOnline.getState().shake();
    return Promise.reject(new OfflineError());
  }
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, buildUrl(path));
    xhr.withCredentials = true;
    xhr.responseType = options.responseType === "blob" ? "blob" : "text";
    xhr.timeout = options.timeoutMs ?? 0;
    for (const [name, value] of Object.entries(requestHeaders(useSession.getState().token)))
      xhr.setRequestHeader(name, value);
    if (options.onProgress) {
      const report = options.onProgress;
      xhr.upload.addEventListener("progress", (event) => {
        if (event.lengthComputable) report(Math.min(99, Math.round((event.loaded / event.total) * 100)));
      });
    }
    xhr.addEventListener("load", () => {
      let body: unknown = xhr.response;
      const isJson = (xhr.getResponseHeader("content-type") ?? "").includes("json");
      if (options.responseType === "json" || isJson || xhr.status >= 400) {
        const read = (text: string) => {
          try {
            return text ? JSON.parse(text) : undefined;
          } catch {
            return text;
          }
        };
        if (xhr.response instanceof Blob && isJson) {
          void xhr.response.text().then((text) => resolve({ status: xhr.status, body: read(text) }));
          return;
        }
        if (typeof xhr.response === "string") body = read(xhr.response);
      }
      resolve({ status: xhr.status, body });
    });
    const fail = () => {
      if (typeof navigator !== "undefined" && navigator.onLine === false) {
        useOnline.getState().shake();
        reject(new OfflineError());
      } else reject(new ApiError(somethingWentWrong, 503));
    };
    xhr.addEventListener("error", fail);
    xhr.addEventListener("timeout", fail);
    xhr.addEventListener("abort", () => reject(new DOMException("aborted", "AbortError")));
    options.signal?.addEventListener("abort", () => xhr.abort(), { once: true });
    xhr.send(options.body ?? null);
  });
}

/** One call, refreshing the session once on 401 (the HTTP client's /auth/me call does the refresh). */
async function withRefresh(run: () => Promise<XhrResult>): Promise<XhrResult> {
  const token = useSession.getState().token;
  let result = await run();
  if (result.status === 401 && token) {
    // A refresh that fails leaves the 401 below to answer; anything else unexpected is reported.
    await get("/auth/me").catch(reportUnexpected("refreshing the session for an upload"));
    if (useSession.getState().token && useSession.getState().token !== token) result = await run();
  }
  return result;
}

/**
 * Sends a multipart form (fields first, then the file: the server reads them in that order) and
 * reports the share sent, 0..99; 100 comes with the answer. Resolves to the JSON answer.
 */
export async function upload<T>(
  path: string,
  form: FormData,
  options: { onProgress?: (percent: number) => void; signal?: AbortSignal } = {},
): Promise<T> {
  const { status, body } = await withRefresh(() =>
    send("POST", path, { body: form, responseType: "json", ...options }),
  );
  if (status < 200 || status >= 300) throw errorFromResponse(status, body);
  options.onProgress?.(100);
  return body as T;
}

/** A file the API only gives with the bearer token (e.g. a draft title's cover), as a Blob. */
export async function fetchBlob(path: string, signal?: AbortSignal): Promise<Blob> {
  const { status, body } = await withRefresh(() =>
    send("GET", path, { responseType: "blob", signal, timeoutMs: limits.apiTimeoutMs }),
  );
  if (status < 200 || status >= 300 || !(body instanceof Blob)) throw errorFromResponse(status, body);
  return body;
}
