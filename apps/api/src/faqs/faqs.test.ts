import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BuiltUser, buildAdmin, buildLearner } from "../../test/factories";
import { createTestApp, type TestApp } from "../../test/test-app";

let t: TestApp;
let categoryManager: BuiltUser;
let faqManager: BuiltUser;
let learner: BuiltUser;

beforeAll(async () => {
  t = await createTestApp();
  categoryManager = await buildAdmin(t, ["isFaqCategoryManager"]);
  faqManager = await buildAdmin(t, ["isFaqManager"]);
  learner = await buildLearner(t);
});
afterAll(() => t.close());

async function category(en: string, es: string, position = 0, active = true) {
  const res = await t.app.inject({
    method: "POST",
    url: "/api/af/faqs/categories",
    headers: categoryManager.auth,
    payload: { name: { en, es }, position, active },
  });
  expect(res.statusCode).toBe(201);
  return res.json().data.id as number;
}

async function entry(categoryId: number, question: [string, string], answer: [string, string], extra = {}) {
  const res = await t.app.inject({
    method: "POST",
    url: "/api/af/faqs/entries",
    headers: faqManager.auth,
    payload: {
      category_id: categoryId,
      question: { en: question[0], es: question[1] },
      answer: { en: answer[0], es: answer[1] },
      ...extra,
    },
  });
  expect(res.statusCode).toBe(201);
  return res.json().data.id as number;
}

describe("FAQs", () => {
  let payments: number;
  let account: number;
  let refundId: number;
  let hiddenId: number;

  beforeAll(async () => {
    account = await category("Your account", "Tu cuenta", 2);
    payments = await category("Payments", "Pagos", 1);
    refundId = await entry(
      payments,
      ["How do I get a refund?", "¿Cómo pido un reembolso?"],
      [
        "Open a ticket with the subject Billing within 14 days.",
        "Abre un ticket con el asunto Facturación en un plazo de 14 días.",
      ],
    );
    await entry(
      payments,
      ["Which cards do you accept?", "¿Qué tarjetas aceptáis?"],
      ["Visa and Mastercard.", "Visa y Mastercard."],
      { position: 5 },
    );
    await entry(
      account,
      ["How do I change my password?", "¿Cómo cambio mi contraseña?"],
      ["Go to Profile, then Change password.", "Ve a Perfil y luego a Cambiar contraseña."],
    );
    hiddenId = await entry(
      account,
      ["A draft question?", "¿Una pregunta en borrador?"],
      ["Not ready to be published.", "Aún no está lista."],
      { active: false },
    );
  });

  it("lists published entries grouped by category, in order, for guests and learners", async () => {
    const res = await t.app.inject({ url: "/api/faqs" });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.data.map((c: { name: { en: string } }) => c.name.en)).toEqual(["Payments", "Your account"]);
    expect(body.data[0].entries.map((e: { question: { en: string } }) => e.question.en)).toEqual([
      "How do I get a refund?",
      "Which cards do you accept?",
    ]);
    expect(body.total).toBe(3);
    const mine = await t.app.inject({ url: "/api/iu/faqs", headers: learner.auth });
    expect(mine.json()).toEqual(body);
    expect((await t.app.inject({ url: "/api/iu/faqs" })).statusCode).toBe(401);
  });

  it("searches questions and answers in both languages", async () => {
    const en = (await t.app.inject({ url: "/api/faqs?search=REFUND" })).json();
    expect(en.total).toBe(1);
    expect(en.data[0].entries[0].id).toBe(refundId);
    const es = (await t.app.inject({ url: "/api/iu/faqs?search=contraseña", headers: learner.auth })).json();
    expect(es.data).toHaveLength(1);
    expect(es.data[0].entries[0].question.es).toBe("¿Cómo cambio mi contraseña?");
    const wildcard = (await t.app.inject({ url: "/api/faqs?search=%25" })).json();
    expect(wildcard.total).toBe(0);
    const draft = (await t.app.inject({ url: "/api/faqs?search=draft" })).json();
    expect(draft.total).toBe(0);
    const byCategory = (await t.app.inject({ url: `/api/faqs?category_id=${account}` })).json();
    expect(byCategory.total).toBe(1);
  });

  it("shows one entry with related questions; a draft is not found", async () => {
    const res = (await t.app.inject({ url: `/api/faqs/${refundId}` })).json();
    expect(res.data).toMatchObject({
      id: refundId,
      category: { id: payments, name: { en: "Payments", es: "Pagos" } },
    });
    expect(res.related.map((e: { question: { en: string } }) => e.question.en)).toEqual([
      "Which cards do you accept?",
    ]);
    const draft = await t.app.inject({ url: `/api/faqs/${hiddenId}`, headers: { "x-language-id": "2" } });
    expect(draft.statusCode).toBe(404);
    expect(draft.json().message).toBe("Pregunta frecuente no encontrada");
    const categories = (await t.app.inject({ url: "/api/faqs/categories" })).json().data;
    expect(categories).toEqual([
      { id: payments, name: { en: "Payments", es: "Pagos" }, entries_count: 2 },
      { id: account, name: { en: "Your account", es: "Tu cuenta" }, entries_count: 1 },
    ]);
  });

  it("administers categories and entries with their own permissions", async () => {
    const list = await t.app.inject({
      url: `/api/af/faqs/entries?category_id=${account}`,
      headers: faqManager.auth,
    });
    expect(list.json().total).toBe(2);
    const updated = await t.app.inject({
      method: "PUT",
      url: `/api/af/faqs/entries/${hiddenId}`,
      headers: faqManager.auth,
      payload: {
        category_id: account,
        question: { en: "Can I have two accounts?", es: "¿Puedo tener dos cuentas?" },
        answer: { en: "One account per person.", es: "Una cuenta por persona." },
        active: true,
      },
    });
    expect(updated.json().data).toMatchObject({ active: true, question: { en: "Can I have two accounts?" } });
    const invalid = await t.app.inject({
      method: "POST",
      url: "/api/af/faqs/entries",
      headers: faqManager.auth,
      payload: {
        category_id: 999999,
        question: { en: "Hi?", es: "" },
        answer: { en: "Hello there", es: "Hola a todos" },
      },
    });
    expect(invalid.statusCode).toBe(422);
    expect(invalid.json().errors["question.en"]).toEqual(["Minimum allowed characters is 5"]);
    expect(invalid.json().errors["question.es"][0]).toBe("This field is required");
    const inUse = await t.app.inject({
      method: "DELETE",
      url: `/api/af/faqs/categories/${account}`,
      headers: categoryManager.auth,
    });
    expect(inUse.statusCode).toBe(409);
    const empty = await category("Empty", "Vacía");
    const removed = await t.app.inject({
      method: "DELETE",
      url: `/api/af/faqs/categories/${empty}`,
      headers: categoryManager.auth,
    });
    expect(removed.json()).toEqual({ message: "The FAQ category has been deleted" });
    // An FAQ manager reads the categories to file an entry under one, but may not change them.
    const read = await t.app.inject({ url: "/api/af/faqs/categories", headers: faqManager.auth });
    expect(read.statusCode).toBe(200);
    const crossed = await t.app.inject({
      method: "DELETE",
      url: `/api/af/faqs/categories/${account}`,
      headers: faqManager.auth,
    });
    expect(crossed.statusCode).toBe(403);
  });
});
