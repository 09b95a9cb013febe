/**
 * Logout (spec section 4): calls the server (unless blocked or offline), forgets the session
 * (token, role, permissions, isChild, parent-verified flag, username, user) and runs every reset
 * registered with `onLogout` (notifications, cart, the query cache...), so no trace of the previous
 * user stays in memory.
 *
 * Leaving a guarded page: navigate first, then log out, so the area guard does not send the person
 * to /login?redirect={the page they left}:
 *   await navigate("/login", { replace: true, state: loggingOutState });
 *   await logout();
 */
import { useSession } from "../stores/session";
import { post } from "./http/client";

/** Navigation state telling the login page not to send a still-logged-in user on: logout follows. */
export const loggingOutState = { loggingOut: true } as const;

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
export async function logout({ callServer = true }: { callServer?: boolean } = {}): Promise<void> {
  if (callServer) {
    try {
      await post("/auth/logout");
    } catch {
      // Offline or the server refused: the refresh cookie expires on its own; log out locally anyway.
    }
  }
  forgetSession();
}
