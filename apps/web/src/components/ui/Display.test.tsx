import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { Avatar, initialsOf } from "./Avatar";
import { ErrorState } from "./ErrorState";
import { ProgressBar } from "./ProgressBar";
import { RadioGroup } from "./RadioGroup";

describe("ProgressBar", () => {
  it("reports its value and range", () => {
    render(<ProgressBar value={3} max={8} label="Course progress" valueText="3 of 8 lectures" />);
    const bar = screen.getByRole("progressbar", { name: "Course progress" });
    expect(bar.getAttribute("aria-valuenow")).toBe("3");
    expect(bar.getAttribute("aria-valuemax")).toBe("8");
    expect(bar.getAttribute("aria-valuetext")).toBe("3 of 8 lectures");
  });

  it("has no value while indeterminate", () => {
    render(<ProgressBar label="Preparing" />);
    expect(screen.getByRole("progressbar").hasAttribute("aria-valuenow")).toBe(false);
  });
});

describe("Avatar", () => {
  it("shows initials named by the person's name when there is no picture", () => {
    render(<Avatar name="Ana María López" />);
    expect(screen.getByRole("img", { name: "Ana María López" }).textContent).toBe("AL");
  });

  it("takes initials from the first and last word", () => {
    expect(initialsOf("  zoë  ")).toBe("Z");
    expect(initialsOf("élodie de la Fontaine")).toBe("ÉF");
    expect(initialsOf("")).toBe("");
  });
});

describe("ErrorState", () => {
  it("announces the problem and retries", async () => {
    const onRetry = vi.fn();
    render(<ErrorState message="Could not load courses." retryLabel="Try again" onRetry={onRetry} />);
    expect(screen.getByRole("alert").textContent).toContain("Could not load courses.");
    await userEvent.setup().click(screen.getByRole("button", { name: "Try again" }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });
});

describe("RadioGroup", () => {
  it("reports the chosen value and wires the error", async () => {
    const onValueChange = vi.fn();
    render(
      <RadioGroup
        legend="Level"
        name="level"
        options={[
          { value: "beginner", label: "Beginner" },
          { value: "advanced", label: "Advanced" },
        ]}
        onValueChange={onValueChange}
        error="Choose a level."
      />,
    );
    await userEvent.setup().click(screen.getByLabelText("Advanced"));
    expect(onValueChange).toHaveBeenCalledWith("advanced");
    const group = screen.getByRole("group", { name: "Level" });
    const errorId = group.getAttribute("aria-describedby") ?? "";
    expect(document.getElementById(errorId)?.textContent).toBe("Choose a level.");
    expect(screen.getByLabelText("Beginner").getAttribute("aria-invalid")).toBe("true");
  });
});
