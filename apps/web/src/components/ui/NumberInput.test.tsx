import { fireEvent, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { NumberInput } from "./NumberInput";

describe("NumberInput", () => {
  it.each(["e", "E", "+", "-", ".", ","])("blocks the %s key", (key) => {
    render(<NumberInput aria-label="Seats" />);
    // fireEvent returns false when a handler called preventDefault.
    expect(fireEvent.keyDown(screen.getByLabelText("Seats"), { key })).toBe(false);
  });

  it("lets digits and editing keys through", () => {
    render(<NumberInput aria-label="Seats" />);
    const input = screen.getByLabelText("Seats");
    for (const key of ["0", "7", "Backspace", "ArrowUp", "Tab"]) {
      expect(fireEvent.keyDown(input, { key })).toBe(true);
    }
  });

  it("keeps only the digits of what is typed", async () => {
    const user = userEvent.setup();
    render(<NumberInput aria-label="Seats" />);
    const input = screen.getByLabelText<HTMLInputElement>("Seats");
    await user.type(input, "1e2+3-4.5,6E");
    expect(input.value).toBe("123456");
  });

  it("refuses pasted text containing a forbidden character", () => {
    render(<NumberInput aria-label="Seats" />);
    const input = screen.getByLabelText("Seats");
    expect(fireEvent.paste(input, { clipboardData: { getData: () => "1e5" } })).toBe(false);
    expect(fireEvent.paste(input, { clipboardData: { getData: () => "150" } })).toBe(true);
  });

  it("still calls the caller's own key handler", () => {
    const keys: string[] = [];
    render(<NumberInput aria-label="Seats" onKeyDown={(event) => keys.push(event.key)} />);
    fireEvent.keyDown(screen.getByLabelText("Seats"), { key: "5" });
    expect(keys).toEqual(["5"]);
  });
});
