import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { DateInput, displayDate, parseDateText } from "./DateInput";

describe("parseDateText", () => {
  it("reads day/month/year in every usual spelling and ISO dates", () => {
    for (const text of ["14/03/1992", "14.03.1992", "14-03-1992", "14031992", "1992-03-14", " 14/3/1992 "]) {
      expect(parseDateText(text)).toBe("1992-03-14");
    }
  });
  it("refuses days that do not exist and partial text", () => {
    for (const text of ["31/02/2020", "03/14/1992", "14/03", "", "abc"])
      expect(parseDateText(text)).toBeNull();
  });
  it("shows ISO dates as dd/mm/yyyy", () => {
    expect(displayDate("1992-03-14")).toBe("14/03/1992");
    expect(displayDate("14/0")).toBe("14/0");
  });
});

function Harness({ initial = "" }: { initial?: string }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <DateInput aria-label="Date" value={value} onValueChange={setValue} />
      <output data-testid="value">{value}</output>
    </>
  );
}

describe("DateInput", () => {
  it("shows a stored date in the product's style and hands back ISO dates", async () => {
    render(<Harness initial="1996-12-04" />);
    const input = screen.getByLabelText("Date") as HTMLInputElement;
    expect(input.value).toBe("04/12/1996");
    await userEvent.clear(input);
    await userEvent.type(input, "14031992");
    expect(input.value).toBe("14/03/1992");
    expect(screen.getByTestId("value").textContent).toBe("1992-03-14");
  });
  it("keeps unfinished text as the value, so the form's date rule reports it", async () => {
    render(<Harness />);
    await userEvent.type(screen.getByLabelText("Date"), "31/02/2020");
    expect(screen.getByTestId("value").textContent).toBe("31/02/2020");
  });
});
