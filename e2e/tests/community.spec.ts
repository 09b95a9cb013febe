/**
 * Issue 25's community journey: learner A asks a public question, learner B (through the API)
 * upvotes and answers it, A sees the vote, the fellow learner's answer and the notification.
 */
import type { Page } from "@playwright/test";
import { expect, test } from "../support/fixtures";
import { newLearner, shootBoth, startAs, tokenFor } from "../support/session";

async function firstLectureOf(page: Page, auth: Record<string, string>) {
  const list = await page.request.get("/api/iu/search?q=Everyday%20Spanish&source=courses", {
    headers: auth,
  });
  const courseId = ((await list.json()).data as Array<{ id: number; title: string }>).find(
    (c) => c.title === "Everyday Spanish",
  )!.id;
  expect((await page.request.post(`/api/iu/courses/${courseId}/enrol`, { headers: auth })).ok()).toBe(true);
  const detail = await (await page.request.get(`/api/iu/courses/${courseId}`, { headers: auth })).json();
  return { courseId, lectureId: detail.levels[0].modules[0].lectures[0].id as number };
}

test("a public question is upvoted and answered by another learner, and its author is notified", async ({
  page,
}) => {
  const a = await newLearner(page);
  const aToken = await tokenFor(page, a.username, a.password);
  const { courseId, lectureId } = await firstLectureOf(page, { authorization: `Bearer ${aToken}` });
  await startAs(page, aToken);
  await page.goto(`/iu/courses/${courseId}/lesson/${lectureId}#qa`);
  await page.getByRole("tab", { name: "Q&A" }).click();
  await expect(page.getByRole("checkbox", { name: "Public question" })).toBeChecked();
  const question = `Is "vosotros" used in Mexico too? (${Date.now()})`;
  await page.getByLabel(/^Ask a question about this lecture/).fill(question);
  await page.getByRole("button", { name: "Send question" }).click();
  await expect(page.getByTestId("qa-list").getByText(question)).toBeVisible();

  // Learner B, enrolled too, reads it in the thread, upvotes it twice (one vote) and answers it.
  const b = await newLearner(page);
  const bAuth = { authorization: `Bearer ${await tokenFor(page, b.username, b.password)}` };
  await page.request.post(`/api/iu/courses/${courseId}/enrol`, { headers: bAuth });
  const thread = await (
    await page.request.get(`/api/iu/lectures/${lectureId}/questions?sort=votes`, { headers: bAuth })
  ).json();
  const item = (thread.data as Array<{ id: number; body: string }>).find((q) => q.body === question)!;
  for (let i = 0; i < 2; i++)
    await page.request.put(`/api/iu/questions/${item.id}/vote`, { headers: bAuth, data: { on: true } });
  const answer = "In Mexico people say ustedes for both.";
  const answered = await page.request.post(`/api/iu/questions/${item.id}/answers`, {
    headers: bAuth,
    data: { answer },
  });
  expect(answered.status(), await answered.text()).toBe(201);

  await page.reload();
  await page.getByRole("tab", { name: "Q&A" }).click();
  const card = page.getByTestId("qa-list").getByRole("listitem").filter({ hasText: question });
  await expect(card.getByText(answer)).toBeVisible();
  await expect(card.getByRole("button", { name: "Upvote (1 vote)" })).toBeVisible();
  await shootBoth(page, "community-qa-en");
  await page.getByTestId("notification-bell").click();
  await expect(
    page.getByRole("dialog", { name: "Notifications" }).getByText("Your question was answered"),
  ).toBeVisible();
});
