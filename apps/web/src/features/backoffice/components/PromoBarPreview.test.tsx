import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { contrastRatio, PromoBarPreview, readableOn } from "./PromoBarPreview";

const value = {
  bannerFirstText: "Summer sale:",
  bannerSecondText: "all titles 20% off",
  bannerPlaceholder: "SUN20",
  bannerBgColorLeft: "#112233",
  bannerBgColorRight: "#445566",
  bannerPlaceholderBgColor: "#fbbf24",
  bannerTextColor: "#ffffff",
};

describe("the promo bar preview", () => {
  it("draws the texts and colours being edited", () => {
    render(<PromoBarPreview value={value} enabled label="Preview" hiddenLabel="Hidden" />);
    const bar = screen.getByTestId("promo-preview");
    expect(bar.textContent).toContain("Summer sale:");
    expect(bar.textContent).toContain("SUN20");
    expect(bar.style.backgroundImage).toContain("linear-gradient");
    expect(bar.style.color).toBe("rgb(255, 255, 255)");
    expect(screen.queryByText("Hidden")).toBeNull();
  });
  it("says when the bar is switched off", () => {
    render(<PromoBarPreview value={value} enabled={false} label="Preview" hiddenLabel="Hidden" />);
    expect(screen.getByText("Hidden")).toBeTruthy();
  });
  it("measures contrast", () => {
    expect(contrastRatio("#ffffff", "#000000")).toBeCloseTo(21, 0);
    expect(readableOn("#fbbf24")).toBe("#111827");
  });
});
