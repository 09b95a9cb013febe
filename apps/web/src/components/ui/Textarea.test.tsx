import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { Textarea } from "./Textarea";

function ControlledBio() {
  const [value, setValue] = useState("ab");
  return (
    <Textarea aria-label="Bio" maxLength={10} value={value} onChange={(e) => setValue(e.target.value)} />
  );
}

describe("Textarea", () => {
  it("counts characters as the person types", async () => {
    const user = userEvent.setup();
    render(<Textarea aria-label="Bio" maxLength={20} />);
    expect(screen.getByText("0 / 20")).toBeTruthy();
    await user.type(screen.getByLabelText("Bio"), "Hello");
    expect(screen.getByText("5 / 20")).toBeTruthy();
    await user.type(screen.getByLabelText("Bio"), "{Backspace}{Backspace}");
    expect(screen.getByText("3 / 20")).toBeTruthy();
  });

  it("starts from the default value and stops at maxLength", async () => {
    const user = userEvent.setup();
    render(<Textarea aria-label="Bio" maxLength={5} defaultValue="abc" />);
    expect(screen.getByText("3 / 5")).toBeTruthy();
    await user.type(screen.getByLabelText("Bio"), "defgh");
    expect(screen.getByText("5 / 5")).toBeTruthy();
  });

  it("follows a controlled value", async () => {
    const user = userEvent.setup();
    render(<ControlledBio />);
    expect(screen.getByText("2 / 10")).toBeTruthy();
    await user.type(screen.getByLabelText("Bio"), "cd");
    expect(screen.getByText("4 / 10")).toBeTruthy();
  });

  it("links the counter to the textarea and keeps existing descriptions", () => {
    render(<Textarea aria-label="Bio" maxLength={10} aria-describedby="bio-hint" />);
    const describedBy = screen.getByLabelText("Bio").getAttribute("aria-describedby")?.split(" ") ?? [];
    expect(describedBy[0]).toBe("bio-hint");
    const counter = document.getElementById(describedBy[1] ?? "");
    expect(counter?.textContent).toBe("0 / 10");
  });

  it("shows no counter without maxLength", () => {
    render(<Textarea aria-label="Bio" defaultValue="abc" />);
    expect(screen.queryByText(/\//)).toBeNull();
    expect(screen.getByLabelText("Bio").hasAttribute("aria-describedby")).toBe(false);
  });
});
