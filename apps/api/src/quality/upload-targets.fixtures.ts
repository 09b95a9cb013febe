/**
 * What the upload tests upload to: a learner and a full administrator, a ticket subject and an open
 * ticket, a title with one lecture, an advert block and a product. Also the files in storage, to
 * prove a refused upload left none.
 */
import { readdir } from "node:fs/promises";
import path from "node:path";
import { permissionNames } from "@aprendo/contract";
import { expect } from "vitest";
import { type BuiltUser, buildAdmin, buildLearner } from "../../test/factories";
import type { TestApp } from "../../test/test-app";
import { buildCourse } from "../catalog/catalog.fixtures";
import { ticketSubjects } from "../db/schema/index";
import { multipart } from "../tickets/test-support";

export type UploadTargets = {
  learner: BuiltUser;
  admin: BuiltUser;
  subject: number;
  ticket: number;
  course: number;
  lecture: number;
  block: number;
  product: number;
};

export async function buildUploadTargets(t: TestApp): Promise<UploadTargets> {
  const learner = await buildLearner(t);
  const admin = await buildAdmin(t, permissionNames);
  const [subject] = await t.deps.db
    .insert(ticketSubjects)
    .values({ titleEn: "Technical problem", titleEs: "Problema técnico", position: 1 })
    .returning();
  const form = multipart({
    subject_id: subject!.id,
    description: "The video stops after ten seconds every time.",
  });
  const ticket = await t.app.inject({
    method: "POST",
    url: "/api/iu/tickets",
    headers: { ...learner.auth, ...form.headers },
    payload: form.payload,
  });
  expect(ticket.statusCode, ticket.body).toBe(201);
  const course = await buildCourse(t, { levels: 1, modules: 1, lectures: 1 });
  const block = await t.app.inject({
    method: "POST",
    url: "/api/af/advertisement-blocks",
    headers: admin.auth,
    payload: {
      key: "security_block",
      name: "Security block",
      description: "For the upload tests",
      placement: "dashboard_sidebar",
    },
  });
  expect(block.statusCode, block.body).toBe(201);
  const product = await t.app.inject({
    method: "POST",
    url: "/api/af/products",
    headers: admin.auth,
    payload: {
      kind: "printed_book",
      title_en: "Security book",
      title_es: "Libro de seguridad",
      authors: "Lucía Ortega",
      price: 20,
      status: "published",
      bindings: [{ binding: "paperback", initial_stock: 1, book_binding_discount: 0 }],
    },
  });
  expect(product.statusCode, product.body).toBe(201);
  return {
    learner,
    admin,
    subject: subject!.id,
    ticket: ticket.json().data.id,
    course: course.id,
    lecture: course.lectureIds[0]!,
    block: block.json().data.id,
    product: product.json().id,
  };
}

/** Every file under a folder (the test app's storage). */
export async function filesIn(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
}
