import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useSession } from "../stores/session";
import { resetStartForTests, startApp } from "./bootstrap";

const toast = vi.hoisted(() => ({ error: vi.fn(), success: vi.fn(), info: vi.fn() }));
vi.mock("sonner", () => ({ toast, Toaster: () => null }));

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

const me = {
  id: 7,
  name: "ana_lopez",
  username: "ana",
  email: "ana@example.com",
  phone: null,
  role_id: 1,
  language_id: 1,
  first_name: "Ana",
  last_name: "Lopez",
  is_child: true,
  parent_verified: false,
  user_profile: { enable_salary_scale: false, date_of_birth: "2018-05-01" },
  salary_scale: null,
};

let fetchMock: ReturnType<typeof vi.fn>;
function stubFetch(handler: (url: string, init: RequestInit) => Response) {
  fetchMock = vi.fn(async (url: string, init: RequestInit) => handler(url, init));
  vi.stubGlobal("fetch", fetchMock);
}

beforeEach(() => {
  Object.defineProperty(window.navigator, "onLine", { configurable: true, get: () => true });
  resetStartForTests();
  useSession.getState().clear();
  localStorage.clear();
  window.history.replaceState(null, "", "/");
  toast.success.mockClear();
  toast.error.mockClear();
});
afterEach(() => vi.unstubAllGlobals());

const flush = () => new Promise((r) => setTimeout(r, 0));

describe("start-up", () => {
  it("without a token shows the app at once and calls nothing", async () => {
    stubFetch(() => json(200, {}));
    const navigate = vi.fn();
    await startApp(navigate);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(navigate).not.toHaveBeenCalled();
  });

  it("with a token loads the current user and stores role, isChild and the parent-verified flag", async () => {
    useSession.getState().setToken("tok");
    stubFetch(() => json(200, me));
    await startApp(vi.fn());
    expect(fetchMock.mock.calls[0]?.[0]).toBe("/api/auth/me");
    expect(useSession.getState()).toMatchObject({ role: 1, isChild: true, username: "ana", user: { id: 7 } });
    expect(localStorage.getItem("parentVerified")).toBe("false");
  });

  it("forgets a token the server refuses", async () => {
    useSession.getState().setToken("tok");
    stubFetch(() => json(403, { message: "This account has been disabled." }));
    await startApp(vi.fn());
    expect(useSession.getState().token).toBeNull();
    expect(localStorage.getItem("token")).toBeNull();
  });

  it("verifies an email link, remembers the username, toasts the result and goes to /login", async () => {
    window.history.replaceState(null, "", "/?verification_token=abc123&username=ana");
    stubFetch(() => json(200, { message: "Your email address is verified.", username: "ana" }));
    const navigate = vi.fn();
    await startApp(navigate);
    await flush();
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe("/api/auth/verify");
    expect(JSON.parse(String(init.body))).toEqual({ token: "abc123" });
    expect(localStorage.getItem("username")).toBe("ana");
    expect(toast.success).toHaveBeenCalledWith("Your email address is verified.");
    expect(navigate).toHaveBeenCalledWith("/login");
  });

  it("lands a confirmed guardian link on the page saying the child can log in, not on a login form", async () => {
    window.history.replaceState(null, "", "/?age_verification_token=zzz");
    stubFetch(() => json(200, { message: "Thank you. The account is confirmed.", username: "ana" }));
    const navigate = vi.fn();
    await startApp(navigate);
    await flush();
    expect(fetchMock.mock.calls[0]?.[0]).toBe("/api/auth/verify-age");
    expect(navigate).toHaveBeenCalledWith("/guardian-confirmed", {
      state: { result: "confirmed", username: "ana" },
    });
  });

  it("shows a refused guardian link on that page with the server's reason", async () => {
    window.history.replaceState(null, "", "/?age_verification_token=zzz");
    stubFetch(() => json(400, { message: "This confirmation link is invalid or has expired." }));
    const navigate = vi.fn();
    await startApp(navigate);
    await flush();
    expect(navigate).toHaveBeenCalledWith("/guardian-confirmed", {
      state: { result: "invalid", message: "This confirmation link is invalid or has expired." },
    });
  });
});
