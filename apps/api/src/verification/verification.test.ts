import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BuiltUser, buildAdmin, buildHeadAdmin, buildLearner } from "../../test/factories";
import { createTestApp, type TestApp } from "../../test/test-app";
import { multipart, samplePdf, samplePng } from "../catalog/catalog.fixtures";
import { identityDocumentReads, notifications } from "../db/schema/index";
import { portrait, withExifDate } from "../profile/profile.fixtures";
import { borderStats, exifDate, isWhiteBackground, olderThanMonths, takenAt } from "./photo-checks";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const upload = (
  kind: "photo" | "identity",
  auth: { authorization: string },
  data: Buffer,
  filename = "me.jpg",
  contentType = "image/jpeg",
) => {
  const body = multipart({}, { filename, contentType, data });
  return t.app.inject({
    method: "POST",
    url: `/api/iu/profile/${kind}`,
    headers: { ...auth, ...body.headers },
    payload: body.payload,
  });
};

describe("photo checks (pure)", () => {
  it("reads the EXIF date and judges its age", async () => {
    const date = new Date(Date.UTC(2020, 4, 6, 10, 0, 0));
    const taken = await takenAt(withExifDate(portrait(), date));
    expect(taken?.getUTCFullYear()).toBe(2020);
    expect(await takenAt(portrait())).toBeNull();
    expect(olderThanMonths(date, 6)).toBe(true);
    expect(olderThanMonths(new Date(), 6)).toBe(false);
  });
  it("reads the date an EXIF writer records, and no date from a cut, foreign or missing block", async () => {
    const photo = await sharp({ create: { width: 20, height: 20, channels: 3, background: "#fff" } })
      .withExif({ IFD2: { DateTimeOriginal: "2020:05:06 10:11:12" } })
      .jpeg()
      .toBuffer();
    expect(await takenAt(photo)).toEqual(new Date(Date.UTC(2020, 4, 6, 10, 11, 12)));
    const { exif } = await sharp(photo).metadata();
    expect(exifDate(exif!.subarray(0, 30))).toBeNull();
    expect(exifDate(Buffer.from("Exif\0\0not a TIFF structure"))).toBeNull();
    expect(await takenAt(Buffer.from("not a picture"))).toBeNull();
  });
  it("judges the background by the border pixels", () => {
    const px = (w: number, h: number, c: [number, number, number]) => {
      const d = new Uint8Array(w * h * 4);
      for (let i = 0; i < w * h; i++) d.set([...c, 255], i * 4);
      return d;
    };
    expect(isWhiteBackground(borderStats(px(50, 50, [250, 250, 250]), 50, 50))).toBe(true);
    expect(isWhiteBackground(borderStats(px(50, 50, [40, 90, 200]), 50, 50))).toBe(false);
    expect(isWhiteBackground(borderStats(px(50, 50, [120, 120, 120]), 50, 50))).toBe(false);
  });
});

describe("photo upload rules", () => {
  it("refuses a PNG renamed to .jpg, by its content", async () => {
    const me = await buildLearner(t);
    const res = await upload("photo", me.auth, samplePng(), "me.jpg");
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toBe("The profile image must be .jpeg or .jpg");
  });
  it("refuses a file over 10 MB", async () => {
    const me = await buildLearner(t);
    const big = Buffer.concat([portrait(), Buffer.alloc(10 * 1024 * 1024)]);
    const res = await upload("photo", me.auth, big);
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe("The file is too large: the maximum is 10 MB");
  });
  it("refuses a photo taken more than 6 months ago", async () => {
    const me = await buildLearner(t);
    const res = await upload("photo", me.auth, withExifDate(portrait(), new Date(Date.UTC(2021, 0, 1))));
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.file).toEqual(["The photo must have been taken within the last 6 months"]);
  });
  it("marks a non-white background failed with the reason, and refuses the same file twice", async () => {
    const me = await buildLearner(t);
    const blue = portrait([30, 80, 200]);
    const res = await upload("photo", me.auth, blue);
    expect(res.statusCode).toBe(200);
    expect(res.json().profile.photo).toEqual({
      status: "failed",
      failure_reason: "The photo must have a plain white background",
      uploaded: true,
    });
    const again = await upload("photo", me.auth, blue);
    expect(again.statusCode).toBe(409);
  });
  it("accepts a recent white-background JPEG as processing (under verification)", async () => {
    const me = await buildLearner(t);
    const res = await upload("photo", me.auth, withExifDate(portrait(), new Date()));
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe("The profile picture is under verification");
    expect(res.json().profile.photo.status).toBe("processing");
    const own = await t.app.inject({ url: "/api/iu/profile/photo", headers: me.auth });
    expect(own.statusCode).toBe(200);
    expect(own.headers["content-type"]).toBe("image/jpeg");
  });
});

describe("identity document and review", () => {
  it("accepts a PDF, keeps it private, logs every read, and lets a user manager approve or reject", async () => {
    const me = await buildLearner(t);
    const other = await buildLearner(t);
    const reviewer = await buildAdmin(t, ["isUserManager"]);
    const outsider = await buildAdmin(t, ["isFaqManager"]);
    expect(
      (await upload("identity", me.auth, Buffer.from("not a document at all"), "id.pdf", "application/pdf"))
        .statusCode,
    ).toBe(415);
    const res = await upload("identity", me.auth, samplePdf(), "id.pdf", "application/pdf");
    expect(res.statusCode).toBe(200);
    expect(res.json().profile.identity.status).toBe("processing");

    const queue = await t.app.inject({ url: "/api/af/pending-approval-requests", headers: reviewer.auth });
    expect(queue.json().data.map((r: { user_id: number }) => r.user_id)).toContain(me.id);
    expect(
      (await t.app.inject({ url: "/api/af/pending-approval-requests", headers: outsider.auth })).statusCode,
    ).toBe(403);
    expect(
      (
        await t.app.inject({
          url: `/api/af/pending-approval-requests/${me.id}/identity`,
          headers: other.auth,
        })
      ).statusCode,
    ).toBe(403);

    const read = await t.app.inject({
      url: `/api/af/pending-approval-requests/${me.id}/identity`,
      headers: reviewer.auth,
    });
    expect(read.statusCode).toBe(200);
    expect(read.headers["content-type"]).toBe("application/pdf");
    const log = await t.deps.db
      .select()
      .from(identityDocumentReads)
      .where(eq(identityDocumentReads.ownerId, me.id));
    expect(log).toHaveLength(1);
    expect(log[0]!.readerId).toBe(reviewer.id);

    const noReason = await t.app.inject({
      method: "POST",
      url: `/api/af/pending-approval-requests/${me.id}/identity`,
      headers: reviewer.auth,
      payload: { decision: "reject" },
    });
    expect(noReason.statusCode).toBe(422);
    const reject = await t.app.inject({
      method: "POST",
      url: `/api/af/pending-approval-requests/${me.id}/identity`,
      headers: reviewer.auth,
      payload: { decision: "reject", reason: "The document is blurred" },
    });
    expect(reject.statusCode).toBe(200);
    let profile = (await t.app.inject({ url: "/api/iu/profile", headers: me.auth })).json();
    expect(profile.identity).toMatchObject({ status: "failed", failure_reason: "The document is blurred" });
    await upload(
      "identity",
      me.auth,
      Buffer.concat([samplePdf(), Buffer.from("\n%again")]),
      "id.pdf",
      "application/pdf",
    );
    const decide = () =>
      t.app.inject({
        method: "POST",
        url: `/api/af/pending-approval-requests/${me.id}/identity`,
        headers: reviewer.auth,
        payload: { decision: "approve" },
      });
    // The new upload is a new file: the reviewer opened the old one only, so approving is refused.
    const unseen = await decide();
    expect(unseen.statusCode).toBe(409);
    expect(unseen.json().message).toBe("Open the document before approving it");
    await t.app.inject({
      url: `/api/af/pending-approval-requests/${me.id}/identity`,
      headers: reviewer.auth,
    });
    const approve = await decide();
    expect(approve.statusCode).toBe(200);
    profile = (await t.app.inject({ url: "/api/iu/profile", headers: me.auth })).json();
    expect(profile.identity.status).toBe("completed");
    const notes = await t.deps.db.select().from(notifications).where(eq(notifications.userId, me.id));
    expect(notes.map((n) => n.title.en)).toEqual(
      expect.arrayContaining(["Identity document rejected", "Identity document approved"]),
    );
  });
});

describe("reviewing before approving", () => {
  it("refuses to approve a photo nobody opened, counts only the approver's own look, and audits who looked and decided", async () => {
    const me = await buildLearner(t);
    const first = await buildAdmin(t, ["isUserManager"]);
    const second = await buildAdmin(t, ["isUserManager"]);
    const head = await buildHeadAdmin(t);
    expect((await upload("photo", me.auth, portrait())).statusCode).toBe(200);
    const url = `/api/af/pending-approval-requests/${me.id}/photo`;
    const approve = (who: BuiltUser) =>
      t.app.inject({ method: "POST", url, headers: who.auth, payload: { decision: "approve" } });

    expect((await approve(first)).statusCode).toBe(409);
    expect((await t.app.inject({ url, headers: first.auth })).statusCode).toBe(200);
    // Another reviewer's look does not count for someone who has not looked.
    expect((await approve(second)).statusCode).toBe(409);
    expect((await approve(first)).statusCode).toBe(200);
    expect((await t.app.inject({ url: "/api/iu/profile", headers: me.auth })).json().photo.status).toBe(
      "completed",
    );

    const log = (
      await t.app.inject({ url: `/api/ha/audit-log?entity=user&entity_id=${me.id}`, headers: head.auth })
    ).json().data as { action: string; actor: { username: string }; after: Record<string, unknown> }[];
    expect(log.map((r) => [r.action, r.actor.username])).toEqual([
      ["verification.approve", first.username],
      ["verification.viewed", first.username],
    ]);
    expect(log[0]!.after).toMatchObject({ kind: "photo", status: "completed" });
    expect(log[1]!.after).toMatchObject({ kind: "photo" });
  });

  it("lets a reviewer reject without opening, with a reason, and audits it", async () => {
    const me = await buildLearner(t);
    const reviewer = await buildAdmin(t, ["isUserManager"]);
    const head = await buildHeadAdmin(t);
    await upload("identity", me.auth, samplePdf(), "id.pdf", "application/pdf");
    const reject = await t.app.inject({
      method: "POST",
      url: `/api/af/pending-approval-requests/${me.id}/identity`,
      headers: reviewer.auth,
      payload: { decision: "reject", reason: "Upload the whole page" },
    });
    expect(reject.statusCode).toBe(200);
    const log = (
      await t.app.inject({ url: `/api/ha/audit-log?entity=user&entity_id=${me.id}`, headers: head.auth })
    ).json().data;
    expect(log[0]).toMatchObject({
      action: "verification.reject",
      after: { kind: "identity", status: "failed", reason: "Upload the whole page" },
    });
  });
});
