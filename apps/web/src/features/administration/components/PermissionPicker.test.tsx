/**
 * The permission-group form's outline goes h1 → h2 (no skipped level), and the
 * section buttons' accessible names start with their visible words (WCAG 2.5.3 label in name), so
 * "None" is said and can be spoken to voice control as "None".
 */
import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderPage } from "../../../test/render";
import { PagesOpened } from "./FlagList";
import { PermissionPicker } from "./PermissionPicker";

const levels = () => screen.getAllByRole("heading").map((h) => Number(h.tagName.slice(1)));

describe("permission picker", () => {
  it("puts its sections right under the page title and names its buttons after their visible text", async () => {
    await renderPage(
      <main>
        <h1>New permission group</h1>
        <PermissionPicker value={Array.from({ length: 30 }, (_, i) => i + 1)} onChange={() => {}} />
        <PagesOpened ids={[1]} heading="h2" />
      </main>,
      "/ha/permission-groups/new",
      { language: "es" },
    );
    await screen.findByRole("heading", { level: 1 });
    const outline = levels();
    outline.forEach((level, i) => {
      if (i > 0) expect(level - outline[i - 1]!).toBeLessThanOrEqual(1);
    });
    expect(outline.slice(1).every((level) => level === 2)).toBe(true);

    const buttons = screen.getAllByRole("button");
    expect(buttons.length).toBeGreaterThan(0);
    for (const button of buttons) {
      const name = button.getAttribute("aria-label") ?? button.textContent ?? "";
      expect(name.toLowerCase().startsWith((button.textContent ?? "").trim().toLowerCase())).toBe(true);
    }
    expect(screen.getAllByRole("button", { name: /^Ninguno: / }).length).toBeGreaterThan(0);
  });
});
