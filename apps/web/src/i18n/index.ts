/**
 * i18next with English and Spanish. Namespaces: `common` (shell words) and `commonMessages` (the
 * contract's shared validation and error texts) come with the app in both languages; `messages` (the
 * contract's whole catalogue, the texts the server sends) loads at start in the page's language only;
 * each feature's namespace (features/<feature>/i18n/<lang>.json) loads with the first page that uses
 * it. A page loads only the language it shows: another loads when the person switches, and
 * `changeLanguage` resolves once every namespace in use is there, so the switch never shows keys.
 * Unit tests check both languages have the same keys, which is why no language falls back on another.
 */
import type { LanguageCode } from "@aprendo/contract/domain";
import { commonMessages } from "@aprendo/contract/i18n/common";
import i18next, { type BackendModule, type i18n as I18n } from "i18next";
import { initReactI18next } from "react-i18next";
import commonEn from "./en/common.json";
import commonEs from "./es/common.json";

const featureFiles = import.meta.glob<Record<string, unknown>>("../features/*/i18n/*.json", {
  import: "default",
});

// The contract's catalogue, one module per language (built, about 55 kB each).
const catalogueFiles: Record<string, () => Promise<Record<string, unknown>>> = {
  en: () => import("@aprendo/contract/i18n/en").then((module) => module.catalogue),
  es: () => import("@aprendo/contract/i18n/es").then((module) => module.catalogue),
};

const featureBackend: BackendModule = {
  type: "backend",
  init() {},
  read(language, namespace, callback) {
    const load =
      namespace === "messages"
        ? catalogueFiles[language]
        : featureFiles[`../features/${namespace}/i18n/${language}.json`];
    if (!load) return callback(null, {});
    load().then(
      (data) => callback(null, data),
      (error: Error) => callback(error, null),
    );
  },
};

/**
 * The language of the first paint: the choice stored on this device wins; without one (a first
 * visit), the first English or Spanish entry of the browser's languages (what it sends as
 * Accept-Language); English otherwise. After login the account's language applies when nothing was
 * chosen here (lib/language.ts).
 */
export function initialLanguage(stored: string | null, browser: readonly string[] | undefined): LanguageCode {
  if (stored === "es" || stored === "en") return stored;
  for (const tag of browser ?? []) {
    const primary = tag.toLowerCase().split("-")[0];
    if (primary === "es" || primary === "en") return primary;
  }
  return "en";
}

function storedLanguage(): LanguageCode {
  let stored: string | null = null;
  try {
    stored = localStorage.getItem("locale");
  } catch {
    // Storage unavailable (private mode, blocked): the browser's languages still decide.
  }
  const browser =
    typeof navigator === "undefined"
      ? undefined
      : navigator.languages?.length
        ? navigator.languages
        : [navigator.language];
  return initialLanguage(stored, browser);
}

/** The product name the server configured (BRAND_NAME), written into index.html; "Aprendo" otherwise. */
const brand =
  typeof document === "undefined"
    ? null
    : document.querySelector<HTMLMetaElement>('meta[name="application-name"]')?.content;
const withBrand = <T extends { brand: string }>(common: T): T => (brand ? { ...common, brand } : common);

/**
 * Starts an i18next instance in `language` and resolves once the contract's catalogue in that language
 * is there; the shared texts bundled here cover the moment before it lands. Loading `messages` through
 * i18next adds it to the namespaces in use, so a language switch waits for the other language's
 * catalogue (and every feature namespace in use) before it shows.
 */
export function startI18n(instance: I18n, language: LanguageCode): Promise<void> {
  void instance.use(featureBackend).init({
    resources: {
      en: { common: withBrand(commonEn), commonMessages: commonMessages.en },
      es: { common: withBrand(commonEs), commonMessages: commonMessages.es },
    },
    partialBundledLanguages: true,
    lng: language,
    // Both languages have every key (the unit tests), so a fallback would never be used, yet i18next
    // loads a fallback language's namespaces too: a Spanish page fetched every English file as well.
    fallbackLng: false,
    defaultNS: "common",
    ns: ["common", "commonMessages"],
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  return instance.loadNamespaces("messages");
}

export const i18n = i18next.createInstance().use(initReactI18next);
/** The app's catalogue in the page's language, asked for as the app starts. */
export const fullCatalogue = startI18n(i18n, storedLanguage());

// The catalogue first, the shared texts while it loads (both hold the shared keys).
const messageNamespaces = ["messages", "commonMessages"];

/** Translates a portable message from the contract (`key?param=value`) or returns text as it is. */
export function translateMessage(message: string): string {
  const at = message.indexOf("?");
  const key = at < 0 ? message : message.slice(0, at);
  if (!i18n.exists(key, { ns: messageNamespaces })) return message;
  const params = at < 0 ? {} : Object.fromEntries(new URLSearchParams(message.slice(at + 1)));
  const resolved = Object.fromEntries(
    Object.entries(params).map(([k, v]) => [
      k,
      i18n.exists(v, { ns: messageNamespaces }) ? i18n.t(v, { ns: messageNamespaces }) : v,
    ]),
  );
  return i18n.t(key, { ns: messageNamespaces, ...resolved });
}
