import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useForm } from "react-hook-form";
import { describe, expect, it } from "vitest";
import { NumberField, TextField } from "./fields";

function Form({ onValue }: { onValue?: (v: unknown) => void }) {
  const { control, setError, watch } = useForm<{ name: string; age: number | null }>({
    defaultValues: { name: "", age: null },
  });
  onValue?.(watch("age"));
  return (
    <form>
      <TextField control={control} name="name" label="Name" hint="As on your ID" maxLength={10} />
      <NumberField control={control} name="age" label="Age" />
      <button
        type="button"
        onClick={() => setError("name", { message: "validation.max?entry=entry.characters&max=10" })}
      >
        fail
      </button>
    </form>
  );
}

describe("form fields", () => {
  it("labels the input, shows the hint and counts characters against the maximum", async () => {
    render(<Form />);
    const input = screen.getByLabelText("Name");
    expect(screen.getByText("As on your ID")).toBeTruthy();
    await userEvent.type(input, "Ana");
    expect(screen.getByText("3 / 10")).toBeTruthy();
  });

  it("translates a contract message key into the error under the field", async () => {
    render(<Form />);
    await userEvent.click(screen.getByText("fail"));
    expect(screen.getByText("Maximum allowed characters is 10")).toBeTruthy();
    expect(screen.getByLabelText("Name").getAttribute("aria-invalid")).toBe("true");
  });

  it("keeps e, E, +, - and the decimal point out of number fields", async () => {
    let age: unknown;
    render(<Form onValue={(v) => (age = v)} />);
    await userEvent.type(screen.getByLabelText("Age"), "1e+2-.5");
    expect((screen.getByLabelText("Age") as HTMLInputElement).value).toBe("125");
    expect(age).toBe(125);
  });
});
