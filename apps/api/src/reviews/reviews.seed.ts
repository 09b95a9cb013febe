/**
 * Demo ratings and reviews: reviewer learners (password as the demo learner's) who
 * completed part of the published titles and rated them, in both languages; nora is enrolled in
 * Everyday Spanish past the 20 % share without a review yet, so she can rate it in the demo and the
 * browser journey. The title aggregates are recounted from the rows at the end.
 */
import { and, asc, eq, inArray } from "drizzle-orm";
import { grantEnrolment } from "../catalog/catalog.service";
import type { DbOrTx } from "../db/client";
import { courseReviews, courses, lectureProgress, lectures, users } from "../db/schema/index";
import type { Seeder } from "../seed/seed";
import { recountRatings } from "./reviews.service";

const reviewers = [
  { username: "marta", firstName: "Marta", lastName: "Ruiz" },
  { username: "tom", firstName: "Tom", lastName: "Baker" },
  { username: "lucia", firstName: "Lucía", lastName: "Fernández" },
  { username: "sam", firstName: "Sam", lastName: "Okafor" },
  { username: "nora", firstName: "Nora", lastName: "Quinn" },
] as const;

type ReviewSeed = {
  by: (typeof reviewers)[number]["username"];
  rating: number;
  body: string;
  daysAgo: number;
};

const reviewsByTitle: Record<string, ReviewSeed[]> = {
  "Everyday Spanish": [
    {
      by: "marta",
      rating: 5,
      body: "Clear, friendly and practical. After two weeks I ordered lunch in Madrid without switching to English!",
      daysAgo: 3,
    },
    {
      by: "tom",
      rating: 4,
      body: "Great pace for a total beginner. I would love a few more listening exercises per module.",
      daysAgo: 9,
    },
    {
      by: "lucia",
      rating: 5,
      body: "Se lo recomendé a mi pareja para practicar juntos: las situaciones son reales y los apuntes muy útiles.",
      daysAgo: 14,
    },
    { by: "sam", rating: 4, body: "", daysAgo: 20 },
  ],
  "Algebra Foundations": [
    {
      by: "sam",
      rating: 5,
      body: "The worked examples finally made inequalities click. The practice problems in the notes are gold.",
      daysAgo: 5,
    },
    {
      by: "lucia",
      rating: 4,
      body: "Muy bien explicado, aunque el módulo de sistemas de ecuaciones va un poco rápido.",
      daysAgo: 12,
    },
    {
      by: "tom",
      rating: 3,
      body: "Solid content, but the videos are short: I needed extra practice elsewhere.",
      daysAgo: 30,
    },
  ],
  "Digital Photography": [
    {
      by: "marta",
      rating: 5,
      body: "I finally left automatic mode. The light lectures changed how I see every scene.",
      daysAgo: 7,
    },
    { by: "tom", rating: 5, body: "", daysAgo: 18 },
  ],
  "Python Programming for Beginners": [
    {
      by: "lucia",
      rating: 5,
      body: "Por fin entiendo los bucles. El juego final es muy divertido y se aprende muchísimo.",
      daysAgo: 2,
    },
  ],
};

/** Marks the first `share` of a title's published lectures completed for a learner. */
async function completeShare(db: DbOrTx, userId: number, courseId: number, share: number) {
  const rows = await db
    .select({ id: lectures.id, duration: lectures.durationSeconds })
    .from(lectures)
    .where(and(eq(lectures.courseId, courseId), eq(lectures.status, "published")))
    .orderBy(asc(lectures.moduleId), asc(lectures.position));
  const done = rows.slice(0, Math.max(1, Math.ceil(rows.length * share)));
  const now = new Date();
  if (done.length)
    await db
      .insert(lectureProgress)
      .values(
        done.map((l) => ({
          userId,
          lectureId: l.id,
          courseId,
          watchedRanges: [[0, l.duration]] as Array<[number, number]>,
          watchedSeconds: l.duration,
          lastPositionSeconds: l.duration,
          videoWatchedAt: now,
          completedAt: now,
        })),
      )
      .onConflictDoNothing();
}

export const seedReviews: Seeder = async ({ db }) => {
  const [template] = await db.select().from(users).where(eq(users.username, "ana"));
  if (!template) return;
  const ids = new Map<string, number>();
  for (const reviewer of reviewers) {
    const [row] = await db
      .insert(users)
      .values({
        username: reviewer.username,
        email: `${reviewer.username}@example.com`,
        passwordHash: template.passwordHash,
        roleId: 1,
        firstName: reviewer.firstName,
        lastName: reviewer.lastName,
        emailVerifiedAt: template.emailVerifiedAt,
        termsAcceptedAt: template.termsAcceptedAt,
      })
      .returning({ id: users.id });
    if (row) ids.set(reviewer.username, row.id);
  }
  const titles = await db
    .select({ id: courses.id, titleEn: courses.titleEn })
    .from(courses)
    .where(inArray(courses.titleEn, [...Object.keys(reviewsByTitle), "Everyday Spanish"]));
  const now = Date.now();
  for (const title of titles) {
    for (const review of reviewsByTitle[title.titleEn] ?? []) {
      const userId = ids.get(review.by);
      if (!userId) continue;
      await grantEnrolment(db, { userId, courseId: title.id, source: "free" });
      await completeShare(db, userId, title.id, 0.5);
      const at = new Date(now - review.daysAgo * 86_400_000);
      await db.insert(courseReviews).values({
        courseId: title.id,
        userId,
        rating: review.rating,
        body: review.body,
        createdAt: at,
        updatedAt: at,
      });
    }
    const nora = ids.get("nora");
    if (nora && title.titleEn === "Everyday Spanish") {
      await grantEnrolment(db, { userId: nora, courseId: title.id, source: "free" });
      await completeShare(db, nora, title.id, 0.3);
    }
    await recountRatings(db, title.id);
  }
};
