/**
 * The sandbox card form wears the app's theme (the colours the page passes, day
 * or night) and the app's font (its own Inter file, only from the page's origin), and keeps each
 * test card number of its test-mode line whole.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    env: "production",
    publicUrl: "https://aprendo.example",
    allowedOrigins: ["https://aprendo.example"],
  });
});
afterAll(() => t.close());

const night = "131c2e,e2e8f0,9aa8bd,6b7a93,a5b4fc,1e1b4b,f87171";
const form = (query: Record<string, string>) =>
  t.app.inject({
    url: `/api/payments/sandbox/form?${new URLSearchParams({ origin: "https://aprendo.example", lang: "en", ...query })}`,
  });

describe("the sandbox card form's look", () => {
  it("draws in the page's theme colours and font, and lets only the page's origin serve the font", async () => {
    const res = await form({
      theme: night,
      font: "https://aprendo.example/assets/inter-latin-wght-normal-abc.woff2",
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain("background: #131c2e; color: #e2e8f0;");
    expect(res.body).toContain('"Inter Variable", ui-sans-serif');
    expect(res.body).toContain(
      'src: url("https://aprendo.example/assets/inter-latin-wght-normal-abc.woff2")',
    );
    expect(res.headers["content-security-policy"]).toContain("font-src https://aprendo.example;");
    // Each test card number stays on one line.
    expect(res.body).toContain('<span class="card">4242 4242 4242 4242</span>');
  });

  it("falls back to the day theme and system fonts on anything malformed or foreign", async () => {
    for (const query of [
      { theme: "131c2e,e2e8f0", font: "https://evil.example/x.woff2" },
      { theme: "red,e2e8f0,9aa8bd,6b7a93,a5b4fc,1e1b4b,f87171", font: "https://aprendo.example/x.css" },
      { theme: night.replace("131c2e", "131c2e;}body{x"), font: "javascript:alert(1)//.woff2" },
    ]) {
      const res = await form(query);
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain("background: #ffffff; color: #0f172a;");
      expect(res.body).not.toMatch(/evil\.example|x\.css|javascript:|body\{x/);
      expect(res.headers["content-security-policy"]).not.toContain("font-src");
    }
    // A font address of the page's origin cannot end the style sheet: the URL parser encodes it.
    const res = await form({ font: 'https://aprendo.example/a"</style><script>x</script>.woff2' });
    expect(res.body).not.toContain("</style><script>");
    expect(res.body).toContain(
      'src: url("https://aprendo.example/a%22%3C/style%3E%3Cscript%3Ex%3C/script%3E.woff2")',
    );
  });
});
