import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { Button } from "./Button";
import { ConfirmDialog } from "./ConfirmDialog";

function renderConfirm(onConfirm: () => unknown) {
  render(
    <ConfirmDialog
      trigger={<Button variant="danger">Delete course</Button>}
      title="Delete this course?"
      description="Learners lose access at once."
      confirmLabel="Delete"
      cancelLabel="Keep"
      onConfirm={onConfirm}
    />,
  );
}

describe("ConfirmDialog", () => {
  it("asks before acting and does nothing when cancelled", async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    renderConfirm(onConfirm);

    await user.click(screen.getByRole("button", { name: "Delete course" }));
    expect(screen.getByRole("alertdialog", { name: "Delete this course?" })).toBeTruthy();
    expect(onConfirm).not.toHaveBeenCalled();

    await user.click(screen.getByRole("button", { name: "Keep" }));
    expect(screen.queryByRole("alertdialog")).toBeNull();
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it("calls onConfirm once after confirming and closes", async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    renderConfirm(onConfirm);

    await user.click(screen.getByRole("button", { name: "Delete course" }));
    await user.click(screen.getByRole("button", { name: "Delete" }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
  });

  it("starts with focus on the cancel button", async () => {
    const user = userEvent.setup();
    renderConfirm(vi.fn());
    await user.click(screen.getByRole("button", { name: "Delete course" }));
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Keep" }));
  });

  it("ignores a second click while the action runs, then closes", async () => {
    const user = userEvent.setup();
    let finish: () => void = () => {};
    const onConfirm = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    renderConfirm(onConfirm);

    await user.click(screen.getByRole("button", { name: "Delete course" }));
    const confirm = screen.getByRole("button", { name: "Delete" });
    await user.click(confirm);
    expect(confirm.getAttribute("aria-busy")).toBe("true");
    await user.click(confirm);
    expect(onConfirm).toHaveBeenCalledTimes(1);

    finish();
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
  });

  it("stays open when the action fails", async () => {
    const user = userEvent.setup();
    renderConfirm(() => Promise.reject(new Error("network")));
    await user.click(screen.getByRole("button", { name: "Delete course" }));
    await user.click(screen.getByRole("button", { name: "Delete" }));
    await waitFor(() =>
      expect(screen.getByRole("button", { name: "Delete" }).hasAttribute("aria-busy")).toBe(false),
    );
    expect(screen.getByRole("alertdialog")).toBeTruthy();
  });
});
