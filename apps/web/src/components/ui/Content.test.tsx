/**
 * Language of parts (WCAG 3.1.2): content in another language than the interface carries its own
 * `lang`; content in the interface language carries none (the page's applies). Then the pages that
 * use the rule: a ticket's thread, a Q&A answer, a notification and an event's fallback.
 */
import { render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { i18n } from "../../i18n";
import { pickText } from "../../lib/contentLanguage";
import { Content, Quoting, Translated } from "./Content";

afterEach(async () => {
  await i18n.changeLanguage("en");
});

describe("Content and Translated", () => {
  it("marks a text only when its language is not the interface's", async () => {
    await i18n.changeLanguage("en");
    render(
      <>
        <Content lang="es">Buenos días</Content>
        <Content lang="en">Good morning</Content>
        <Content>No language known</Content>
      </>,
    );
    expect(screen.getByText("Buenos días").getAttribute("lang")).toBe("es");
    expect(screen.getByText("Good morning").getAttribute("lang")).toBeNull();
    expect(screen.getByText("No language known").getAttribute("lang")).toBeNull();
  });

  it("shows a bilingual field in the interface language and marks an English fallback in Spanish", async () => {
    await i18n.changeLanguage("es");
    render(
      <>
        <Translated as="h2" text={{ en: "Payments", es: "Pagos" }} />
        <Translated as="p" text={{ en: "Not translated yet.", es: "  " }} />
        <Translated text={{ en: "Refunds", es: "Reembolsos" }}>{(text) => <mark>{text}</mark>}</Translated>
      </>,
    );
    expect(screen.getByRole("heading", { name: "Pagos" }).getAttribute("lang")).toBeNull();
    expect(screen.getByText("Not translated yet.").getAttribute("lang")).toBe("en");
    expect(screen.getByText("Reembolsos").tagName).toBe("MARK");
  });

  it("marks only the title a sentence quotes, or the whole text when it is the title", async () => {
    await i18n.changeLanguage("en");
    const { container } = render(
      <>
        <Quoting as="p" text="Exam access: Saludos" quote="Saludos" lang="es" />
        <Quoting as="p" text="Buenos días" lang="es" />
        <Quoting as="p" text="Renamed line" quote="Saludos" lang="es" />
      </>,
    );
    const [exam, title, renamed] = Array.from(container.querySelectorAll("p"));
    expect(exam?.getAttribute("lang")).toBeNull();
    expect(exam?.textContent).toBe("Exam access: Saludos");
    expect(screen.getByText("Saludos").getAttribute("lang")).toBe("es");
    expect(title?.getAttribute("lang")).toBe("es");
    // The quoted title is not in the text (a name the API could not rebuild): nothing is marked.
    expect(renamed?.querySelector("[lang]")).toBeNull();
    expect(renamed?.getAttribute("lang")).toBeNull();
  });

  it("picks the Spanish side only when it is written", () => {
    expect(pickText({ en: "Hello", es: "Hola" }, "es")).toEqual({ text: "Hola", lang: "es" });
    expect(pickText({ en: "Hello", es: "" }, "es")).toEqual({ text: "Hello", lang: "en" });
    expect(pickText({ en: "Hello", es: "Hola" }, "en")).toEqual({ text: "Hello", lang: "en" });
    expect(pickText({ en: "Hello", es: "Hola" }, undefined)).toEqual({ text: "Hello", lang: "en" });
  });
});
