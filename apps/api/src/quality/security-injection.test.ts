/**
 * Security: SQL and script injection strings in free text are stored and given
 * back as text, byte for byte. Every free-text field a learner, a guest or an administrator writes
 * gets each payload (SQL, HTML/script, template syntax, bidirectional and zero-width Unicode...),
 * and the API's read of that resource must contain exactly the string that was sent (no escaping,
 * no stripping, no evaluation: escaping is the page's job, and React does it). A field whose format
 * forbids such characters (a coupon code) must refuse with a field error instead. A NUL byte, which
 * PostgreSQL text cannot hold, must be refused or dropped, never a 500.
 *
 * The browser half (the same strings shown in pages as text, no script run) is
 * e2e/tests/security.spec.ts. Adding a field = one entry in `fields`.
 */
import { randomUUID } from "node:crypto";
import { permissionNames } from "@aprendo/contract";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BuiltUser, buildAdmin, buildHeadAdmin, buildLearner } from "../../test/factories";
import { createTestApp, type TestApp } from "../../test/test-app";
import { buildCourse, enrol } from "../catalog/catalog.fixtures";
import { ticketSubjects } from "../db/schema/index";
import { multipart, pngBytes } from "../tickets/test-support";

export const injectionPayloads = {
  sql: "'; DROP TABLE users; --",
  sqlOr: `" OR 1=1 -- \\' OR ''='`,
  script: "<script>window.__xss=1</script>",
  img: '<img src=x onerror="window.__xss=1">',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: the literal text is the payload
  template: "{{7*7}} ${7*7} #{7*7} <%= 7*7 %>",
  unicode: "\u202Egnp.exe\u202C a\u200Bb e\u0301 👩🏽‍💻 ﷽",
  markdown: "[click](javascript:window.__xss=1) **bold**",
} as const;
type PayloadName = keyof typeof injectionPayloads;

let t: TestApp;
let learner: BuiltUser;
let admin: BuiltUser;
let head: BuiltUser;
const ids: Record<string, number> = {};

type Written = { res: LightMyRequestResponse; read: () => Promise<LightMyRequestResponse> };
type Field = {
  name: string;
  /** Writes `value` into the field(s) and says how to read the resource back. */
  write: (value: string) => Promise<Written>;
  /** "literal" (default): stored and read back exactly. "refused": 422 naming `refusedField`. */
  expect?: "literal" | "refused";
  refusedField?: string;
  /** Appended to reach the field's minimum length. */
  pad?: string;
};

type Answer = { id?: number; data?: { id?: number }; errors?: Record<string, string[]> };
const json = (res: LightMyRequestResponse) => res.json() as Answer;
const dataId = (res: LightMyRequestResponse) => Number(json(res).data?.id ?? json(res).id);

function inject(
  user: BuiltUser | null,
  method: "GET" | "POST" | "PUT" | "PATCH",
  url: string,
  payload?: unknown,
) {
  return t.app.inject({
    method,
    url,
    headers: user?.auth ?? {},
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });
}

function form(user: BuiltUser | null, url: string, fields: Record<string, string | number>) {
  const body = multipart(fields);
  return t.app.inject({
    method: "POST",
    url,
    headers: { ...(user?.auth ?? {}), ...body.headers },
    payload: body.payload,
  });
}

const both = (value: string) => ({ en: value, es: value });
const doc = (text: string) => ({
  type: "doc",
  content: [{ type: "paragraph", content: [{ type: "text", text }] }],
});

const fields: Field[] = [
  // ---- written by learners and guests ----
  {
    name: "ticket description (learner)",
    pad: " and the video stops after ten seconds",
    write: async (value) => {
      const res = await form(learner, "/api/iu/tickets", { subject_id: ids.subject!, description: value });
      const id = dataId(res);
      return { res, read: () => inject(admin, "GET", `/api/af/tickets/${id}`) };
    },
  },
  {
    name: "ticket reply (learner)",
    write: async (value) => {
      const res = await form(learner, `/api/iu/tickets/${ids.ticket}/messages`, { body: value });
      return { res, read: () => inject(learner, "GET", `/api/iu/tickets/${ids.ticket}`) };
    },
  },
  {
    name: "ticket description (guest)",
    pad: " and the video stops after ten seconds",
    write: async (value) => {
      const res = await form(null, "/api/tickets", {
        email: `guest-${randomUUID()}@example.com`,
        subject_id: ids.subject!,
        description: value,
      });
      const id = dataId(res);
      return { res, read: () => inject(admin, "GET", `/api/af/tickets/${id}`) };
    },
  },
  {
    name: "lecture note",
    write: async (value) => {
      const url = `/api/iu/lectures/${ids.lecture}/note`;
      const res = await inject(learner, "PUT", url, { content: doc(value) });
      return { res, read: () => inject(learner, "GET", url) };
    },
  },
  {
    name: "lecture question",
    pad: " (a question long enough)",
    write: async (value) => {
      const url = `/api/iu/lectures/${ids.lecture}/questions`;
      const res = await inject(learner, "POST", url, { body: value });
      return { res, read: () => inject(learner, "GET", url) };
    },
  },
  {
    name: "profile names, address and city",
    write: async (value) => {
      const current = (await inject(learner, "GET", "/api/iu/profile")).json();
      const profile = current.data ?? current.profile ?? current;
      const res = await inject(learner, "PUT", "/api/iu/profile", {
        username: profile.username,
        email: profile.email,
        date_of_birth: profile.date_of_birth,
        gender: "female",
        first_name: value,
        last_name: value,
        address: value,
        city: value,
      });
      return { res, read: () => inject(learner, "GET", "/api/iu/profile") };
    },
  },
  {
    name: "login problem report (guest)",
    pad: " - I cannot sign in since yesterday, please help",
    write: async (value) => {
      const res = await inject(null, "POST", "/api/external-login-issues", {
        full_name: "Ana Test",
        account_identifier: "ana@example.com",
        contact_email: "ana@example.com",
        reason: "other",
        description: value,
      });
      // The answer names no id; the desk's list shows the newest first.
      return { res, read: () => inject(admin, "GET", "/api/af/external-login-issues") };
    },
  },
  // ---- written by administrators ----
  {
    name: "answer to a lecture question",
    write: async (value) => {
      const asked = await inject(learner, "POST", `/api/iu/lectures/${ids.lecture}/questions`, {
        body: "Why does the second example use usted?",
      });
      const res = await inject(admin, "POST", `/api/af/lesson/qas/${dataId(asked)}`, { answer: value });
      return { res, read: () => inject(learner, "GET", `/api/iu/lectures/${ids.lecture}/questions`) };
    },
  },
  {
    name: "ticket subject title",
    write: async (value) => {
      const res = await inject(admin, "POST", "/api/af/tickets/subjects", { title: both(value) });
      return { res, read: () => inject(null, "GET", "/api/tickets/subjects") };
    },
  },
  {
    name: "FAQ category and entry",
    write: async (value) => {
      const category = await inject(admin, "POST", "/api/af/faqs/categories", { name: both(value) });
      if (category.statusCode >= 300) return { res: category, read: async () => category };
      const res = await inject(admin, "POST", "/api/af/faqs/entries", {
        category_id: dataId(category),
        question: both(value),
        answer: both(value),
      });
      const id = dataId(res);
      return { res, read: () => inject(learner, "GET", `/api/iu/faqs/${id}`) };
    },
  },
  {
    name: "event title and description",
    write: async (value) => {
      const res = await inject(admin, "POST", "/api/af/events", {
        scope: "global",
        title: both(value),
        description: both(value),
        website_url: "https://example.com/event",
        starts_at: new Date(Date.now() + 86_400_000).toISOString(),
        ends_at: new Date(Date.now() + 2 * 86_400_000).toISOString(),
      });
      const id = dataId(res);
      return { res, read: () => inject(learner, "GET", `/api/iu/events/${id}`) };
    },
  },
  {
    name: "announcement title and description",
    write: async (value) => {
      const res = await inject(admin, "POST", "/api/af/global-notifications", {
        title: both(value),
        description: both(value),
      });
      const id = dataId(res);
      return { res, read: () => inject(admin, "GET", `/api/af/global-notifications/${id}`) };
    },
  },
  {
    name: "advert title",
    write: async (value) => {
      const body = multipart(
        {
          data: JSON.stringify({
            block_id: ids.block,
            title: both(value),
            link_url: "https://example.com/offer",
            starts_on: new Date().toISOString().slice(0, 10),
          }),
        },
        [{ field: "image", filename: "ad.png", content: pngBytes(5) }],
      );
      const res = await t.app.inject({
        method: "POST",
        url: "/api/af/adverts",
        headers: { ...admin.auth, ...body.headers },
        payload: body.payload,
      });
      return { res, read: () => inject(admin, "GET", `/api/af/adverts/${dataId(res)}`) };
    },
  },
  {
    name: "course title and descriptions",
    write: async (value) => {
      const res = await inject(admin, "POST", "/api/af/courses", {
        title_en: value,
        title_es: value,
        short_description_en: value,
        short_description_es: value,
        description_en: value,
        description_es: value,
        price_pence: 0,
        is_free: true,
      });
      return { res, read: () => inject(admin, "GET", `/api/af/courses/${dataId(res)}`) };
    },
  },
  {
    name: "shop product texts",
    write: async (value) => {
      const res = await inject(admin, "POST", "/api/af/products", {
        kind: "printed_book",
        title_en: value,
        title_es: value,
        authors: value,
        description_en: value,
        description_es: value,
        price: 20,
        status: "draft",
        bindings: [{ binding: "paperback", initial_stock: 1, book_binding_discount: 0 }],
      });
      return { res, read: () => inject(admin, "GET", `/api/af/products/${dataId(res)}`) };
    },
  },
  {
    name: "institution name and city",
    write: async (value) => {
      const res = await inject(admin, "POST", "/api/af/institutions", {
        name: value,
        kind: "school",
        city: value,
      });
      return { res, read: () => inject(admin, "GET", `/api/af/institutions/${dataId(res)}`) };
    },
  },
  {
    name: "permission group name and description",
    write: async (value) => {
      const res = await inject(head, "POST", "/api/ha/permission-groups", {
        name: value,
        description: value,
        permissions: [],
      });
      return { res, read: () => inject(head, "GET", `/api/ha/permission-groups/${dataId(res)}`) };
    },
  },
  {
    name: "coupon code (format: letters, digits, - and _ only)",
    expect: "refused",
    refusedField: "code",
    write: async (value) => {
      const res = await inject(admin, "POST", "/api/af/coupons", {
        code: value,
        discount_type: "percentage",
        value: 10,
      });
      return { res, read: async () => res };
    },
  },
];

/** Every string anywhere in a JSON answer. */
function strings(value: unknown, out: string[] = []): string[] {
  if (typeof value === "string") out.push(value);
  else if (Array.isArray(value)) for (const v of value) strings(v, out);
  else if (value && typeof value === "object") for (const v of Object.values(value)) strings(v, out);
  return out;
}

beforeAll(async () => {
  // Rate limits off: this file writes the same forms many times (rate-limits.test.ts covers them).
  t = await createTestApp({ rateLimits: false });
  learner = await buildLearner(t);
  admin = await buildAdmin(t, permissionNames);
  head = await buildHeadAdmin(t);
  const [subject] = await t.deps.db
    .insert(ticketSubjects)
    .values({ titleEn: "Technical problem", titleEs: "Problema técnico", position: 1 })
    .returning();
  ids.subject = subject!.id;
  const ticket = await form(learner, "/api/iu/tickets", {
    subject_id: ids.subject,
    description: "The video stops after ten seconds every time.",
  });
  ids.ticket = dataId(ticket);
  const course = await buildCourse(t, { levels: 1, modules: 1, lectures: 1 });
  await enrol(t, learner.id, course.id);
  ids.lecture = course.lectureIds[0]!;
  const block = await inject(admin, "POST", "/api/af/advertisement-blocks", {
    key: "injection_block",
    name: "Injection block",
    placement: "dashboard_sidebar",
  });
  ids.block = dataId(block);
}, 60_000);
afterAll(() => t.close());

describe("injection strings are stored and returned as text", () => {
  const cases = fields.flatMap((field) =>
    (Object.keys(injectionPayloads) as PayloadName[]).map((p) => [`${field.name}: ${p}`, field, p] as const),
  );
  it.each(cases)("%s", async (_name, field, payload) => {
    const value = `${injectionPayloads[payload]}${field.pad ?? ""}`;
    const { res, read } = await field.write(value);
    if (field.expect === "refused") {
      expect(res.statusCode, res.body).toBe(422);
      expect(json(res).errors?.[field.refusedField!]?.length, res.body).toBeGreaterThan(0);
      return;
    }
    expect(res.statusCode, `${field.name} write: ${res.body}`).toBeLessThan(300);
    const back = await read();
    expect(back.statusCode, back.body).toBe(200);
    expect(strings(back.json()), `${field.name} read back`).toContain(value);
  });

  it("still has its tables after the SQL payloads", async () => {
    const res = await t.deps.pool.query("select count(*)::int as n from users");
    expect(res.rows[0].n).toBeGreaterThan(0);
  });

  it.each(fields.map((f) => [f.name, f] as const))(
    "never answers 500 to a NUL byte: %s",
    async (_n, field) => {
      const { res, read } = await field.write(`nul\u0000byte${field.pad ?? " here"}`);
      expect(res.statusCode, res.body).toBeLessThan(500);
      if (res.statusCode < 300) expect((await read()).body).not.toContain("\\u0000");
    },
  );
});
