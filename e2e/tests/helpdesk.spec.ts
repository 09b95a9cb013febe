/**
 * The helpdesk of a real support team (issue 21 point 6), one lean journey: on a learner's duplicate
 * ticket the desk leaves an internal note, sets priority and a tag, answers with a canned reply, and
 * merges it into the learner's first ticket, which it assigns to a colleague; then it bulk-resolves a
 * ticket from the list. The learner sees the merge and never the note. Page details are covered by
 * the web component tests (DeskHelpdesk.test.tsx) and the rules by the API tests (helpdesk.test.ts).
 */
import { expect, test } from "../support/fixtures";
import { openTicket } from "../support/helpers";
import { desktop, logIn, roleToken } from "../support/session";

test("the desk notes, triages, answers with a canned reply, merges, assigns and bulk-resolves; the learner never sees the note", async ({
  page,
  browser,
}) => {
  const marker = `hd${Date.now().toString(36)}`;
  const ana = await roleToken("ana");
  const kept = await openTicket(page, ana, `${marker} My certificate has the wrong name on it.`);
  const duplicate = await openTicket(page, ana, `${marker} The name on my certificate is wrong, please fix.`);
  const other = await openTicket(page, ana, `${marker} Please close this one, it was a mistake.`);
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
  // Priority and a tag.
  await page.getByTestId("triage-priority").selectOption("urgent");
  await page.getByTestId("triage-tag-input").fill("Certificates");
  await page.getByTestId("triage-tag-input").press("Enter");
  await page.getByTestId("triage-save").click();
  await expect(
    page.getByTestId("priority-badge").or(page.getByText("Priority and tags have been saved")).first(),
  ).toBeVisible();
  // A canned reply, in the requester's language (Ana's is English).
  await page.getByTestId("canned-insert").selectOption({ label: `${marker} Certificate name` });
  await expect(page.getByLabel(/^Your reply/)).toHaveValue("We have corrected the name on your certificate.");
  await page.getByRole("button", { name: "Send reply" }).click();
  await expect(page.getByTestId("ticket-view")).toContainText(
    "We have corrected the name on your certificate.",
  );
  // Merge into the first ticket.
  await page.getByTestId("merge-ticket").click();
  await page.getByTestId("merge-into").fill(`TCK-${String(kept).padStart(6, "0")}`);
  await page.getByTestId("merge-submit").click();
  await expect(page.getByTestId("merged-into-link")).toBeVisible();
  // Assign the kept ticket to a colleague.
  await page.getByTestId("merged-into-link").click();
  await expect(page).toHaveURL(new RegExp(`/af/tickets/${kept}$`));
  await expect(page.getByTestId("notes-list")).toContainText(note);
  await page.getByRole("button", { name: "Hand over" }).click();
  await page
    .getByRole("dialog")
    .getByLabel(/^Administrator/)
    .selectOption({ label: "Alex Admin (@admin)" });
  await page.getByRole("dialog").getByRole("button", { name: "Hand over" }).click();
  await expect(page.getByText("The ticket has been handed over to Alex Admin")).toBeVisible();

  // Bulk resolve from the list, with a confirm.
  await page.goto(`/af/tickets?search=${encodeURIComponent(`${marker} Please close`)}`);
  const box = page.getByRole("checkbox", { name: `Select TCK-${String(other).padStart(6, "0")}` });
  await box.focus();
  await page.keyboard.press("Space");
  await page.getByTestId("bulk-resolve").click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Resolve" }).click();
  await expect(page.getByText("1 of 1 tickets done")).toBeVisible();

  // The learner sees the merge, the reply and the resolved ticket, never the note.
  const learner = await (await browser.newContext({ viewport: desktop })).newPage();
  await logIn(learner, "ana");
  await learner.goto(`/iu/tickets/${duplicate}`);
  await expect(learner.getByText(/was merged into TCK-/)).toBeVisible();
  await learner.goto(`/iu/tickets/${kept}`);
  await expect(learner.getByTestId("ticket-view")).toContainText(
    "We have corrected the name on your certificate.",
  );
  await expect(learner.locator("body")).not.toContainText(`${marker} internal`);
  for (const id of [kept, duplicate, other]) {
    const body = await (
      await page.request.get(`/api/iu/tickets/${id}`, { headers: { authorization: `Bearer ${ana}` } })
    ).text();
    expect(body).not.toContain("internal: already reissued");
    expect(body).not.toContain('"desk"');
  }
  const resolved = await page.request.get(`/api/iu/tickets/${other}`, {
    headers: { authorization: `Bearer ${ana}` },
  });
  expect((await resolved.json()).data.status).toBe("resolved");
});
