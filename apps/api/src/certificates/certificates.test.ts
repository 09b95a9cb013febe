import { writeFileSync } from "node:fs";
import { eq } from "drizzle-orm";
import { PDFDocument } from "pdf-lib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildAdmin, buildLearner } from "../../test/factories";
import { createTestApp, type TestApp } from "../../test/test-app";
import { buildCourse, enrol } from "../catalog/catalog.fixtures";
import { lectureProgress, notifications, users } from "../db/schema/index";
import { buildQuizCourse, enrolAndComplete, giveExamAccess, rightAnswer } from "../quizzes/quizzes.fixtures";
import { completeTitle, verifyProfile } from "./certificates.fixtures";
import { issueDueCertificates } from "./certificates.service";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("certificates", () => {
  it("issues one title certificate when every lecture is complete, and notifies (type 3)", async () => {
    const me = await buildLearner(t);
    const course = await buildCourse(t, { levels: 1, modules: 1, lectures: 2, duration: 20 });
    await enrol(t, me.id, course.id);
    await t.deps.db.insert(lectureProgress).values({
      userId: me.id,
      lectureId: course.lectureIds[0]!,
      courseId: course.id,
      completedAt: new Date(),
    });
    expect(await issueDueCertificates({ db: t.deps.db }, me.id)).toEqual([]);
    await t.deps.db.insert(lectureProgress).values({
      userId: me.id,
      lectureId: course.lectureIds[1]!,
      courseId: course.id,
      completedAt: new Date(),
    });
    const issued = await issueDueCertificates({ db: t.deps.db }, me.id);
    expect(issued).toHaveLength(1);
    expect(await issueDueCertificates({ db: t.deps.db }, me.id)).toEqual([]);
    const notes = await t.deps.db.select().from(notifications).where(eq(notifications.userId, me.id));
    expect(notes.find((n) => n.type === 3)?.action).toMatchObject({ redirect: { id: issued[0] } });
  });

  it("locks viewing and downloading until the profile is complete and verified, then serves the PDF", async () => {
    const me = await buildLearner(t);
    await completeTitle(t, me.id);
    const list = await t.app.inject({ url: "/api/iu/certificates", headers: me.auth });
    expect(list.statusCode).toBe(200);
    expect(list.json()).toMatchObject({ locked: true, missing: ["profile", "photo", "identity"] });
    const id = list.json().data[0].id;
    const locked = await t.app.inject({ url: `/api/iu/certificates/${id}/pdf`, headers: me.auth });
    expect(locked.statusCode).toBe(403);
    expect(locked.json().message).toMatch(/Complete your profile/);

    await verifyProfile(t, me.id);
    const pdf = await t.app.inject({ url: `/api/iu/certificates/${id}/pdf`, headers: me.auth });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers["content-type"]).toBe("application/pdf");
    const doc = await PDFDocument.load(pdf.rawPayload);
    expect(doc.getPageCount()).toBe(1);
  });

  it("draws names beyond Latin-1 (Łukasz Żółć, Nguyễn) in a valid PDF with an embedded Unicode font", async () => {
    const me = await buildLearner(t);
    await t.deps.db
      .update(users)
      .set({ firstName: "Łukasz Nguyễn", lastName: "Żółć" })
      .where(eq(users.id, me.id));
    await completeTitle(t, me.id);
    await verifyProfile(t, me.id);
    const id = (await t.app.inject({ url: "/api/iu/certificates", headers: me.auth })).json().data[0].id;
    const res = await t.app.inject({ url: `/api/iu/certificates/${id}/pdf`, headers: me.auth });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/pdf");
    const bytes = new Uint8Array(res.rawPayload);
    expect((await PDFDocument.load(bytes)).getPageCount()).toBe(1);
    if (process.env.CERTIFICATE_PDF_OUT) writeFileSync(process.env.CERTIFICATE_PDF_OUT, bytes);
    // The text as a PDF reader extracts it (through the embedded font's ToUnicode map).
    const pdfjs = await import("pdfjs-dist/legacy/build/pdf.mjs");
    const doc = await pdfjs.getDocument({ data: bytes, useSystemFonts: false }).promise;
    const page = await doc.getPage(1);
    const content = await page.getTextContent();
    const text = content.items.map((item) => ("str" in item ? item.str : "")).join(" ");
    expect(text).toContain("Łukasz Nguyễn Żółć");
    await doc.cleanup();
  });

  it("refuses another learner's certificate", async () => {
    const me = await buildLearner(t);
    const other = await buildLearner(t);
    await completeTitle(t, me.id);
    await verifyProfile(t, other.id);
    const id = (await t.app.inject({ url: "/api/iu/certificates", headers: me.auth })).json().data[0].id;
    for (const url of [`/api/iu/certificates/${id}`, `/api/iu/certificates/${id}/pdf`]) {
      const res = await t.app.inject({ url, headers: other.auth });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe("Certificate not found");
    }
  });

  it("verifies a real code publicly, says unknown for a fake one, and shows revocation", async () => {
    const me = await buildLearner(t);
    await t.deps.db.update(users).set({ firstName: "Ana", lastName: "Real" }).where(eq(users.id, me.id));
    await completeTitle(t, me.id);
    const cert = (await t.app.inject({ url: "/api/iu/certificates", headers: me.auth })).json().data[0];
    expect(cert.verify_url).toContain(`/certificates/verify/${cert.code}`);
    const real = await t.app.inject({ url: `/api/certificates/verify/${cert.code}` });
    expect(real.json()).toMatchObject({ status: "valid", learner_name: "Ana Real", kind: "title" });
    const fake = await t.app.inject({ url: "/api/certificates/verify/ABCDEFGHJKLMNPQR" });
    expect(fake.json()).toMatchObject({ status: "unknown", learner_name: null });

    const admin = await buildAdmin(t, ["isUserManager"]);
    const found = await t.app.inject({ url: `/api/af/certificates?q=${cert.code}`, headers: admin.auth });
    expect(found.json().data.map((c: { id: number }) => c.id)).toEqual([cert.id]);
    expect((await t.app.inject({ url: "/api/af/certificates", headers: me.auth })).statusCode).toBe(403);
    const revoke = await t.app.inject({
      method: "POST",
      url: `/api/af/certificates/${cert.id}/revoke`,
      headers: admin.auth,
      payload: { reason: "Issued by mistake" },
    });
    expect(revoke.statusCode).toBe(200);
    expect((await t.app.inject({ url: `/api/certificates/verify/${cert.code}` })).json().status).toBe(
      "revoked",
    );

    // The administrator opens the certificate itself in the browser (inline), revoked as it now is;
    // a learner cannot open another's through that address.
    const pdf = await t.app.inject({ url: `/api/af/certificates/${cert.id}/pdf`, headers: admin.auth });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers["content-type"]).toBe("application/pdf");
    expect(pdf.headers["content-disposition"]).toBe(`inline; filename="certificate-${cert.code}.pdf"`);
    expect((await PDFDocument.load(pdf.rawPayload)).getPageCount()).toBe(1);
    const other = await buildLearner(t);
    const refused = await t.app.inject({ url: `/api/af/certificates/${cert.id}/pdf`, headers: other.auth });
    expect(refused.statusCode).toBe(403);
  });

  it("issues a module certificate when the module exam is passed (quiz engine hook), without needing verification to take it", async () => {
    const me = await buildLearner(t);
    const course = await buildQuizCourse(t);
    // The module's lectures completed: its exam opens (the title page's lock).
    await enrolAndComplete(t, me, course);
    await giveExamAccess(t, me.id, course.moduleExamId);
    const path = `/api/iu/course-modules/${course.moduleIds[0]}/quiz/attempt`;
    const started = await t.app.inject({ method: "POST", url: path, headers: me.auth });
    expect(started.statusCode, started.body).toBe(201);
    const attempt = started.json() as { id: number; questions: Array<{ id: number; type: string }> };
    for (const q of attempt.questions)
      await t.app.inject({
        method: "PUT",
        url: `/api/iu/quiz-attempts/${attempt.id}/answers/${q.id}`,
        headers: me.auth,
        payload: { answer: rightAnswer(q as never) },
      });
    const submitted = await t.app.inject({
      method: "POST",
      url: `/api/iu/quiz-attempts/${attempt.id}/submit`,
      headers: me.auth,
    });
    expect(submitted.json()).toMatchObject({ passed: true });
    const list = (await t.app.inject({ url: "/api/iu/certificates", headers: me.auth })).json();
    // Its lectures are all completed too, so the title's own certificate may come with it.
    expect(list.data).toContainEqual(expect.objectContaining({ kind: "module" }));
    const notes = await t.deps.db.select().from(notifications).where(eq(notifications.userId, me.id));
    expect(notes.filter((n) => n.type === 3)).toHaveLength(list.data.length);
  });
});
