/**
 * Language of parts (issue 27, point 4; WCAG 3.1.2): Spanish content inside the English interface
 * sits in `lang="es"` (here the Spanish course's quiz answers, "Buenos días"), the language options
 * are each marked in their own language, and accessible names follow the interface language.
 */
import { expect, test } from "../support/fixtures";
import { startSpanishQuizAttempt } from "../support/quiz";
import { logIn } from "../support/session";

test("Spanish answers in the English interface are marked Spanish; names follow the interface", async ({
  page,
  database,
}) => {
  const token = await logIn(page, "ana", { locale: "en" });
  // Ana may take the first lecture quiz of the Spanish title: enrolled, its video watched.
  const attemptPath = await startSpanishQuizAttempt(page, database, token);
  await page.goto(attemptPath);
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  // The greeting question's answers: Spanish words, read with a Spanish voice.
  await expect(page.getByTestId("question-text")).toBeVisible();
  const spanish = page.locator('main [lang="es"]');
  await expect(spanish.first()).toBeVisible();
  expect(await spanish.allTextContents()).toContain("Buenos días");
  // The English question itself carries no other language.
  await expect(page.getByTestId("question-text")).not.toHaveAttribute("lang", /.+/);

  // The language list names each language in itself, marked so.
  await page.getByTestId("language-switch").click();
  await expect(page.getByRole("menuitemradio", { name: "Español" })).toHaveAttribute("lang", "es");
  await expect(page.getByRole("menuitemradio", { name: "English" })).toHaveAttribute("lang", "en");

  // Chosen: the interface is Spanish, the landmarks are named in Spanish, and the same answers need no mark.
  await page.getByRole("menuitemradio", { name: "Español" }).click();
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
  await expect(page.getByRole("navigation", { name: "Navegación principal" })).toBeAttached();
  await expect(page.getByRole("main").getByText("Buenos días", { exact: true }).first()).toBeVisible();
  await expect(page.locator('main [lang="es"]', { hasText: "Buenos días" })).toHaveCount(0);
});
