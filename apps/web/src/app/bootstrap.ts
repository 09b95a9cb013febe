/**
 * Start-up (spec section 4, "On start"): with a stored token the current user is loaded before the
 * app shows; without one the app shows at once. A `verification_token` (with an optional `username`)
 * in the URL is sent to the server, the result is shown in a toast, and the person goes to the login
 * page; an `age_verification_token` (the guardian's link) leads to a page saying what happened.
 * Runs once per page load, outside React (StrictMode-proof).
 */
import type { User, VerifyResponse } from "@aprendo/contract";
import { useSyncExternalStore } from "react";
import type { GuardianConfirmation } from "../features/auth/pages/GuardianConfirmedPage";
import { get, post } from "../lib/http/client";
import { ApiError, OfflineError } from "../lib/http/errors";
import { syncLanguageWithAccount } from "../lib/language";
import { showError, showSuccess } from "../lib/toast";
import { type SessionUser, useSession } from "../stores/session";

type Navigate = (to: string, options?: { state?: unknown }) => unknown;

let ready = false;
const listeners = new Set<() => void>();
function markReady() {
  ready = true;
  for (const listener of listeners) listener();
}

function writeStorage(key: string, value: string) {
  try {
    localStorage.setItem(key, value);
  } catch {
    // Storage unavailable: the in-memory session still works for this tab.
  }
}

/**
 * Stores the user of GET /auth/me in the session (role, permissions, isChild, parentVerified,
 * username) and reconciles the interface language with the account's.
 */
export function storeUser(user: User): void {
  useSession.getState().setUser(user as unknown as SessionUser);
  writeStorage("parentVerified", String(user.parent_verified));
  void syncLanguageWithAccount(user.language_id);
}

/** GET /auth/me; forgets the session when the server no longer knows the token. */
export async function loadCurrentUser(): Promise<void> {
  try {
    storeUser(await get<User>("/auth/me"));
  } catch (error) {
    // Offline or the server is briefly unavailable: keep the session, the pages retry their own data.
    if (error instanceof OfflineError) return;
    if (error instanceof ApiError && error.status >= 500) return;
    useSession.getState().clear();
  }
}

/** Remembers the username of a verification link, so the login form can offer it. */
function rememberUsername(username: string) {
  writeStorage("username", username);
  useSession.setState({ username });
}

async function verifyFromUrl(navigate: Navigate): Promise<void> {
  const params = new URLSearchParams(window.location.search);
  const emailToken = params.get("verification_token");
  const ageToken = params.get("age_verification_token");
  if (!emailToken && !ageToken) return;

  if (ageToken) {
    await confirmChild(navigate, ageToken);
    return;
  }
  const username = params.get("username");
  if (emailToken && username) rememberUsername(username);
  try {
    const result = await post<VerifyResponse>("/auth/verify", { token: emailToken });
    if (result?.username && !useSession.getState().token) rememberUsername(result.username);
    showSuccess(result.message);
  } catch (error) {
    showError(error);
  }
  navigate("/login");
}

/**
 * The guardian's link: the guardian is not the one who logs in, so they land on a page saying what
 * happened to the child's account (features/auth/pages/GuardianConfirmedPage.tsx), not on a login form.
 */
async function confirmChild(navigate: Navigate, token: string): Promise<void> {
  let state: GuardianConfirmation;
  try {
    const result = await post<VerifyResponse>("/auth/verify-age", { token });
    state = { result: "confirmed", username: result?.username ?? null };
  } catch (error) {
    // Only the server's refusal of the link belongs on the page; anything else is a passing failure.
    if (!(error instanceof ApiError) || error.status >= 500 || error.status === 429) {
      showError(error);
      navigate("/");
      return;
    }
    state = { result: "invalid", message: error.message };
  }
  navigate("/guardian-confirmed", { state });
}

let started: Promise<void> | null = null;

/** Starts the app once: loads the user when a token is stored, then handles verification links. */
export function startApp(navigate: Navigate): Promise<void> {
  started ??= (async () => {
    if (useSession.getState().token) await loadCurrentUser();
    markReady();
    await verifyFromUrl(navigate);
  })();
  return started;
}

/** True once the app may show (immediately without a stored token). */
export function useAppReady(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => ready,
  );
}

/** For tests: forget that the app started. */
export function resetStartForTests(): void {
  started = null;
  ready = false;
}
