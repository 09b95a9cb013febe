/**
 * Security, the browser half of "injection strings show as text": script, HTML
 * and template payloads stored through the API in a ticket, a lecture note, the learner's name and a
 * title are shown in the pages as literal text, no dialog opens and no payload script runs
 * (`window.__xss` stays undefined). The server runs with the production CSP, and the pages render
 * text through React, so either layer alone would stop them; the test proves the text is also
 * readable as typed (not double-escaped, not stripped). The API half is
 * apps/api/src/quality/security-injection.test.ts.
 */
import { type APIRequestContext, expect, type Page, test } from "../support/fixtures";
import { saveScreenshot } from "../support/helpers";
import { logIn, newLearner, startAs, tokenFor } from "../support/session";

const payloads = {
  script: "<script>window.__xss=1;alert(1)</script>",
  img: '<img src=x onerror="window.__xss=1;alert(1)">',
  svg: "<svg onload=window.__xss=1>",
  // biome-ignore lint/suspicious/noTemplateCurlyInString: the literal text is the payload
  template: "{{7*7}} ${7*7}",
  sql: "'; DROP TABLE users; --",
};

/** Fails the test on any dialog, and remembers it. */
function watchDialogs(page: Page): string[] {
  const seen: string[] = [];
  page.on("dialog", (dialog) => {
    seen.push(dialog.message());
    void dialog.dismiss();
  });
  return seen;
}

async function expectNoScriptRan(page: Page, dialogs: string[]) {
  expect(await page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss)).toBeUndefined();
  expect(dialogs).toEqual([]);
}

function api(request: APIRequestContext, token: string) {
  const headers = { authorization: `Bearer ${token}` };
  return {
    get: async (url: string) => {
      const res = await request.get(url, { headers });
      expect(res.status(), `${url}: ${await res.text()}`).toBe(200);
      return res.json();
    },
    send: async (method: "POST" | "PUT", url: string, data: unknown) => {
      const res = await request.fetch(url, { method, headers, data });
      expect(res.status(), `${method} ${url}: ${await res.text()}`).toBeLessThan(300);
      return res.json();
    },
  };
}

/** The id of the first object found under a key named `key` (an outline's lectures). */
function firstIdUnder(value: unknown, key: string): number | undefined {
  if (Array.isArray(value)) {
    for (const v of value) {
      const found = firstIdUnder(v, key);
      if (found) return found;
    }
  } else if (value && typeof value === "object") {
    for (const [k, v] of Object.entries(value)) {
      if (k === key && Array.isArray(v) && v[0] && typeof v[0].id === "number") return v[0].id;
      const found = firstIdUnder(v, key);
      if (found) return found;
    }
  }
  return undefined;
}

test.describe("injection strings show as text in pages", () => {
  test("a ticket, a note and the learner's name", async ({ page }) => {
    const dialogs = watchDialogs(page);
    const person = await newLearner(page);
    const token = await tokenFor(page, person.username, person.password);
    const call = api(page.request, token);

    // The learner's name, shown in the top bar and the greeting.
    const current = await call.get("/api/iu/profile");
    const profile = current.data ?? current.profile ?? current;
    await call.send("PUT", "/api/iu/profile", {
      username: profile.username,
      email: profile.email,
      date_of_birth: profile.date_of_birth,
      gender: "female",
      first_name: payloads.img,
      last_name: payloads.template,
    });

    // A ticket whose description carries every payload.
    const subjects = await call.get("/api/tickets/subjects");
    const description = `${payloads.script} ${payloads.svg} ${payloads.sql} — the video stops`;
    const created = await page.request.post("/api/iu/tickets", {
      headers: { authorization: `Bearer ${token}` },
      multipart: { subject_id: String(subjects.data[0].id), description },
    });
    expect(created.status(), await created.text()).toBe(201);
    const ticketId = (await created.json()).data.id;

    // A note on a lecture of a free title.
    const catalogue = await call.get("/api/courses");
    const free = catalogue.data.find(
      (c: { is_free?: boolean; price?: number }) => c.is_free || c.price === 0,
    );
    expect(free, "a free title in the catalogue").toBeDefined();
    await page.request.post(`/api/iu/courses/${free.id}/enrol`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const lectureId = firstIdUnder(await call.get(`/api/iu/courses/${free.id}`), "lectures");
    expect(lectureId, "a lecture in the outline").toBeDefined();
    const noteText = `${payloads.img} my note ${payloads.script}`;
    await call.send("PUT", `/api/iu/lectures/${lectureId}/note`, {
      content: { type: "doc", content: [{ type: "paragraph", content: [{ type: "text", text: noteText }] }] },
    });

    await startAs(page, token);
    await page.goto("/iu/dashboard");
    await expect(page.getByText(payloads.img).first()).toBeVisible();
    await expectNoScriptRan(page, dialogs);

    await page.goto(`/iu/tickets/${ticketId}`);
    await expect(page.getByText(description).first()).toBeVisible();
    await expectNoScriptRan(page, dialogs);
    await saveScreenshot(page, "security-ticket-desktop");

    await page.goto(`/iu/courses/${free.id}/lesson/${lectureId}`);
    await page.getByRole("tab", { name: "Notes" }).click();
    await expect(page.getByTestId("note-editor")).toContainText(noteText);
    await expectNoScriptRan(page, dialogs);

    await page.goto(`/iu/courses/${free.id}`);
    await expect(page.getByText(noteText).first()).toBeVisible();
    await expectNoScriptRan(page, dialogs);
  });

  test("a title written by an administrator", async ({ page }) => {
    const dialogs = watchDialogs(page);
    const token = await logIn(page, "admin");
    const marker = `sec${Date.now().toString(36)}`;
    const title = `${payloads.script} ${marker} ${payloads.img}`;
    const course = await api(page.request, token).send("POST", "/api/af/courses", {
      title_en: title,
      title_es: title,
      short_description_en: payloads.svg,
      short_description_es: payloads.svg,
      price_pence: 0,
      is_free: true,
    });
    const id = course.data?.id ?? course.id;
    expect(id).toBeDefined();
    await page.goto(`/af/courses?q=${marker}`);
    await expect(page.getByText(title).first()).toBeVisible();
    await expectNoScriptRan(page, dialogs);
    await page.goto(`/af/courses/${id}`);
    await expect(
      page
        .getByRole("heading", { name: title })
        .or(page.locator(`input[value="${marker}"]`))
        .first(),
    ).toBeVisible();
    await expectNoScriptRan(page, dialogs);
  });
});
