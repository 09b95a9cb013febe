import i18next from "i18next";
import { describe, expect, it } from "vitest";
import { i18n, startI18n, translateMessage } from "./index";

describe("the languages a page loads", () => {
  it("starts with the server's messages in the page's language only", async () => {
    const spanish = i18next.createInstance();
    await startI18n(spanish, "es");
    expect(spanish.t("auth.invalidCredentials", { ns: "messages" })).toBe(
      "Credenciales de inicio de sesión no válidas",
    );
    expect(spanish.hasResourceBundle("en", "messages")).toBe(false);
    await spanish.loadNamespaces("shell");
    expect(spanish.hasResourceBundle("en", "shell")).toBe(false);
  });

  it("has every message and word of the other language as soon as the switch resolves", async () => {
    const page = i18next.createInstance();
    await startI18n(page, "es");
    await page.loadNamespaces("shell");
    await page.changeLanguage("en");
    expect(page.t("auth.invalidCredentials", { ns: "messages" })).toBe("Invalid login credentials");
    expect(page.t("openNavigation", { ns: "shell" })).toBe("Open the menu");
  });

  it("translates a server message with its parameters in the language switched to", async () => {
    await i18n.changeLanguage("es");
    expect(translateMessage("auth.invalidCredentials")).toBe("Credenciales de inicio de sesión no válidas");
    expect(translateMessage("validation.min?entry=entry.characters&min=8")).toBe(
      "El mínimo permitido de caracteres es 8",
    );
    await i18n.changeLanguage("en");
    expect(translateMessage("validation.min?entry=entry.characters&min=8")).toBe(
      "Minimum allowed characters is 8",
    );
    expect(translateMessage("Card declined by the bank")).toBe("Card declined by the bank");
  });
});
