/**
 * The interface language (spec section 1): English (id 1, default) or Spanish (id 2). The choice is
 * stored in local storage `locale`, sent with every call (the HTTP client reads i18n), and saved to
 * the account's language_id when someone is logged in.
 */
import { type LanguageCode, languageById, languageIdOf } from "@aprendo/contract/domain";
import { i18n } from "../i18n";
import { useSession } from "../stores/session";
import { put } from "./http/client";
import { showError } from "./toast";

export function currentLanguage(): LanguageCode {
  return i18n.language === "es" ? "es" : "en";
}

function explicitChoice(): LanguageCode | null {
  try {
    const value = localStorage.getItem("locale");
    return value === "es" || value === "en" ? value : null;
  } catch {
    return null;
  }
}

async function applyLanguage(code: LanguageCode) {
  try {
    localStorage.setItem("locale", code);
  } catch {
    // Storage unavailable: the language still changes for this page.
  }
  document.documentElement.lang = code;
  await i18n.changeLanguage(code);
}

/** Switches the language; logged in, the account remembers it too. */
export async function changeLanguage(code: LanguageCode): Promise<void> {
  await applyLanguage(code);
  if (useSession.getState().token) {
    try {
      await put("/me/language", { language_id: languageIdOf(code) });
    } catch (error) {
      showError(error);
    }
  }
}

/**
 * After login or start-up: a language chosen on this device wins and is saved to the account;
 * without one, the account's language applies.
 */
export async function syncLanguageWithAccount(accountLanguageId: number): Promise<void> {
  const chosen = explicitChoice();
  const account = languageById(accountLanguageId);
  if (chosen && chosen !== account) {
    await changeLanguage(chosen);
  } else if (!chosen && account !== currentLanguage()) {
    await applyLanguage(account);
  }
}
