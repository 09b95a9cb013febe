/** Test helpers: a learner who completed a title, and a learner whose profile passes the §6 gate. */
import { eq } from "drizzle-orm";
import type { TestApp } from "../../test/test-app";
import { buildCourse, enrol } from "../catalog/catalog.fixtures";
import { lectureProgress, userProfiles } from "../db/schema/index";

export async function completeTitle(t: TestApp, userId: number) {
  const course = await buildCourse(t, { levels: 1, modules: 1, lectures: 2, duration: 20 });
  await enrol(t, userId, course.id);
  for (const lectureId of course.lectureIds)
    await t.deps.db.insert(lectureProgress).values({
      userId,
      lectureId,
      courseId: course.id,
      videoWatchedAt: new Date(),
      completedAt: new Date(),
    });
  return course;
}

export async function verifyProfile(t: TestApp, userId: number) {
  await t.deps.db
    .update(userProfiles)
    .set({
      gender: "female",
      address: "1 High Street",
      city: "London",
      country: "GB",
      postalCode: "SW1A 1AA",
      occupation: "engineering",
      photoKey: "private/photos/x.jpg",
      photoStatus: "completed",
      identityKey: "private/identity/x.pdf",
      identityStatus: "completed",
    })
    .where(eq(userProfiles.userId, userId));
}
