import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { Field } from "./Field";
import { Input } from "./Input";
import { Textarea } from "./Textarea";

const descriptionOf = (element: HTMLElement) =>
  (element.getAttribute("aria-describedby") ?? "")
    .split(" ")
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent)
    .join(" | ");

describe("Field", () => {
  it("labels the control", () => {
    render(
      <Field label="Email">
        <Input type="email" />
      </Field>,
    );
    expect(screen.getByLabelText("Email").tagName).toBe("INPUT");
  });

  it("shows the error under the control and marks the control invalid", () => {
    render(
      <Field label="Email" hint="We never share it." error="Enter a valid email address.">
        <Input type="email" />
      </Field>,
    );
    const input = screen.getByLabelText("Email");
    expect(input.getAttribute("aria-invalid")).toBe("true");
    expect(descriptionOf(input)).toBe("We never share it. | Enter a valid email address.");
    expect(screen.getByText("Enter a valid email address.")).toBeTruthy();
  });

  it("is valid and describes only the hint when there is no error", () => {
    render(
      <Field label="Email" hint="We never share it.">
        <Input type="email" />
      </Field>,
    );
    const input = screen.getByLabelText("Email");
    expect(input.hasAttribute("aria-invalid")).toBe(false);
    expect(descriptionOf(input)).toBe("We never share it.");
  });

  it("marks a required control for assistive technology", () => {
    render(
      <Field label="Name" required>
        <Input />
      </Field>,
    );
    expect(screen.getByRole("textbox", { name: "Name" }).getAttribute("aria-required")).toBe("true");
  });

  it("keeps a Textarea's counter in the description next to the error", () => {
    render(
      <Field label="Bio" error="Too short.">
        <Textarea maxLength={100} defaultValue="Hi" />
      </Field>,
    );
    expect(descriptionOf(screen.getByLabelText("Bio"))).toBe("Too short. | 2 / 100");
  });

  it("passes the wiring to a render function", () => {
    render(
      <Field label="Code" id="code" error="Required.">
        {(control) => <input {...control} />}
      </Field>,
    );
    const input = screen.getByLabelText("Code");
    expect(input.id).toBe("code");
    expect(input.getAttribute("aria-describedby")).toBe("code-error");
  });
});
