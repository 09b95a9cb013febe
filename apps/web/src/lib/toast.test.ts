import { beforeEach, describe, expect, it, vi } from "vitest";
import { i18n } from "../i18n";
import { ApiError, OfflineError, SessionEndedError } from "./http/errors";
import { showError, showSuccess } from "./toast";

const toast = vi.hoisted(() => ({ error: vi.fn(), success: vi.fn(), info: vi.fn() }));
vi.mock("sonner", () => ({ toast, Toaster: () => null }));

const flush = () => new Promise((r) => setTimeout(r, 0));

beforeEach(async () => {
  toast.error.mockClear();
  toast.success.mockClear();
  await i18n.changeLanguage("en");
});

describe("toasts (spec section 8 display rules)", () => {
  it("shows one error toast for a string error", async () => {
    showError(new ApiError("Invalid login credentials", 401, { message: "Invalid login credentials" }));
    await flush();
    expect(toast.error.mock.calls).toEqual([["Invalid login credentials"]]);
  });

  it("shows one error toast per message of a field errors object", async () => {
    showError(new ApiError({ email: ["Email is not valid"], phone: ["validation.phone", "Too short"] }, 422));
    await flush();
    expect(toast.error.mock.calls.map((c) => c[0])).toEqual([
      "Email is not valid",
      "Enter the phone number with its country code, like +44xxxxxxxxxx",
      "Too short",
    ]);
  });

  it("shows one toast per message of an array", async () => {
    showError(["first", "second"]);
    await flush();
    expect(toast.error).toHaveBeenCalledTimes(2);
  });

  it("translates portable keys into the current language", async () => {
    await i18n.changeLanguage("es");
    showError(new ApiError("error.somethingWrong", 503));
    showError("validation.min?entry=entry.characters&min=8");
    await flush();
    expect(toast.error.mock.calls.map((c) => c[0])).toEqual([
      "Algo salió mal, inténtalo de nuevo más tarde",
      "El mínimo permitido de caracteres es 8",
    ]);
  });

  it("shows nothing for offline and ended-session errors", async () => {
    showError(new OfflineError());
    showError(new SessionEndedError());
    showError(new DOMException("aborted", "AbortError"));
    await flush();
    expect(toast.error).not.toHaveBeenCalled();
  });

  it("shows a success toast for a success message", async () => {
    showSuccess("Your password was changed");
    await flush();
    expect(toast.success.mock.calls).toEqual([["Your password was changed"]]);
  });
});
