import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useSession } from "../stores/session";
import { logout, onLogout } from "./logout";

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

beforeEach(() => {
  Object.defineProperty(window.navigator, "onLine", { configurable: true, get: () => true });
  useSession.getState().setToken("tok");
  useSession
    .getState()
    .setUser({ id: 1, name: "ana_lopez", username: "ana", email: null, role_id: 1, language_id: 1 });
  localStorage.setItem("parentVerified", "true");
});
afterEach(() => vi.unstubAllGlobals());

describe("logout", () => {
  it("calls the server, clears the stored session and runs every registered reset", async () => {
    const fetchMock = vi.fn(async () => json(200, { message: "bye" }));
    vi.stubGlobal("fetch", fetchMock);
    const resetCart = vi.fn();
    const resetNotifications = vi.fn();
    const off = onLogout(resetCart);
    onLogout(resetNotifications);

    await logout();

    expect(fetchMock).toHaveBeenCalledWith("/api/auth/logout", expect.objectContaining({ method: "POST" }));
    expect(useSession.getState()).toMatchObject({
      token: null,
      role: null,
      permissions: [],
      username: null,
      user: null,
    });
    for (const key of ["token", "role", "permissions", "isChild", "username", "parentVerified"]) {
      expect(localStorage.getItem(key)).toBeNull();
    }
    expect(resetCart).toHaveBeenCalledOnce();
    expect(resetNotifications).toHaveBeenCalledOnce();
    off();
  });

  it("still logs out locally when the server cannot be reached, and can skip the call", async () => {
    const fetchMock = vi.fn(async () => {
      throw new TypeError("Failed to fetch");
    });
    vi.stubGlobal("fetch", fetchMock);
    await logout();
    expect(useSession.getState().token).toBeNull();

    useSession.getState().setToken("tok");
    fetchMock.mockClear();
    await logout({ callServer: false });
    expect(fetchMock).not.toHaveBeenCalled();
    expect(useSession.getState().token).toBeNull();
  });

  it("makes one server call when logout is triggered twice at once", async () => {
    const fetchMock = vi.fn(async () => json(200, { message: "bye" }));
    vi.stubGlobal("fetch", fetchMock);
    await Promise.all([logout(), logout()]);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
