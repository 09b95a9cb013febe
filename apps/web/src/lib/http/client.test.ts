import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { i18n } from "../../i18n";
import { useOnline } from "../../stores/online";
import { useSession } from "../../stores/session";
import { environment, get, post, put } from "./client";
import { ApiError, OfflineError, SessionEndedError } from "./errors";

type Call = { url: string; init: RequestInit; headers: Record<string, string> };

const json = (status: number, body: unknown) =>
  new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json" },
  });

let calls: Call[];
let fetchMock: ReturnType<typeof vi.fn>;

function stubFetch(handler: (url: string, init: RequestInit) => Response | Promise<Response>) {
  fetchMock = vi.fn(async (url: string, init: RequestInit) => {
    calls.push({ url, init, headers: { ...(init.headers as Record<string, string>) } });
    return handler(url, init);
  });
  vi.stubGlobal("fetch", fetchMock);
}

function setOnline(online: boolean) {
  Object.defineProperty(window.navigator, "onLine", { configurable: true, get: () => online });
}

beforeEach(async () => {
  calls = [];
  setOnline(true);
  useSession.getState().clear();
  useOnline.setState({ shakeUntil: 0, shaking: false, online: true });
  await i18n.changeLanguage("en");
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe("HTTP client headers", () => {
  it("sends the bearer token, the three language headers and the refresh cookie to /api", async () => {
    useSession.getState().setToken("tok-1");
    await i18n.changeLanguage("es");
    stubFetch(() => json(200, { ok: true }));

    const body = await get("/auth/me", { query: { q: "física", empty: "", none: undefined } });

    expect(body).toEqual({ ok: true });
    expect(calls[0]?.url).toBe("/api/auth/me?q=f%C3%ADsica");
    expect(calls[0]?.init.credentials).toBe("include");
    expect(calls[0]?.headers).toMatchObject({
      Authorization: "Bearer tok-1",
      "X-Language-Id": "2",
      "X-Language-Code": "es",
      "Accept-Language": "es",
    });
  });

  it("sends English ids without a token for a guest and JSON bodies with their content type", async () => {
    stubFetch(() => json(200, { access_token: "a" }));
    await post("auth/login", { login: "ana", password: "x" });
    expect(calls[0]?.url).toBe("/api/auth/login");
    expect(calls[0]?.headers.Authorization).toBeUndefined();
    expect(calls[0]?.headers["X-Language-Id"]).toBe("1");
    expect(calls[0]?.headers["Content-Type"]).toBe("application/json");
    expect(calls[0]?.init.body).toBe(JSON.stringify({ login: "ana", password: "x" }));
  });

  it("accepts an absolute next_page_url as it is", async () => {
    stubFetch(() => json(200, { data: [] }));
    await get("http://localhost/api/iu/notifications/me?page=2");
    expect(calls[0]?.url).toBe("http://localhost/api/iu/notifications/me?page=2");
  });

  it("parses the response with a given schema", async () => {
    stubFetch(() => json(200, { n: "2" }));
    const result = await get("/x", { schema: { parse: (d) => Number((d as { n: string }).n) } });
    expect(result).toBe(2);
  });
});

describe("HTTP client timeout", () => {
  it("gives up after 30 seconds with 'Something went wrong' and status 503", async () => {
    vi.useFakeTimers();
    stubFetch(
      (_url, init) =>
        new Promise<Response>((_resolve, reject) => {
          init.signal?.addEventListener("abort", () => reject(new DOMException("aborted", "AbortError")));
        }),
    );
    const pending = get("/slow").catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(29_999);
    expect(calls[0]?.init.signal?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const error = (await pending) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(503);
    expect(error.detail).toBe("error.somethingWrong");
  });

  it("rejects with the caller's abort, not an API error, when the caller cancels", async () => {
    stubFetch(
      (_url, init) =>
        new Promise<Response>((_resolve, reject) => {
          init.signal?.addEventListener("abort", () => reject(new DOMException("aborted", "AbortError")));
        }),
    );
    const controller = new AbortController();
    const pending = get("/slow", { signal: controller.signal }).catch((e: unknown) => e);
    controller.abort();
    const error = await pending;
    expect(error).not.toBeInstanceOf(ApiError);
    expect((error as DOMException).name).toBe("AbortError");
  });
});

describe("HTTP client refresh on 401", () => {
  it("refreshes once, stores the new access_token and retries the call with it", async () => {
    useSession.getState().setToken("old");
    stubFetch((url, init) => {
      if (url === "/api/auth/refresh") return json(200, { access_token: "new" });
      const auth = (init.headers as Record<string, string>).Authorization;
      return auth === "Bearer new" ? json(200, { name: "ana" }) : json(401, { message: "expired" });
    });

    await expect(put("/iu/change-password", { a: 1 })).resolves.toEqual({ name: "ana" });
    expect(calls.map((c) => c.url)).toEqual([
      "/api/iu/change-password",
      "/api/auth/refresh",
      "/api/iu/change-password",
    ]);
    expect(calls[1]?.init.method).toBe("POST");
    expect(calls[1]?.init.credentials).toBe("include");
    expect(calls[2]?.headers.Authorization).toBe("Bearer new");
    expect(useSession.getState().token).toBe("new");
    expect(localStorage.getItem("token")).toBe("new");
  });

  it("does not retry a second time when the retried call is refused again", async () => {
    useSession.getState().setToken("old");
    stubFetch((url) =>
      url === "/api/auth/refresh" ? json(200, { access_token: "new" }) : json(401, { message: "no" }),
    );
    const error = (await get("/auth/me").catch((e: unknown) => e)) as ApiError;
    expect(error.status).toBe(401);
    expect(calls.map((c) => c.url)).toEqual(["/api/auth/me", "/api/auth/refresh", "/api/auth/me"]);
  });

  it.each([
    ["POST", "/auth/login"],
    ["POST", "/auth/phone/verify"],
    ["POST", "/auth/register"],
    ["POST", "/auth/logout"],
    ["POST", "/auth/verify"],
    ["POST", "/auth/verify-age"],
    ["POST", "/auth/password-reset/check"],
    ["PUT", "/auth/password-reset"],
    ["POST", "/auth/verify/resend"],
    ["POST", "/auth/verify/parent/resend"],
    ["POST", "/auth/password-reset/request"],
    ["POST", "/auth/password-reset/phone/verify"],
    ["POST", "/auth/password-reset/email/update"],
    ["POST", "/auth/phone/verify/resend"],
    ["POST", "/auth/phone/update"],
  ])("never refreshes for %s %s", async (method, path) => {
    useSession.getState().setToken("old");
    stubFetch(() => json(401, { message: "Invalid login credentials" }));
    const call = method === "PUT" ? put(path, {}) : post(path, {});
    const error = (await call.catch((e: unknown) => e)) as ApiError;
    expect(error.detail).toBe("Invalid login credentials");
    expect(error.status).toBe(401);
    expect(calls).toHaveLength(1);
  });

  it("does not refresh for a guest (no token sent)", async () => {
    stubFetch(() => json(401, { message: "Please log in" }));
    await expect(get("/auth/me")).rejects.toBeInstanceOf(ApiError);
    expect(calls).toHaveLength(1);
  });

  it("shares one refresh among concurrent 401s", async () => {
    useSession.getState().setToken("old");
    let release: () => void = () => {};
    const gate = new Promise<void>((r) => {
      release = r;
    });
    stubFetch(async (url, init) => {
      if (url === "/api/auth/refresh") {
        await gate;
        return json(200, { access_token: "new" });
      }
      const auth = (init.headers as Record<string, string>).Authorization;
      return auth === "Bearer new" ? json(200, { url }) : json(401, { message: "expired" });
    });

    const all = Promise.all([get("/a"), get("/b"), get("/c")]);
    await vi.waitFor(() => expect(calls.filter((c) => c.url === "/api/auth/refresh")).toHaveLength(1));
    release();
    await expect(all).resolves.toEqual([{ url: "/api/a" }, { url: "/api/b" }, { url: "/api/c" }]);
    expect(calls.filter((c) => c.url === "/api/auth/refresh")).toHaveLength(1);
  });

  it("clears token, role and username and reloads the page when the refresh itself gets 401", async () => {
    const reload = vi.spyOn(environment, "reload").mockImplementation(() => {});
    useSession.getState().setToken("old");
    useSession
      .getState()
      .setUser({ id: 1, name: "ana_lopez", username: "ana", email: null, role_id: 1, language_id: 1 });
    stubFetch((url) =>
      url === "/api/auth/refresh" ? json(401, { message: "no" }) : json(401, { message: "expired" }),
    );

    const error = await get("/auth/me").catch((e: unknown) => e);

    expect(error).toBeInstanceOf(SessionEndedError);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(useSession.getState()).toMatchObject({ token: null, role: null, username: null });
    expect(localStorage.getItem("token")).toBeNull();
    expect(localStorage.getItem("role")).toBeNull();
    expect(localStorage.getItem("username")).toBeNull();
  });
});

describe("HTTP client offline", () => {
  it("sends nothing, rejects with OfflineError and shakes the banner for 750 ms", async () => {
    vi.useFakeTimers();
    setOnline(false);
    stubFetch(() => json(200, {}));

    const error = await get("/x").catch((e: unknown) => e);

    expect(error).toBeInstanceOf(OfflineError);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(useOnline.getState()).toMatchObject({ online: false, shaking: true });
    expect(useOnline.getState().shakeUntil).toBe(Date.now() + 750);
    vi.advanceTimersByTime(750);
    expect(useOnline.getState().shaking).toBe(false);
  });

  it("treats a network failure while the browser reports offline as offline", async () => {
    stubFetch(() => {
      setOnline(false);
      throw new TypeError("Failed to fetch");
    });
    await expect(get("/x")).rejects.toBeInstanceOf(OfflineError);
    expect(useOnline.getState().shaking).toBe(true);
  });
});

describe("HTTP client error shapes (spec section 8)", () => {
  it("rule 1: a message becomes the error with its status and the whole body", async () => {
    const body = { message: "Invalid login credentials", errors: { login: ["Invalid login credentials"] } };
    stubFetch(() => json(422, body));
    const error = (await post("/auth/login", {}).catch((e: unknown) => e)) as ApiError;
    expect(error.detail).toBe("Invalid login credentials");
    expect(error.message).toBe("Invalid login credentials");
    expect(error.status).toBe(422);
    expect(error.body).toEqual(body);
    expect(error.fieldErrors).toEqual({ login: ["Invalid login credentials"] });
  });

  it("rule 2: without a message, the errors object is the error", async () => {
    stubFetch(() => json(422, { errors: { email: ["Email is not valid"], phone: ["Too short", "Bad"] } }));
    const error = (await post("/auth/register", {}).catch((e: unknown) => e)) as ApiError;
    expect(error.detail).toEqual({ email: ["Email is not valid"], phone: ["Too short", "Bad"] });
    expect(error.fieldErrors).toEqual({ email: ["Email is not valid"], phone: ["Too short", "Bad"] });
    expect(error.status).toBe(422);
  });

  it("rule 3: any other response gives 'Something went wrong' with the response status", async () => {
    stubFetch(
      () =>
        new Response("<html>Bad gateway</html>", { status: 502, headers: { "content-type": "text/html" } }),
    );
    const error = (await get("/x").catch((e: unknown) => e)) as ApiError;
    expect(error.detail).toBe("error.somethingWrong");
    expect(error.status).toBe(502);
    expect(error.fieldErrors).toBeNull();
  });

  it("rule 4: no response gives 'Something went wrong' with status 503", async () => {
    stubFetch(() => {
      throw new TypeError("Failed to fetch");
    });
    const error = (await get("/x").catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.detail).toBe("error.somethingWrong");
    expect(error.status).toBe(503);
  });

  it("resolves to undefined for an empty success", async () => {
    stubFetch(() => new Response(null, { status: 204 }));
    await expect(post("/auth/logout")).resolves.toBeUndefined();
  });
});
