import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { Button } from "./Button";
import { Dialog } from "./Dialog";
import { Drawer } from "./Drawer";

describe("Dialog", () => {
  it("opens from its trigger, is named by its title and closes with the labelled close button", async () => {
    const user = userEvent.setup();
    render(
      <Dialog
        trigger={<Button>Edit level</Button>}
        title="Edit level"
        description="Rename it."
        closeLabel="Close"
      >
        <p>Form</p>
      </Dialog>,
    );
    await user.click(screen.getByRole("button", { name: "Edit level" }));
    expect(screen.getByRole("dialog", { name: "Edit level" })).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Close" }));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Edit level" }));
  });

  it("closes with Escape", async () => {
    const user = userEvent.setup();
    render(<Dialog defaultOpen title="Receipt" closeLabel="Close" />);
    expect(screen.getByRole("dialog")).toBeTruthy();
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("dialog")).toBeNull();
  });
});

describe("Drawer", () => {
  it("keeps a hidden title as the accessible name", () => {
    render(
      <Drawer defaultOpen side="left" title="Main menu" titleHidden closeLabel="Close menu">
        <a href="/catalogue">Catalogue</a>
      </Drawer>,
    );
    expect(screen.getByRole("dialog", { name: "Main menu" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Close menu" })).toBeTruthy();
  });
});
