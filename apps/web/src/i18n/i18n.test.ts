import { describe, expect, it } from "vitest";

const files = import.meta.glob<Record<string, unknown>>(["../features/*/i18n/*.json", "./*/*.json"], {
  eager: true,
  import: "default",
});

function flatKeys(value: unknown, prefix = ""): string[] {
  if (value === null || typeof value !== "object") return [prefix];
  return Object.entries(value).flatMap(([k, v]) => flatKeys(v, prefix ? `${prefix}.${k}` : k));
}

/** Pairs each English file with its Spanish twin: ../features/x/i18n/en.json <-> es.json, ./en/y.json <-> ./es/y.json. */
const pairs = Object.keys(files)
  .filter((f) => /\/en\.json$|^\.\/en\//.test(f))
  .map((en) => [en, en.replace(/\/en\.json$/, "/es.json").replace(/^\.\/en\//, "./es/")] as const);

describe("translations", () => {
  it("has a Spanish file for every English file and the reverse", () => {
    const spanish = Object.keys(files).filter((f) => /\/es\.json$|^\.\/es\//.test(f));
    expect(spanish.sort()).toEqual(pairs.map(([, es]) => es).sort());
  });
  it.each(pairs)("%s has the same keys in Spanish", (en, es) => {
    const enKeys = flatKeys(files[en]).sort();
    const esKeys = flatKeys(files[es]).sort();
    expect(
      enKeys.filter((k) => !esKeys.includes(k)),
      "missing in Spanish",
    ).toEqual([]);
    expect(
      esKeys.filter((k) => !enKeys.includes(k)),
      "missing in English",
    ).toEqual([]);
  });
});
