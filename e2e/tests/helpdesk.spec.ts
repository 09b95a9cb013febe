/**
 * The helpdesk of a real support team, one lean journey through the whole product:
 * on a learner's duplicate ticket the desk leaves an internal note, answers with a canned reply made
 * over the API, and merges it into the learner's first ticket; the learner sees the reply and the
 * merge and never the note. Each page's own behaviour (priority and tags, assignment to a colleague,
 * bulk claim/resolve, filters, refusals) is covered by the web component tests
 * (DeskHelpdesk.test.tsx) and the rules by the API tests (helpdesk.test.ts).
 */
import { expect, test } from "../support/fixtures";
import { openTicket } from "../support/helpers";
import { desktop, logIn, roleToken } from "../support/session";

test("the desk notes, answers with a canned reply and merges; the learner sees the reply, never the note", async ({
  page,
  browser,
}) => {
  const marker = `hd${Date.now().toString(36)}`;
  const ana = await roleToken("ana");
  // The desk offers canned replies in the requester's language, the one saved to her account: any
  // test before this one in the worker's database may have left Ana in Spanish (a page opened in
  // Spanish saves it), so this test says she speaks English.
  const language = await page.request.put("/api/me/language", {
    headers: { authorization: `Bearer ${ana}` },
    data: { language_id: 1 },
  });
  expect(language.status(), await language.text()).toBe(200);
  const kept = await openTicket(page, ana, `${marker} My certificate has the wrong name on it.`);
  const duplicate = await openTicket(page, ana, `${marker} The name on my certificate is wrong, please fix.`);
  const note = `${marker} internal: already reissued once in October`;
  const support = await roleToken("support");
  const canned = await page.request.post("/api/af/tickets/canned-replies", {
    headers: { authorization: `Bearer ${support}` },
    data: {
      language: "en",
      title: `${marker} Certificate name`,
      body: "We have corrected the name on your certificate.",
    },
  });
  expect(canned.status(), await canned.text()).toBe(201);

  await logIn(page, "support");
  await page.goto(`/af/tickets/${duplicate}`);
  // Internal note.
  await page.getByTestId("note-input").fill(note);
  await page.getByTestId("note-add").click();
  await expect(page.getByTestId("notes-list")).toContainText(note);
  // A canned reply, in the requester's language (Ana's is English).
  await page.getByTestId("canned-insert").selectOption({ label: `${marker} Certificate name` });
  await expect(page.getByLabel(/^Your reply/)).toHaveValue("We have corrected the name on your certificate.");
  await page.getByRole("button", { name: "Send reply" }).click();
  // The thread, not the whole ticket view: the reply box below it holds the inserted text until sent.
  await expect(page.getByTestId("ticket-thread")).toContainText(
    "We have corrected the name on your certificate.",
  );
  // Merge into the first ticket.
  await page.getByTestId("merge-ticket").click();
  await page.getByTestId("merge-into").fill(`TCK-${String(kept).padStart(6, "0")}`);
  await page.getByTestId("merge-submit").click();
  await expect(page.getByTestId("merged-into-link")).toBeVisible();
  // The learner sees the merge and the reply, never the note.
  const learner = await (await browser.newContext({ viewport: desktop })).newPage();
  await logIn(learner, "ana");
  await learner.goto(`/iu/tickets/${duplicate}`);
  await expect(learner.getByText(/was merged into TCK-/)).toBeVisible();
  await learner.goto(`/iu/tickets/${kept}`);
  await expect(learner.getByTestId("ticket-thread")).toContainText(
    "We have corrected the name on your certificate.",
  );
  await expect(learner.locator("body")).not.toContainText(`${marker} internal`);
  for (const id of [kept, duplicate]) {
    const body = await (
      await page.request.get(`/api/iu/tickets/${id}`, { headers: { authorization: `Bearer ${ana}` } })
    ).text();
    expect(body).not.toContain("internal: already reissued");
    expect(body).not.toContain('"desk"');
  }
});
