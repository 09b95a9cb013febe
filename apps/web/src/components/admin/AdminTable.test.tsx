import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { TableCell } from "../ui";
import { AdminTable, listTexts } from "./AdminTable";

type Row = { id: number; name: string };
const rows: Row[] = [
  { id: 1, name: "Ada" },
  { id: 2, name: "Grace" },
];
const ready = { isPending: false, isError: false, isFetching: false, refetch: () => undefined };
const texts = { loading: "Loading", loadFailed: "Failed", retry: "Retry", actions: "Actions" };
const base = { query: ready, rows, texts, empty: <p>None</p> };

describe("AdminTable", () => {
  it("draws a table with its actions column and cards that hide from the chosen width", () => {
    const { container } = render(
      <AdminTable
        {...base}
        caption="People"
        columns={[{ header: "Name" }]}
        cells={(row) => <TableCell>{row.name}</TableCell>}
        rowActions={(row) => <button type="button">Edit {row.name}</button>}
        card={(row) => row.name}
        cardsBelow="md"
      />,
    );
    expect(screen.getByRole("table", { name: "People" })).toBeTruthy();
    expect(screen.getByRole("columnheader", { name: "Actions" })).toBeTruthy();
    expect(container.querySelector("ul")?.className).toContain("md:hidden");
    expect(container.querySelector("table")?.closest(".max-md\\:hidden")).toBeTruthy();
  });

  it("draws only cards, framed by the page, when there are no columns", () => {
    const { container } = render(
      <AdminTable {...base} testId="people" card={(row) => <button type="button">{row.name}</button>} />,
    );
    expect(screen.queryByRole("table")).toBeNull();
    const list = screen.getByTestId("people");
    expect(list.tagName).toBe("UL");
    expect(list.className).toBe("flex flex-col gap-3");
    expect(container.querySelector("li")?.hasAttribute("class")).toBe(false);
  });

  it("shows the empty state and the failed state with the given words", () => {
    const { rerender } = render(<AdminTable {...base} rows={[]} card={() => null} />);
    expect(screen.getByText("None")).toBeTruthy();
    rerender(<AdminTable {...base} query={{ ...ready, isError: true }} rows={[]} card={() => null} />);
    expect(screen.getByText("Failed")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Retry" })).toBeTruthy();
  });

  it("makes the previous filter's rows inert until the new ones arrive, so no action hits a row filtered away", () => {
    const table = (query: typeof ready & { isPlaceholderData?: boolean }) => (
      <AdminTable
        {...base}
        query={query}
        columns={[{ header: "Name" }]}
        cells={(row) => <TableCell>{row.name}</TableCell>}
        rowActions={(row) => <button type="button">Edit {row.name}</button>}
        card={(row) => <button type="button">Open {row.name}</button>}
      />
    );
    const { container, rerender } = render(table({ ...ready, isFetching: true, isPlaceholderData: true }));
    expect(container.querySelector("tbody")?.hasAttribute("inert")).toBe(true);
    expect(container.querySelector("ul")?.hasAttribute("inert")).toBe(true);
    rerender(table(ready));
    expect(container.querySelector("tbody")?.hasAttribute("inert")).toBe(false);
    expect(container.querySelector("ul")?.hasAttribute("inert")).toBe(false);
  });
});

describe("listTexts", () => {
  it("reads the four words under the prefix", () => {
    const t = ((key: string) => `<${key}>`) as unknown as Parameters<typeof listTexts>[0];
    expect(listTexts(t, "admin.")).toEqual({
      loading: "<admin.loading>",
      loadFailed: "<admin.loadFailed>",
      retry: "<admin.retry>",
      actions: "<admin.actions>",
    });
  });
});
