/** Whether the cookie notice was accepted on this device (kept apart so the first load stays small). */
export const COOKIE_KEY = "cookieConsent";

export function cookieNoticeAccepted(): boolean {
  try {
    return localStorage.getItem(COOKIE_KEY) === "accepted";
  } catch {
    return false;
  }
}
