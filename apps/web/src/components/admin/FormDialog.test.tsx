import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { FormDialog } from "./FormDialog";

function Editor({ loading }: { loading?: string }) {
  const [saved, setSaved] = useState(0);
  return (
    <>
      <p>Saved {saved} times</p>
      <FormDialog
        id="level"
        open
        onOpenChange={() => {}}
        title="Edit level"
        onSubmit={(event) => {
          event.preventDefault();
          setSaved((n) => n + 1);
        }}
        submitting={false}
        texts={{ cancel: "Cancel", save: "Save" }}
        loading={loading}
      >
        <label>
          Name <input name="name" />
        </label>
      </FormDialog>
    </>
  );
}

describe("a form dialog", () => {
  it("shows a spinner instead of fields that cannot show yet, and Save waits for them", async () => {
    const user = userEvent.setup();
    const { rerender } = render(<Editor loading="Loading…" />);
    const dialog = screen.getByRole("dialog", { name: "Edit level" });
    expect(within(dialog).getByRole("status").textContent).toBe("Loading…");
    expect(within(dialog).queryByLabelText("Name")).toBeNull();
    expect(within(dialog).getByRole("button", { name: "Save" })).toHaveProperty("disabled", true);

    rerender(<Editor />);
    expect(within(dialog).queryByRole("status")).toBeNull();
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(screen.getByText("Saved 1 times")).toBeTruthy();
  });
});
