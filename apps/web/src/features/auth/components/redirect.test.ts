import { describe, expect, it } from "vitest";
import { afterLoginPath } from "./redirect";

describe("after login", () => {
  it("goes to the redirect when the role may open it", () => {
    expect(afterLoginPath("/iu/courses/12?tab=notes", 1)).toBe("/iu/courses/12?tab=notes");
    expect(afterLoginPath("/af/tickets", 3)).toBe("/af/tickets");
    expect(afterLoginPath("/faqs/3", 4)).toBe("/faqs/3");
  });
  it("goes to the role's dashboard without a redirect", () => {
    expect(afterLoginPath(null, 1)).toBe("/iu/dashboard");
    expect(afterLoginPath("", 3)).toBe("/af/dashboard");
    expect(afterLoginPath("/", 5)).toBe("/ma/dashboard");
  });
  it("ignores another role's area and other sites", () => {
    expect(afterLoginPath("/af/tickets", 1)).toBe("/iu/dashboard");
    expect(afterLoginPath("/iuX", 1)).toBe("/iuX");
    expect(afterLoginPath("https://evil.example", 1)).toBe("/iu/dashboard");
    expect(afterLoginPath("//evil.example/x", 1)).toBe("/iu/dashboard");
    expect(afterLoginPath("/login?redirect=/x", 1)).toBe("/iu/dashboard");
  });
});
