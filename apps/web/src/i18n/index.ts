/**
 * i18next with English and Spanish. Namespaces: `common` (shell words) and `messages` (the
 * contract's validation and error texts, the same ones the server uses) load with the app; each
 * feature's namespace (features/<feature>/i18n/<lang>.json) loads with the first page that uses it,
 * so translations do not weigh on the first load. A unit test checks both languages have the same keys.
 */
import type { LanguageCode } from "@aprendo/contract/domain";
import { commonMessages } from "@aprendo/contract/i18n/common";
import i18next, { type BackendModule } from "i18next";
import { initReactI18next } from "react-i18next";
import commonEn from "./en/common.json";
import commonEs from "./es/common.json";

const featureFiles = import.meta.glob<Record<string, unknown>>("../features/*/i18n/*.json", {
  import: "default",
});

const featureBackend: BackendModule = {
  type: "backend",
  init() {},
  read(language, namespace, callback) {
    const load = featureFiles[`../features/${namespace}/i18n/${language}.json`];
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

export const i18n = i18next.createInstance();
void i18n
  .use(featureBackend)
  .use(initReactI18next)
  .init({
    resources: {
      en: { common: withBrand(commonEn), messages: commonMessages.en },
      es: { common: withBrand(commonEs), messages: commonMessages.es },
    },
    partialBundledLanguages: true,
    lng: storedLanguage(),
    fallbackLng: "en",
    defaultNS: "common",
    ns: ["common", "messages"],
    interpolation: { escapeValue: false },
    returnNull: false,
  });

/**
 * The whole catalogue (every feature's validation messages) follows the first paint: the shared
 * validation and error texts above cover the first page; feature pages load after this lands.
 */
export const fullCatalogue = import("@aprendo/contract/i18n").then(({ messages }) => {
  for (const language of ["en", "es"] as const) {
    i18n.addResourceBundle(language, "messages", messages[language], true, false);
  }
});

/** Translates a portable message from the contract (`key?param=value`) or returns text as it is. */
export function translateMessage(message: string): string {
  const at = message.indexOf("?");
  const key = at < 0 ? message : message.slice(0, at);
  if (!i18n.exists(key, { ns: "messages" })) return message;
  const params = at < 0 ? {} : Object.fromEntries(new URLSearchParams(message.slice(at + 1)));
  const resolved = Object.fromEntries(
    Object.entries(params).map(([k, v]) => [
      k,
      i18n.exists(v, { ns: "messages" }) ? i18n.t(v, { ns: "messages" }) : v,
    ]),
  );
  return i18n.t(key, { ns: "messages", ...resolved });
}
