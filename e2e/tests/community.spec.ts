/**
 * The community journey: learner A asks a public question, learner B upvotes and follows it,
 * learner C (through the API) answers it; B sees the answer and the follower's notification, and A
 * is told too.
 */
import type { Page } from "@playwright/test";
import { expect, test } from "../support/fixtures";
import { handOver, newLearner, shootBoth, startAs, tokenFor } from "../support/session";

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

test("a public question is upvoted and followed by another learner; when answered, author and follower are notified", async ({
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

  // Learner B, enrolled too, opens the thread in this tab, upvotes and follows A's question.
  const b = await newLearner(page);
  const bToken = await tokenFor(page, b.username, b.password);
  await page.request.post(`/api/iu/courses/${courseId}/enrol`, {
    headers: { authorization: `Bearer ${bToken}` },
  });
  await handOver(page, bToken);
  await page.reload();
  await page.getByRole("tab", { name: "Q&A" }).click();
  const card = page.getByTestId("qa-list").getByRole("listitem").filter({ hasText: question });
  await card.getByRole("button", { name: "Upvote (0 votes)" }).click();
  await expect(card.getByRole("button", { name: "Upvote (1 vote)" })).toHaveAttribute("aria-pressed", "true");
  await card.getByRole("button", { name: "Follow", exact: true }).click();
  await expect(card.getByRole("button", { name: "Unfollow" })).toHaveAttribute("aria-pressed", "true");

  // Learner C answers it (through the API): its author and its follower are told.
  const c = await newLearner(page);
  const cAuth = { authorization: `Bearer ${await tokenFor(page, c.username, c.password)}` };
  await page.request.post(`/api/iu/courses/${courseId}/enrol`, { headers: cAuth });
  const thread = await (
    await page.request.get(`/api/iu/lectures/${lectureId}/questions?sort=votes`, { headers: cAuth })
  ).json();
  const item = (thread.data as Array<{ id: number; body: string }>).find((q) => q.body === question)!;
  const answer = "In Mexico people say ustedes for both.";
  const answered = await page.request.post(`/api/iu/questions/${item.id}/answers`, {
    headers: cAuth,
    data: { answer },
  });
  expect(answered.status(), await answered.text()).toBe(201);

  await page.reload();
  await page.getByRole("tab", { name: "Q&A" }).click();
  await expect(card.getByText(answer)).toBeVisible();
  await shootBoth(page, "community-qa-en");
  await page.getByTestId("notification-bell").click();
  await expect(
    page.getByRole("dialog", { name: "Notifications" }).getByText("A question you follow was answered"),
  ).toBeVisible();
  const aNotes = await page.request.get("/api/iu/notifications/me", {
    headers: { authorization: `Bearer ${aToken}`, "X-Language-Code": "en" },
  });
  expect((await aNotes.json()).data.map((n: { title: string }) => n.title)).toContain(
    "Your question was answered",
  );
});
