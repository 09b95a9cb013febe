import { describe, expect, it } from "vitest";
import "./zod-config";
import {
  count,
  dateField,
  dateTimeField,
  emailField,
  formBoolean,
  idParam,
  maxId,
  optionalId,
  passwordField,
  phoneField,
  text,
  usernameField,
} from "./validators";

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

describe("ids, dates and yes/no", () => {
  it("takes an id as a number or digits, within PostgreSQL's integer range", () => {
    expect(idParam.parse(5)).toBe(5);
    expect(idParam.parse("2147483647")).toBe(maxId);
    expect(firstMessage(idParam.safeParse(2147483648))).toBe(
      "validation.max?entry=entry.number&max=2147483647",
    );
    expect(firstMessage(idParam.safeParse("2147483648"))).toBe(
      "validation.max?entry=entry.number&max=2147483647",
    );
    expect(firstMessage(idParam.safeParse(0))).toBe("validation.min?entry=entry.number&min=1");
    expect(firstMessage(idParam.safeParse(null))).toBe("validation.required");
    for (const bad of [true, 1.5, "1e3", "abc", [5], 2 ** 53 - 1, "-1"])
      expect(idParam.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
  });
  it("reads an empty optional id as none, and still refuses a bad one", () => {
    expect(optionalId.parse("")).toBeUndefined();
    expect(optionalId.parse(null)).toBeUndefined();
    expect(optionalId.parse("7")).toBe(7);
    expect(optionalId.safeParse("seven").success).toBe(false);
  });
  it("bounds dates and instants to the years 1900 to 2200", () => {
    expect(dateField.safeParse("2026-02-28").success).toBe(true);
    expect(firstMessage(dateField.safeParse("0020-01-01"))).toBe("validation.date");
    expect(firstMessage(dateField.safeParse("2201-01-01"))).toBe("validation.date");
    expect(dateTimeField.safeParse("2026-05-01T09:00:00Z").success).toBe(true);
    expect(firstMessage(dateTimeField.safeParse("0020-05-01T09:00:00Z"))).toBe("validation.date");
    expect(firstMessage(dateTimeField.safeParse("2200-12-31T23:00:00-02:00"))).toBe("validation.date");
    expect(firstMessage(dateTimeField.safeParse("tomorrow"))).toBe("validation.date");
  });
  it("reads exactly true or false from a form, nothing else", () => {
    expect(formBoolean.parse("true")).toBe(true);
    expect(formBoolean.parse(false)).toBe(false);
    for (const bad of ["yes", "1", "on", "", null, 1])
      expect(firstMessage(formBoolean.safeParse(bad)), JSON.stringify(bad)).toBe("validation.oneOf");
  });
  it("takes counts as numbers or digits within bounds", () => {
    expect(count(1, 100).parse("20")).toBe(20);
    expect(firstMessage(count(1, 100).safeParse("101"))).toBe("validation.max?entry=entry.number&max=100");
    expect(count(1, 100).safeParse(true).success).toBe(false);
  });
});
