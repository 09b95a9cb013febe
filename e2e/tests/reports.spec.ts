/**
 * Reports: an administrator opens the sales report over the days of the seeded
 * order (ana's title bought with WEEK20 a month ago), sees it in the chart and the table, and
 * downloads the table as CSV with that order's row.
 */
import { readFile } from "node:fs/promises";
import { expect, test } from "../support/fixtures";
import { desktop, logIn } from "../support/session";

const day = (date: Date) => date.toISOString().slice(0, 10);

test("the sales report shows a seeded order in its chart and table and exports its row as CSV", async ({
  page,
  database,
}) => {
  const { rows } = await database.query<{ name: string; paid_pence: number; paid_at: Date }>(
    `SELECT l.name, l.paid_pence, o.paid_at FROM orders o JOIN order_lines l ON l.order_id = o.id
     WHERE o.coupon_code = 'WEEK20' AND l.type = 'course'`,
  );
  expect(rows).toHaveLength(1);
  const seeded = rows[0]!;
  // The days around the seeded order only: orders other tests make today stay out of the figures.
  const from = day(new Date(seeded.paid_at.getTime() - 86_400_000));
  const to = day(new Date(seeded.paid_at.getTime() + 86_400_000));
  const amount = (seeded.paid_pence / 100).toFixed(2);

  await page.setViewportSize(desktop);
  await logIn(page, "admin");
  await page.goto("/af/dashboard");
  await page.getByTestId("side-navigation").getByRole("link", { name: "Reports" }).click();
  await expect(page).toHaveURL(/\/af\/reports$/);
  await expect(page.getByRole("heading", { level: 1, name: "Sales report" })).toBeVisible();
  await page.goto(`/af/reports/sales?from=${from}&to=${to}`);
  await expect(page.getByRole("heading", { level: 1, name: "Sales report" })).toBeVisible();

  const titles = page.getByTestId("report-titles");
  await expect(titles.getByRole("figure", { name: "Sales by title" })).toBeVisible();
  await expect(titles.getByRole("row", { name: new RegExp(seeded.name) })).toContainText(`£${amount}`);
  await expect(titles.locator(".recharts-bar-rectangle")).toHaveCount(1);

  const download = page.waitForEvent("download");
  await titles.getByRole("button", { name: "Download CSV of Sales by title" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`sales-titles-${from}-${to}.csv`);
  const csv = await readFile((await file.path())!, "utf8");
  const lines = csv
    .replace(/^\uFEFF/, "")
    .trim()
    .split("\r\n");
  expect(lines[0]).toBe("course_id,title,sold,currency,gross,refunded,net");
  expect(lines).toHaveLength(2);
  expect(lines[1]).toMatch(new RegExp(`,1,GBP,${amount},0\\.00,${amount}$`));
});
