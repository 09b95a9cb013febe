/**
 * The shared focus-return rule (WCAG 2.4.3): dialogs, drawers, confirmations and menus opened by
 * state (no Radix trigger) give focus back to their opener, or to a successor when it is gone.
 */
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { Button } from "./Button";
import { ConfirmDialog } from "./ConfirmDialog";
import { Dialog } from "./Dialog";
import { Drawer } from "./Drawer";
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from "./DropdownMenu";

/** A panel opened by a button's state, as the cart and the notifications are. */
function StateOpened({ kind }: { kind: "dialog" | "drawer" }) {
  const [open, setOpen] = useState(false);
  const Panel = kind === "dialog" ? Dialog : Drawer;
  return (
    <main id="main">
      <Button>Before</Button>
      <Button onClick={() => setOpen(true)}>Open panel</Button>
      <Panel open={open} onOpenChange={setOpen} title="Panel" closeLabel="Close">
        <Button>Inside</Button>
      </Panel>
    </main>
  );
}

/** A dialog whose first field takes focus itself (autoFocus), before the dialog's own focus logic. */
function AutoFocused() {
  const [open, setOpen] = useState(false);
  return (
    <main id="main">
      <Button onClick={() => setOpen(true)}>Add lecture</Button>
      {open && (
        <Dialog open onOpenChange={setOpen} title="Add" closeLabel="Close">
          <input aria-label="Title" autoFocus />
        </Dialog>
      )}
    </main>
  );
}

/** A list whose rows are removed through a menu item and a confirmation, as the cart and admin lists. */
function RemovableRows() {
  const [rows, setRows] = useState(["Alpha", "Beta", "Gamma"]);
  const [asking, setAsking] = useState<string | null>(null);
  return (
    <main id="main">
      <h2>Items</h2>
      <ul>
        {rows.map((row) => (
          <li key={row}>
            {row}
            <DropdownMenu>
              <DropdownMenuTrigger asChild>
                <Button>{`More for ${row}`}</Button>
              </DropdownMenuTrigger>
              <DropdownMenuContent>
                <DropdownMenuItem onSelect={() => setAsking(row)}>Remove</DropdownMenuItem>
              </DropdownMenuContent>
            </DropdownMenu>
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={asking !== null}
        onOpenChange={(open) => !open && setAsking(null)}
        title="Remove?"
        description="It goes."
        confirmLabel="Remove"
        cancelLabel="Keep"
        onConfirm={() => setRows((current) => current.filter((r) => r !== asking))}
      />
    </main>
  );
}

function Saved() {
  const [open, setOpen] = useState(false);
  return (
    <main id="main">
      <h2 id="result">Saved card</h2>
      <Button onClick={() => setOpen(true)}>Add card</Button>
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title="Card"
        closeLabel="Close"
        returnFocusTo={() => document.getElementById("result")}
      />
    </main>
  );
}

describe("focus return", () => {
  for (const kind of ["dialog", "drawer"] as const) {
    it(`a ${kind} opened by state gives focus back to its opener (Escape and close button)`, async () => {
      const user = userEvent.setup();
      render(<StateOpened kind={kind} />);
      const opener = screen.getByRole("button", { name: "Open panel" });

      await user.click(opener);
      await screen.findByRole("dialog", { name: "Panel" });
      await user.keyboard("{Escape}");
      await waitFor(() => expect(document.activeElement).toBe(opener));

      await user.keyboard("{Enter}");
      await user.click(await screen.findByRole("button", { name: "Close" }));
      await waitFor(() => expect(document.activeElement).toBe(opener));
    });
  }

  it("a dialog whose field takes focus first (autoFocus) still returns to its opener", async () => {
    const user = userEvent.setup();
    render(<AutoFocused />);
    const opener = screen.getByRole("button", { name: "Add lecture" });
    await user.click(opener);
    expect(document.activeElement).toBe(await screen.findByRole("textbox", { name: "Title" }));
    await user.keyboard("{Escape}");
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });

  it("a menu item's confirmation returns to the menu's button when cancelled", async () => {
    const user = userEvent.setup();
    render(<RemovableRows />);
    const more = screen.getByRole("button", { name: "More for Beta" });
    await user.click(more);
    await user.click(await screen.findByRole("menuitem", { name: "Remove" }));
    await user.click(await screen.findByRole("button", { name: "Keep" }));
    await waitFor(() => expect(document.activeElement).toBe(more));
  });

  it("when the confirmation removed the opener's row, focus goes to the same control in the next row", async () => {
    const user = userEvent.setup();
    render(<RemovableRows />);
    await user.click(screen.getByRole("button", { name: "More for Beta" }));
    await user.click(await screen.findByRole("menuitem", { name: "Remove" }));
    await user.click(await screen.findByRole("button", { name: "Remove" }));
    await waitFor(() => expect(screen.queryByText("Beta")).toBeNull());
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole("button", { name: "More for Gamma" })),
    );
  });

  it("when the last row went, focus goes to the list's heading", async () => {
    const user = userEvent.setup();
    render(<RemovableRows />);
    for (const row of ["Gamma", "Beta", "Alpha"]) {
      await user.click(screen.getByRole("button", { name: `More for ${row}` }));
      await user.click(await screen.findByRole("menuitem", { name: "Remove" }));
      await user.click(await screen.findByRole("button", { name: "Remove" }));
      await waitFor(() => expect(screen.queryByText(row)).toBeNull());
    }
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole("heading", { name: "Items" })));
  });

  it("returnFocusTo names where focus goes instead of the opener", async () => {
    const user = userEvent.setup();
    render(<Saved />);
    await user.click(screen.getByRole("button", { name: "Add card" }));
    await user.keyboard("{Escape}");
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole("heading", { name: "Saved card" })),
    );
  });
});
