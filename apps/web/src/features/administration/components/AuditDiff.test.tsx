import { render, screen } from "@testing-library/react";
import i18next from "i18next";
import { describe, expect, it } from "vitest";
import en from "../i18n/en.json";
import es from "../i18n/es.json";
import { AuditDiff } from "./AuditDiff";
import { actionLabel } from "./AuditEntries";

const entry = {
  id: 1,
  actor: { id: 2, username: "sofia", role_id: 3 },
  action: "configurations.update",
  entity: "configurations",
  entity_id: "7",
  before: { value: { bannerFirstText: "x".repeat(400) }, key: "promo_bar" },
  after: { value: { bannerFirstText: "y".repeat(400) }, key: "promo_bar" },
  created_at: "2026-11-25T19:40:00.000Z",
} as const;

describe("an audit entry's change", () => {
  it("lays out before and after in fixed columns that wrap, so a long value never pushes After away", async () => {
    render(<AuditDiff entry={entry as never} />);
    // Where the app's i18n is loaded (files sharing a worker), the page waits for its translations.
    const table = await screen.findByRole("table");
    expect(table.className).toContain("table-fixed");
    expect(table.className).not.toMatch(/min-w-/);
    for (const cell of screen.getAllByRole("cell"))
      expect(cell.className).toContain("[overflow-wrap:anywhere]");
  });

  it("reads a record written for any back-office write as words in both languages", async () => {
    const i18n = i18next.createInstance();
    await i18n.init({ lng: "en", resources: { en: { a: en }, es: { a: es } }, defaultNS: "a" });
    const t = i18n.t.bind(i18n) as never;
    expect(actionLabel(t, "faqs_entries.create")).toBe("FAQ entry: created");
    expect(actionLabel(t, "tickets.hand_over")).toBe("Ticket: assigned to a colleague");
    expect(actionLabel(t, "brand_new_things.frobnicate")).toBe("Brand new things: frobnicate");
    await i18n.changeLanguage("es");
    expect(actionLabel(t, "faqs_entries.create")).toBe("Entrada de FAQ: creado");
  });
});
