import { describe, expect, it } from "vitest";
import { changePasswordRequest, loginRequest, parseLoginIdentifier, registerRequest } from "./auth";

const issues = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((r.error?.issues ?? []).reverse().map((i) => [i.path.join("."), i.message]));

const adult = {
  first_name: "Ana",
  last_name: "Lopez",
  username: "ana_l",
  email: "Ana@Example.com",
  email_confirmation: "ana@example.com",
  password: "Good-Pass1",
  password_confirmation: "Good-Pass1",
  date_of_birth: "1990-05-01",
  terms: true,
};

describe("auth schemas", () => {
  it("tells usernames, emails and phone numbers apart", () => {
    expect(parseLoginIdentifier("ana")).toEqual({ kind: "username", value: "ana" });
    expect(parseLoginIdentifier(" Ana@X.org ")).toEqual({ kind: "email", value: "ana@x.org" });
    expect(parseLoginIdentifier("+44 7700 900123")).toEqual({ kind: "phone", value: "+447700900123" });
    expect(parseLoginIdentifier("07700900123")).toEqual({ kind: "username", value: "07700900123" });
    expect(parseLoginIdentifier("+12")).toBeNull();
    expect(parseLoginIdentifier("a b")).toBeNull();
    expect(parseLoginIdentifier("x@")).toBeNull();
  });

  it("asks for a valid identifier at login", () => {
    expect(issues(loginRequest.safeParse({ login: "a b", password: "x" }))).toEqual({
      login: "auth.loginInvalid",
    });
    expect(issues(loginRequest.safeParse({ login: "", password: "" }))).toEqual({
      login: "validation.required",
      password: "validation.required",
    });
  });

  it("accepts an adult registration and checks confirmations", () => {
    expect(registerRequest.safeParse(adult).success).toBe(true);
    expect(
      issues(
        registerRequest.safeParse({
          ...adult,
          email_confirmation: "b@x.org",
          password_confirmation: "Other-Pass1",
        }),
      ),
    ).toEqual({
      email_confirmation: "validation.emailMismatch",
      password_confirmation: "validation.passwordMismatch",
    });
    expect(issues(registerRequest.safeParse({ ...adult, terms: false }))).toEqual({
      terms: "auth.termsRequired",
    });
  });

  it("asks a child for a different guardian email and a guardian phone", () => {
    const child = { ...adult, date_of_birth: `${new Date().getUTCFullYear() - 8}-01-01` };
    expect(issues(registerRequest.safeParse(child))).toEqual({
      guardian_email: "validation.required",
      guardian_phone: "validation.required",
    });
    expect(
      issues(
        registerRequest.safeParse({
          ...child,
          guardian_email: "ana@example.com",
          guardian_phone: "+447700900123",
        }),
      ),
    ).toEqual({ guardian_email: "auth.guardianEmailSame" });
    expect(
      registerRequest.safeParse({
        ...child,
        guardian_email: "mum@example.com",
        guardian_phone: "+447700900123",
      }).success,
    ).toBe(true);
  });

  it("wants the child's names when a guardian registers", () => {
    expect(issues(registerRequest.safeParse({ ...adult, registered_by: "guardian" }))).toEqual({
      child_first_name: "validation.required",
      child_last_name: "validation.required",
      phone: "validation.required",
    });
  });

  it("wants a new password different from the current one", () => {
    expect(
      issues(
        changePasswordRequest.safeParse({
          current_password: "Good-Pass1",
          password: "Good-Pass1",
          password_confirmation: "Good-Pass1",
        }),
      ),
    ).toEqual({ password: "validation.passwordSameAsCurrent" });
  });
});
