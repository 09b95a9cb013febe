import { globalNotificationInput } from "@aprendo/contract";
import { describe, expect, it } from "vitest";
import { contractResolver } from "./resolver";

type Values = {
  title: { en: string; es: string };
  description: { en: string; es: string };
  show_as_modal: boolean;
  publish: boolean;
};
const run = (values: Values) =>
  contractResolver(globalNotificationInput, (values: Values) => values)(values, undefined, {
    fields: {},
    shouldUseNativeValidation: false,
  });

describe("contract resolver", () => {
  it("puts each schema issue on the field of the same nested path", async () => {
    const result = await run({
      title: { en: "Hi", es: "" },
      description: { en: "A long enough message", es: "Un mensaje suficiente" },
      show_as_modal: false,
      publish: false,
    });
    expect(result.errors).toMatchObject({
      title: {
        en: { message: "validation.min?entry=entry.characters&min=3" },
        es: { message: "validation.required" },
      },
    });
    expect(result.errors).not.toHaveProperty("description");
  });

  it("passes the form values through when the payload is valid", async () => {
    const values = {
      title: { en: "Spring news", es: "Novedades" },
      description: { en: "Twelve new titles", es: "Doce títulos nuevos" },
      show_as_modal: true,
      publish: false,
    };
    expect(await run(values)).toEqual({ values, errors: {} });
  });
});
