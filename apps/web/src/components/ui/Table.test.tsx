import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import {
  nextSort,
  SortableHeaderCell,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeaderCell,
  TableRow,
  useTableSort,
} from "./Table";

const courses = [
  { title: "Biology", learners: 12 },
  { title: "Algebra", learners: 40 },
  { title: "Chemistry", learners: 3 },
];

function CourseTable() {
  const { sort, toggle, directionOf } = useTableSort<"title" | "learners">();
  const rows = [...courses].sort((a, b) => {
    if (!sort) return 0;
    const order = a[sort.key] < b[sort.key] ? -1 : a[sort.key] > b[sort.key] ? 1 : 0;
    return sort.direction === "asc" ? order : -order;
  });
  return (
    <Table caption="Courses">
      <TableHead>
        <TableRow>
          <SortableHeaderCell direction={directionOf("title")} onSort={() => toggle("title")}>
            Title
          </SortableHeaderCell>
          <SortableHeaderCell direction={directionOf("learners")} onSort={() => toggle("learners")}>
            Learners
          </SortableHeaderCell>
          <TableHeaderCell>Status</TableHeaderCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={row.title}>
            <TableCell>{row.title}</TableCell>
            <TableCell>{row.learners}</TableCell>
            <TableCell>Published</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

const header = (name: string) => screen.getByRole("columnheader", { name });
const firstColumn = () =>
  screen
    .getAllByRole("row")
    .slice(1)
    .map((row) => within(row).getAllByRole("cell")[0]?.textContent);

describe("Table sorting", () => {
  it("toggles aria-sort on the clicked column and resets the others", async () => {
    const user = userEvent.setup();
    render(<CourseTable />);
    expect(header("Title").getAttribute("aria-sort")).toBe("none");

    await user.click(within(header("Title")).getByRole("button"));
    expect(header("Title").getAttribute("aria-sort")).toBe("ascending");
    expect(firstColumn()).toEqual(["Algebra", "Biology", "Chemistry"]);

    await user.click(within(header("Title")).getByRole("button"));
    expect(header("Title").getAttribute("aria-sort")).toBe("descending");
    expect(firstColumn()).toEqual(["Chemistry", "Biology", "Algebra"]);

    await user.click(within(header("Learners")).getByRole("button"));
    expect(header("Learners").getAttribute("aria-sort")).toBe("ascending");
    expect(header("Title").getAttribute("aria-sort")).toBe("none");
    expect(firstColumn()).toEqual(["Chemistry", "Biology", "Algebra"]);
  });

  it("leaves plain headers without aria-sort", () => {
    render(<CourseTable />);
    expect(header("Status").hasAttribute("aria-sort")).toBe(false);
  });

  it("starts a new column ascending and flips the same column", () => {
    expect(nextSort(null, "title")).toEqual({ key: "title", direction: "asc" });
    expect(nextSort({ key: "title", direction: "asc" }, "title")).toEqual({
      key: "title",
      direction: "desc",
    });
    expect(nextSort({ key: "title", direction: "desc" }, "title")).toEqual({
      key: "title",
      direction: "asc",
    });
    expect(nextSort({ key: "title", direction: "desc" }, "learners")).toEqual({
      key: "learners",
      direction: "asc",
    });
  });
});

function GrowingTable({ rows, cards }: { rows: string[]; cards?: boolean }) {
  return (
    <Table caption="Orders" cards={cards}>
      <TableHead>
        <TableRow>
          <TableHeaderCell>Order</TableHeaderCell>
          <TableHeaderCell>Amount</TableHeaderCell>
          <TableHeaderCell>
            <span className="sr-only">Actions</span>
          </TableHeaderCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={row}>
            <TableCell>{row}</TableCell>
            <TableCell>£10.00</TableCell>
            <TableCell>
              <button type="button">Refund {row}</button>
            </TableCell>
          </TableRow>
        ))}
        <TableRow>
          <TableCell colSpan={3}>Details of the last order</TableCell>
        </TableRow>
      </TableBody>
    </Table>
  );
}

const labels = () =>
  screen
    .getAllByRole("row")
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole("cell")
        .map((cell) => cell.getAttribute("data-label")),
    );

describe("Table as cards on phones", () => {
  it("labels each cell with its column header, leaving a cell spanning columns unlabelled", () => {
    render(<GrowingTable rows={["#1"]} />);
    expect(screen.getByRole("table").classList.contains("table-cards")).toBe(true);
    expect(labels()).toEqual([["Order", "Amount", "Actions"], [null]]);
  });

  it("labels rows that arrive later too (paging, Show more)", async () => {
    const view = render(<GrowingTable rows={["#1"]} />);
    view.rerender(<GrowingTable rows={["#1", "#2"]} />);
    await waitFor(() => expect(labels()[1]).toEqual(["Order", "Amount", "Actions"]));
  });

  it("stays a table at every width when cards are turned off", () => {
    render(<GrowingTable rows={["#1"]} cards={false} />);
    expect(screen.getByRole("table").classList.contains("table-cards")).toBe(false);
    expect(labels()[0]).toEqual([null, null, null]);
  });
});
