// `npm run bench:web`: Lighthouse (the npm package, driving the system Chromium) on the built product:
// performance, accessibility and best practices for the login page and, logged in as the demo learner,
// the dashboard, a lecture, the shop and the checkout. Desktop preset; scores are reported, not asserted.
import lighthouse from "lighthouse";
import desktopConfig from "lighthouse/core/config/desktop-config.js";
import puppeteer from "puppeteer-core";
import { startBuiltServer } from "../scripts/lib.mjs";

const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const pages = [
  { name: "login", path: "/", guest: true },
  { name: "dashboard", path: "/iu/dashboard" },
  { name: "lecture", path: "/iu/courses/1/lesson/2" },
  { name: "shop", path: "/iu/shop" },
  { name: "checkout", path: "/iu/checkout" },
];
const categories = ["performance", "accessibility", "best-practices"];

// BENCH_BUNDLE: another API bundle (a private copy, so a parallel build cannot swap it mid-run).
const server = await startBuiltServer({ bundle: process.env.BENCH_BUNDLE, env: { RATE_LIMITS: "off" } });
const browser = await puppeteer.launch({
  executablePath: chromium,
  args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-dev-shm-usage"],
});
try {
  const login = await fetch(`${server.base}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ login: "ana", password: "Learner-Pass1" }),
  });
  const { access_token: token } = await login.json();
  const rows = [];
  for (const target of pages) {
    const page = await browser.newPage();
    // The session lives in local storage: set it on the origin first, then keep it through the audit.
    await page.goto(`${server.base}/404`);
    await page.evaluate(
      ({ token, guest }) => {
        localStorage.clear();
        localStorage.setItem("cookieConsent", "accepted");
        localStorage.setItem("locale", "en");
        if (!guest) localStorage.setItem("token", token);
      },
      { token, guest: Boolean(target.guest) },
    );
    // A lost trace (NO_NAVSTART and the like) is Lighthouse's own hiccup: run that page again.
    let result;
    for (let attempt = 1; attempt <= 3; attempt += 1) {
      result = await lighthouse(
        `${server.base}${target.path}`,
        { onlyCategories: categories, disableStorageReset: true, logLevel: "error" },
        desktopConfig,
        page,
      );
      if (!result.lhr.runtimeError) break;
    }
    const scores = Object.fromEntries(
      categories.map((c) => [c, Math.round((result.lhr.categories[c]?.score ?? 0) * 100)]),
    );
    const failing = Object.values(result.lhr.audits)
      .filter((a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode === "binary")
      .map((a) => a.id);
    rows.push({ page: target.name, ...scores });
    if (process.env.LIGHTHOUSE_REPORTS)
      (await import("node:fs")).writeFileSync(
        `${process.env.LIGHTHOUSE_REPORTS}/${target.name}.json`,
        JSON.stringify(result.lhr),
      );
    console.log(
      `${target.name.padEnd(10)} performance ${String(scores.performance).padStart(3)}  accessibility ${String(scores.accessibility).padStart(3)}  best practices ${String(scores["best-practices"]).padStart(3)}  LCP ${result.lhr.audits["largest-contentful-paint"]?.displayValue ?? "?"}${failing.length ? `  failing: ${failing.join(", ")}` : ""}`,
    );
    await page.close();
  }
} finally {
  await browser.close();
  await server.stop();
}
