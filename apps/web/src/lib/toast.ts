/**
 * Toasts with the display rules of spec section 8: a string error shows one error toast; an array
 * or object of field errors shows one error toast per message; a success message shows a success
 * toast; at the bottom for 3 seconds (the <Toaster/> in app/Toaster.tsx). Messages are translated
 * with translateMessage, so portable keys and server text both work. Sonner loads lazily (it is not
 * needed for the first paint); toasts made before it arrives are shown when it does.
 */
import { translateMessage } from "../i18n";
import { ApiError, isSilentError } from "./http/errors";

type Sonner = typeof import("sonner");
let sonner: Promise<Sonner> | null = null;
export const loadSonner = () => {
  sonner ??= import("sonner");
  return sonner;
};

/** Every message an error value holds, in display order (spec section 8 display rules). */
export function errorMessages(error: unknown): string[] {
  if (error === null || error === undefined || isSilentError(error)) return [];
  if (error instanceof ApiError) return errorMessages(error.detail);
  if (typeof error === "string") return error.trim() === "" ? [] : [error];
  if (Array.isArray(error)) return error.flatMap((item) => errorMessages(item));
  if (error instanceof Error) {
    // A cancelled request is not something to tell the person about.
    if (error.name === "AbortError") return [];
    return error.message ? [error.message] : [];
  }
  if (typeof error === "object") {
    const message = (error as { message?: unknown }).message;
    if (typeof message === "string" && Object.keys(error).length === 1) return errorMessages(message);
    return Object.values(error).flatMap((item) => errorMessages(item));
  }
  return [String(error)];
}

/** Shows an error per the display rules; offline and ended-session errors show nothing. */
export function showError(error: unknown): void {
  const messages = errorMessages(error).map(translateMessage);
  if (messages.length === 0) return;
  void loadSonner().then(({ toast }) => {
    for (const message of messages) toast.error(message);
  });
}

export function showSuccess(message: string): void {
  const text = translateMessage(message);
  void loadSonner().then(({ toast }) => toast.success(text));
}

export function showInfo(message: string): void {
  const text = translateMessage(message);
  void loadSonner().then(({ toast }) => toast.info(text));
}
