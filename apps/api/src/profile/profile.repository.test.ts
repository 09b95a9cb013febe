/** The profile's statement: its text and that it makes a missing profile row, once, for a real user only. */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildAdmin } from "../../test/factories";
import { createTestApp, type TestApp } from "../../test/test-app";
import { userProfiles } from "../db/schema/index";
import { statementTexts } from "../db/statement-text";
import { insertMissingProfile, insertProfileIfMissing } from "./profile.repository";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("profile statements", () => {
  it("keep their text", () => {
    expect(statementTexts(insertMissingProfile(7), { params: true })).toMatchSnapshot();
  });

  it("create a missing profile row once, and none for an id that names no user", async () => {
    // Administrators are built without a profile row.
    const admin = await buildAdmin(t);
    const profileOf = (userId: number) =>
      t.deps.db.select().from(userProfiles).where(eq(userProfiles.userId, userId));
    expect(await profileOf(admin.id)).toHaveLength(0);
    await insertProfileIfMissing(t.deps.db, admin.id);
    await insertProfileIfMissing(t.deps.db, admin.id);
    expect(await profileOf(admin.id)).toHaveLength(1);
    await insertProfileIfMissing(t.deps.db, 2_000_000_000);
    expect(await profileOf(2_000_000_000)).toHaveLength(0);
  });
});
