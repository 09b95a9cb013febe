import { describe, expect, it } from "vitest";
import { emailField, passwordField, phoneField, text, usernameField } from "./validators";

const firstMessage = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.error?.issues[0]?.message;

describe("shared validators", () => {
  it("says a field is required when empty", () => {
    expect(firstMessage(emailField.safeParse(""))).toBe("validation.required");
    expect(firstMessage(text(2, 10).safeParse("   "))).toBe("validation.required");
  });
  it("rejects a malformed email and lower-cases a good one", () => {
    expect(firstMessage(emailField.safeParse("no-at-sign"))).toBe("validation.email");
    expect(emailField.parse(" Ana@Example.COM ")).toBe("ana@example.com");
  });
  it("asks for a mix of numbers, symbols, upper and lower case", () => {
    expect(firstMessage(passwordField.safeParse("alllowercase1!"))).toBe("validation.passwordFormat");
    expect(passwordField.safeParse("Good-Pass1").success).toBe(true);
    expect(firstMessage(passwordField.safeParse("Sh0rt!"))).toBe(
      "validation.min?entry=entry.characters&min=8",
    );
  });
  it("refuses invalid characters in a username", () => {
    expect(firstMessage(usernameField.safeParse("ana lopez"))).toBe("validation.invalidCharacters");
  });
  it("wants phone numbers with the country code", () => {
    expect(phoneField.parse("+44 7700 900123")).toBe("+447700900123");
    expect(firstMessage(phoneField.safeParse("07700900123"))).toBe("validation.phone");
  });
});

describe("one message per field", () => {
  it("shows only the length message for a short password", () => {
    const r = passwordField.safeParse("ab");
    expect(r.error?.issues.map((i) => i.message)).toEqual(["validation.min?entry=entry.characters&min=8"]);
  });
  it("shows only 'required' for an empty username", () => {
    expect(usernameField.safeParse("").error?.issues.map((i) => i.message)).toEqual(["validation.required"]);
  });
});
