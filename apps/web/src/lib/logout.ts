/**
 * Logout (spec section 4): calls the server (unless blocked or offline), forgets the session
 * (token, role, permissions, isChild, parent-verified flag, username, user) and runs every reset
 * registered with `onLogout` (notifications, cart, the query cache...), so no trace of the previous
 * user stays in memory.
 *
 * From a guarded page, do not log out and then navigate: the area guard would see the session end
 * first and send the person to /login?redirect={the page they left}. Navigate to the login page
 * with `logoutState()` instead; the login page logs out as soon as it is shown:
 *   navigate("/login", { replace: true, state: logoutState() });
 */
import { useSession } from "../stores/session";
import { post } from "./http/client";

/**
 * Navigation state for the login page: log out on arrival ("server" also calls POST /auth/logout,
 * "local" only forgets the session, e.g. after the account was deleted and its sessions ended).
 */
export type LogoutState = { loggingOut: "server" | "local" };
export const logoutState = ({ callServer = true }: { callServer?: boolean } = {}): LogoutState => ({
  loggingOut: callServer ? "server" : "local",
});

type Reset = () => void;
const resets = new Set<Reset>();

/** Registers a reset to run on every logout; returns a function that unregisters it. */
export function onLogout(reset: Reset): () => void {
  resets.add(reset);
  return () => {
    resets.delete(reset);
  };
}

/** Clears everything client-side without calling the server (e.g. after the account was deleted). */
export function forgetSession(): void {
  useSession.getState().clear();
  for (const reset of resets) {
    try {
      reset();
    } catch {
      // One feature's failing reset must not keep the others from running.
    }
  }
}

/**
 * Logs out. `callServer: false` skips POST /auth/logout (the account is blocked or already ended);
 * offline, the call is skipped by the HTTP client. Never throws: the local session ends regardless.
 */
let pending: Promise<void> | null = null;

async function endSession(callServer: boolean): Promise<void> {
  try {
    if (callServer) await post("/auth/logout");
  } catch {
    // Offline or the server refused: the refresh cookie expires on its own; log out locally anyway.
  } finally {
    forgetSession();
  }
}

export function logout({ callServer = true }: { callServer?: boolean } = {}): Promise<void> {
  // Two triggers at once (a double click, StrictMode effects) make one logout.
  pending ??= endSession(callServer).finally(() => {
    pending = null;
  });
  return pending;
}
