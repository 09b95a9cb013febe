/** The two interface languages (spec section 1): English id 1 (default), Spanish id 2. */
export const languages = [
  { id: 1, name: "English", code: "en" },
  { id: 2, name: "Español", code: "es" },
] as const;
export type LanguageCode = (typeof languages)[number]["code"];
export type LanguageId = (typeof languages)[number]["id"];
export const defaultLanguage: LanguageCode = "en";

export function languageById(id: number | undefined): LanguageCode {
  return languages.find((l) => l.id === id)?.code ?? defaultLanguage;
}
export function languageIdOf(code: LanguageCode): LanguageId {
  return code === "es" ? 2 : 1;
}

/**
 * Picks the request language from the spec's headers: X-Language-Id first, then X-Language-Code,
 * then the first supported tag of Accept-Language; English otherwise.
 */
export function negotiateLanguage(headers: {
  languageId?: string | undefined;
  languageCode?: string | undefined;
  acceptLanguage?: string | undefined;
}): LanguageCode {
  if (headers.languageId === "2") return "es";
  if (headers.languageId === "1") return "en";
  const code = headers.languageCode?.trim().slice(0, 2).toLowerCase();
  if (code === "es" || code === "en") return code;
  for (const part of (headers.acceptLanguage ?? "").split(",")) {
    const tag = part.split(";")[0]?.trim().slice(0, 2).toLowerCase();
    if (tag === "es" || tag === "en") return tag;
  }
  return defaultLanguage;
}
