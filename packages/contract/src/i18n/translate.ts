/**
 * Message keys travel instead of text: a validator or an AppError carries `key?param=value`,
 * and whoever shows it (the server for API answers, the web app for form fields) translates it
 * into the reader's language with the catalogue below. One catalogue, two readers.
 */
import type { LanguageCode } from "../domain/languages";

export type Catalogue = Record<string, string>;
export type Catalogues = Record<LanguageCode, Catalogue>;
export type MessageParams = Record<string, string | number>;

/** Builds the portable form of a message: `key` or `key?name=value&...`. */
export function messageKey(key: string, params?: MessageParams): string {
  if (!params || Object.keys(params).length === 0) return key;
  return `${key}?${new URLSearchParams(Object.entries(params).map(([k, v]): [string, string] => [k, String(v)])).toString()}`;
}

export function parseMessageKey(message: string): { key: string; params: MessageParams } {
  const at = message.indexOf("?");
  if (at < 0) return { key: message, params: {} };
  return {
    key: message.slice(0, at),
    params: Object.fromEntries(new URLSearchParams(message.slice(at + 1))),
  };
}

/** `{{name}}` placeholders, the same syntax i18next uses in the web app. */
export function interpolate(text: string, params: MessageParams): string {
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}

/**
 * Translates a portable message. Text that is not a known key (a message already in words)
 * comes back unchanged, so callers never lose a message.
 */
export function translate(catalogues: Catalogues, language: LanguageCode, message: string): string {
  const { key, params } = parseMessageKey(message);
  return translateKey(catalogues, language, key, params) ?? message;
}

/**
 * `translate` of a key whose parameters are already apart (what `parseMessageKey` gives): callers
 * that hold them (the mails, a notice in both languages) skip writing them into the key and parsing
 * them back, each a URLSearchParams pass. Undefined for a key no catalogue knows.
 */
export function translateKey(
  catalogues: Catalogues,
  language: LanguageCode,
  key: string,
  params: MessageParams,
): string | undefined {
  // A message with a {{count}} picks its plural form like i18next does ("1 problem", "2 problems"):
  // `key_one` when the language's plural rule says "one", else the plain key.
  const plural =
    params.count !== undefined && Number.isFinite(Number(params.count))
      ? `${key}_${pluralRules(language).select(Number(params.count))}`
      : undefined;
  const text =
    (plural && (catalogues[language][plural] ?? catalogues.en[plural])) ??
    catalogues[language][key] ??
    catalogues.en[key];
  if (text === undefined) return undefined;
  // Params can themselves be keys (e.g. the {{entry}} of a length message).
  const resolved: MessageParams = {};
  for (const name in params) {
    const value = String(params[name]);
    resolved[name] = catalogues[language][value] ?? value;
  }
  return interpolate(text, resolved);
}

/** One plural rule per language, made once: building an Intl.PluralRules costs far more than asking it. */
const pluralRulesOf = new Map<LanguageCode, Intl.PluralRules>();
function pluralRules(language: LanguageCode): Intl.PluralRules {
  let rules = pluralRulesOf.get(language);
  if (!rules) {
    rules = new Intl.PluralRules(language);
    pluralRulesOf.set(language, rules);
  }
  return rules;
}
