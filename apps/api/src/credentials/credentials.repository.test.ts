/** The credentials' statements: their text, the status lists' entries and the issuer keys' lock. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildLearner } from "../../test/factories";
import { createTestApp, type TestApp } from "../../test/test-app";
import { buildCourse } from "../catalog/catalog.fixtures";
import { certificates } from "../db/schema/index";
import { statementTexts } from "../db/statement-text";
import { transaction } from "../db/transaction";
import {
  highestCertificateId,
  issuerKeysLock,
  lockIssuerKeys,
  revokedCertificates,
  statusListEntries,
  suspendedCertificates,
} from "./credentials.repository";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("credentials statements", () => {
  it("keep their text", () => {
    expect(
      statementTexts(
        {
          issuerKeysLock,
          revokedCertificates,
          suspendedCertificates,
          highestCertificateId,
        },
        { params: true },
      ),
    ).toMatchSnapshot();
  });

  it("name the revoked and the suspended certificates and the highest id", async () => {
    expect(await statusListEntries(t.deps.db, "revocation")).toEqual({ ids: [], maxId: 0 });
    // One title certificate per learner and title: three learners.
    const learners = [await buildLearner(t), await buildLearner(t), await buildLearner(t)];
    const course = await buildCourse(t, { levels: 1, lectures: 1 });
    const certificate = (n: number, marks: { revokedAt?: Date; suspendedAt?: Date }) => ({
      userId: learners[n]!.id,
      kind: "title" as const,
      courseId: course.id,
      itemId: course.id,
      itemTitleEn: "Title",
      itemTitleEs: "Título",
      code: `CODE-${n}`,
      ...marks,
    });
    const rows = await t.deps.db
      .insert(certificates)
      .values([
        certificate(0, { revokedAt: new Date() }),
        certificate(1, { suspendedAt: new Date() }),
        certificate(2, {}),
      ])
      .returning({ id: certificates.id });
    const [revoked, suspended, valid] = rows.map((r) => r.id);
    expect(await statusListEntries(t.deps.db, "revocation")).toEqual({ ids: [revoked], maxId: valid });
    expect(await statusListEntries(t.deps.db, "suspension")).toEqual({ ids: [suspended], maxId: valid });
  });

  it("hold the issuer keys' lock until the transaction ends", async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let locked!: () => void;
    const isLocked = new Promise<void>((resolve) => {
      locked = resolve;
    });
    const first = transaction(t.deps.db, async (tx) => {
      await lockIssuerKeys(tx);
      locked();
      await held;
    });
    await isLocked;
    const probe = "SELECT pg_try_advisory_xact_lock(hashtext('aprendo.issuer_keys')) AS got";
    const tryLock = () =>
      transaction(t.deps.db, async (tx) => (await tx.execute<{ got: boolean }>(probe)).rows[0]!.got);
    expect(await tryLock()).toBe(false);
    release();
    await first;
    expect(await tryLock()).toBe(true);
  });
});
