import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { Pagination } from "./Pagination";

function renderPage(page: number, pageCount: number, onPageChange = vi.fn()) {
  render(
    <Pagination
      page={page}
      pageCount={pageCount}
      onPageChange={onPageChange}
      label="Pages"
      previousLabel="Previous"
      nextLabel="Next"
      pageLabel={(current, count) => `Page ${current} of ${count}`}
    />,
  );
  return onPageChange;
}

const button = (name: string) => screen.getByRole<HTMLButtonElement>("button", { name });

describe("Pagination", () => {
  it("disables Previous on the first page", async () => {
    const onPageChange = renderPage(1, 3);
    expect(button("Previous").disabled).toBe(true);
    expect(button("Next").disabled).toBe(false);
    expect(screen.getByText("Page 1 of 3")).toBeTruthy();
    await userEvent.setup().click(button("Next"));
    expect(onPageChange).toHaveBeenCalledWith(2);
  });

  it("disables Next on the last page", async () => {
    const onPageChange = renderPage(3, 3);
    expect(button("Next").disabled).toBe(true);
    expect(button("Previous").disabled).toBe(false);
    await userEvent.setup().click(button("Previous"));
    expect(onPageChange).toHaveBeenCalledWith(2);
  });

  it("disables both buttons when there is one page or none", () => {
    renderPage(1, 0);
    expect(button("Previous").disabled).toBe(true);
    expect(button("Next").disabled).toBe(true);
    expect(screen.getByText("Page 1 of 1")).toBeTruthy();
  });

  it("is a named navigation landmark", () => {
    renderPage(2, 5);
    expect(screen.getByRole("navigation", { name: "Pages" })).toBeTruthy();
  });
});
