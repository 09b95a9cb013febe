/**
 * Keyboard alone: a learner takes a quiz and buys a title without touching the
 * mouse. Every step moves focus with Tab (as a person would, one press at a time, never by clicking)
 * and acts with Enter, Space, arrows or typing, including inside the payment provider's card frame.
 */
import { expect, type Locator, type Page, test } from "../support/fixtures";
import { newLearner, startAs, tokenFor } from "../support/session";

/** Presses Tab until `target` has the focus (within its own document, so iframes count too). */
async function tabTo(page: Page, target: Locator, maxPresses = 80) {
  for (let i = 0; i < maxPresses; i += 1) {
    await page.keyboard.press("Tab");
    const focused = await target
      .evaluate((el) => el.ownerDocument.activeElement === el, undefined, { timeout: 2_000 })
      .catch(() => false);
    if (focused) return;
  }
  throw new Error(`Tab never reached ${target}`);
}

/** Checks one radio of a group with the arrow keys, the way radio groups work. */
async function chooseRadio(page: Page, label: string) {
  await tabTo(page, page.getByRole("radio").filter({ visible: true }).first());
  const target = page.getByLabel(label, { exact: true });
  for (let i = 0; i < 8 && !(await target.isChecked()); i += 1) {
    await page.keyboard.press(i === 0 ? "Space" : "ArrowDown");
  }
  await expect(target).toBeChecked();
}

/** Picks an option of a native select by typing its first letters. */
async function typeIntoSelect(page: Page, select: Locator, option: string) {
  await tabTo(page, select);
  await page.keyboard.type(option);
  await expect(select.locator("option:checked")).toHaveText(option);
}

const shown = (page: Page, testId: string) => page.getByTestId(testId).filter({ visible: true });
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

type Outline = {
  id: number;
  levels: Array<{ modules: Array<{ lectures: Array<{ id: number; duration_seconds: number }> }> }>;
};

async function titleNamed(page: Page, title: string) {
  const list = (await (await page.request.get("/api/courses?per_page=100")).json()).data as Array<{
    id: number;
    title: string;
  }>;
  const found = list.find((c) => c.title === title);
  expect(found, title).toBeTruthy();
  return found!.id;
}

test.describe("without a mouse", () => {
  test.setTimeout(150_000);

  test("a learner takes a lecture quiz and passes it", async ({ page, database }) => {
    const person = await newLearner(page);
    const token = await tokenFor(page, person.username, person.password);
    // Enrolled, with the first lecture's video watched (the learning tests cover the player).
    const courseId = await titleNamed(page, "Everyday Spanish");
    expect(
      (await page.request.post(`/api/iu/courses/${courseId}/enrol`, { headers: bearer(token) })).ok(),
    ).toBe(true);
    const outline = (await (
      await page.request.get(`/api/iu/courses/${courseId}`, { headers: bearer(token) })
    ).json()) as Outline;
    const first = outline.levels[0]!.modules[0]!.lectures[0]!;
    // The server credits watching no faster than 2x real time since the lecture was opened: open it,
    // then let that time pass in this worker's own database.
    expect((await page.request.get(`/api/iu/lectures/${first.id}`, { headers: bearer(token) })).ok()).toBe(
      true,
    );
    await database.query(
      `UPDATE lecture_views SET started_at = started_at - make_interval(secs => $3)
       WHERE user_id = (SELECT id FROM users WHERE username = $1) AND lecture_id = $2`,
      [person.username, first.id, first.duration_seconds],
    );
    await page.request.put(`/api/iu/lectures/${first.id}/progress`, {
      headers: bearer(token),
      data: { ranges: [[0, first.duration_seconds]], position: first.duration_seconds },
    });
    await startAs(page, token);
    page.on("dialog", (dialog) => void dialog.accept());

    await page.goto(`/iu/courses/${courseId}/lesson/${first.id}/quiz`);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await tabTo(page, page.getByRole("button", { name: /Start/ }).filter({ visible: true }));
    await page.keyboard.press("Enter");

    // 1. Single choice, with the arrow keys.
    await expect(shown(page, "question-text")).toHaveText("Which greeting do you use at 10 in the morning?");
    await chooseRadio(page, "Buenos días");
    await tabTo(page, shown(page, "next-question"));
    await page.keyboard.press("Enter");

    // 2. Multiple choice, with Space.
    for (const label of ["Adiós", "Hasta luego"]) {
      await tabTo(page, page.getByLabel(label, { exact: true }));
      await page.keyboard.press("Space");
      await expect(page.getByLabel(label, { exact: true })).toBeChecked();
    }
    await tabTo(page, shown(page, "next-question"));
    await page.keyboard.press("Enter");

    // 3. Missing word: a select, then a typed gap.
    await typeIntoSelect(page, page.getByLabel("Gap 1"), "noches");
    await tabTo(page, page.getByLabel("Gap 2 (type the word)"));
    await page.keyboard.type("Hola");
    await tabTo(page, shown(page, "next-question"));
    await page.keyboard.press("Enter");

    // 4. Word linking: one select per word.
    for (const [left, right] of [
      ["Buenos días", "Morning"],
      ["Buenas tardes", "Afternoon"],
      ["Buenas noches", "Night"],
    ] as const) {
      await typeIntoSelect(page, page.getByLabel(left, { exact: true }), right);
    }
    await expect(shown(page, "save-status")).toHaveText(/Answer saved/);

    // Submit, and confirm in the dialog.
    await tabTo(page, shown(page, "submit-quiz"));
    await page.keyboard.press("Enter");
    const confirm = page.getByRole("alertdialog").getByRole("button", { name: "Submit quiz" });
    await expect(confirm).toBeVisible();
    await tabTo(page, confirm, 6);
    await page.keyboard.press("Enter");
    await expect(shown(page, "quiz-result")).toBeVisible();
    // The result replaces the questions: it takes focus, never the page's start.
    await expect(shown(page, "result-outcome")).toBeFocused();
    await expect(shown(page, "quiz-result")).toContainText(/passed/i);
  });

  test("a learner buys a title with the sandbox card", async ({ page }) => {
    const person = await newLearner(page);
    const token = await tokenFor(page, person.username, person.password);
    await startAs(page, token);
    const algebra = await titleNamed(page, "Algebra Foundations");

    await page.goto(`/iu/courses/${algebra}`);
    await tabTo(page, page.getByRole("button", { name: "Add to cart" }));
    await page.keyboard.press("Enter");
    const panel = page.getByTestId("cart-panel");
    await expect(panel).toBeVisible();
    await tabTo(page, page.getByTestId("cart-checkout"));
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/iu\/checkout$/);

    // The provider's hosted card form is an iframe: Tab walks into it like any other field.
    const frame = page.frameLocator('[data-testid="card-frame"]');
    for (const [label, value] of [
      ["Name on card", "Kim Keyboard"],
      ["Card number", "4242 4242 4242 4242"],
      ["Expiry (MM/YY)", "12/34"],
      ["Security code (CVC)", "123"],
    ] as const) {
      await tabTo(page, frame.getByLabel(label));
      await page.keyboard.type(value);
    }
    await tabTo(page, frame.getByRole("button", { name: "Use this card" }), 4);
    await page.keyboard.press("Enter");
    // The accepted card replaces the form that held focus: focus moves onto it, so Pay is a few Tabs on.
    await expect(page.getByTestId("new-card-ready")).toBeFocused();

    await tabTo(page, page.getByTestId("pay"), 4);
    await page.keyboard.press("Enter");
    await expect(page.getByTestId("checkout-success")).toContainText("Algebra Foundations");
  });
});
