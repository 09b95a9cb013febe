/** Caption languages are named in their own language, as players do. */
export const languageNames = { en: "English", es: "Español" } as const;
