import { z } from "zod";
import { startSession } from "../auth/sessions";
import type { Config } from "../config/config";
import type { Db, DbOrTx } from "../db/client";
import { transaction } from "../db/transaction";
import { recountRatings } from "../reviews/reviews.service";
import {
  analyzeTables,
  countLearners,
  countRows,
  enrolBenchLearners,
  enrolBenchLearnersIn,
  insertCatalogueReviews,
  insertCatalogueTitles,
  insertLearners,
  insertMissingProfiles,
  insertNotifications,
  insertPastOrders,
  insertPracticeAttempts,
  insertTitles,
  skipCommitFlush,
  templateLearnerId,
} from "./scale.repository";

/** Every size is required (no defaults): an empty call must not grow a database by a million rows. */
export const scaleSizes = z.object({
  learners: z.number().int().min(0).max(100_000),
  titles: z.number().int().min(0).max(500),
  lectures_per_title: z.number().int().min(1).max(200),
  notifications: z.number().int().min(0).max(5_000_000),
  /** Past orders per bench learner, each one exam access bought and used by one submitted attempt. */
  orders_per_learner: z.number().int().min(0).max(20),
  /** Past practice-quiz attempts per bench learner (copies of a seeded submitted attempt). */
  quiz_attempts_per_learner: z.number().int().min(0).max(50),
  /**
   * The public catalogue: small titles (one level, one module, three lectures) added
   * until there are this many, with varied subjects in both languages, levels, taught languages,
   * prices and lengths, each rated by `reviews_per_catalogue_title` bench learners. 0 adds none.
   */
  catalogue_titles: z.number().int().min(0).max(5_000).default(0),
  reviews_per_catalogue_title: z.number().int().min(0).max(50).default(0),
});
export type ScaleSizes = z.infer<typeof scaleSizes>;

async function addLearners(db: DbOrTx, templateId: number, wanted: number) {
  const have = await countLearners(db, "bench");
  const missing = wanted - have;
  if (missing <= 0) return;
  await insertLearners(db, templateId, have, missing);
  await insertMissingProfiles(db, templateId);
}

async function addTitles(db: DbOrTx, wanted: number, lecturesPerTitle: number) {
  const missing = wanted - (await countRows(db, "courses"));
  if (missing <= 0) return;
  // Two levels, modules of five lectures: the shape of the seeded titles.
  const modulesPerLevel = Math.max(1, Math.ceil(lecturesPerTitle / 10));
  const lecturesPerModule = Math.ceil(lecturesPerTitle / (2 * modulesPerLevel));
  await insertTitles(db, missing, modulesPerLevel, lecturesPerModule);
}

async function addCatalogue(db: DbOrTx, wanted: number, reviewsPerTitle: number) {
  const missing = wanted - (await countRows(db, "courses"));
  if (missing <= 0) return;
  await insertCatalogueTitles(db, missing);
  if (reviewsPerTitle === 0) return;
  await insertCatalogueReviews(db, reviewsPerTitle);
  await recountRatings(db);
}

async function addNotifications(db: DbOrTx, templateId: number, wanted: number) {
  const missing = wanted - (await countRows(db, "notifications"));
  if (missing <= 0) return;
  await insertNotifications(db, templateId, missing, Math.min(1_000, missing));
}

export async function scaleUp(db: Db, sizes: ScaleSizes) {
  await transaction(db, async (tx) => {
    await skipCommitFlush(tx);
    const templateId = await templateLearnerId(tx);
    if (!templateId) throw new Error("scaleUp needs the demo data (a learner to copy)");
    await addLearners(tx, templateId, sizes.learners);
    await addTitles(tx, sizes.titles, sizes.lectures_per_title);
    await enrolBenchLearners(tx);
    // After the enrolments, so the other scenarios' learners keep their titles among the first 50.
    await addCatalogue(tx, sizes.catalogue_titles, sizes.reviews_per_catalogue_title);
    await addNotifications(tx, templateId, sizes.notifications);
    // Used up, as a past exam access is: checkout sells an access only to a learner holding none
    // with attempts left, so the bench's buyers must be free to buy.
    if (sizes.orders_per_learner > 0) await insertPastOrders(tx, sizes.orders_per_learner);
    if (sizes.quiz_attempts_per_learner > 0)
      await insertPracticeAttempts(tx, sizes.quiz_attempts_per_learner);
  });
  await analyzeTables(db);
  return {
    learners: await countLearners(db, "all"),
    titles: await countRows(db, "courses"),
    reviews: await countRows(db, "course_reviews"),
    lectures: await countRows(db, "lectures"),
    enrolments: await countRows(db, "enrolments"),
    notifications: await countRows(db, "notifications"),
    orders: await countRows(db, "orders"),
    quiz_attempts: await countRows(db, "quiz_attempts"),
  };
}

/**
 * `count` bench learners enrolled in a title, each with an access token of a real session (as a
 * login makes, so the per-request session check treats them as any learner): the write scenarios
 * (video progress, checkout) send every request as another learner, as real traffic does, instead
 * of piling 100 connections onto one learner's row.
 */
export async function learnersIn(db: Db, config: Config, courseId: number, wanted: number) {
  return sessionsFor(db, config, await enrolBenchLearnersIn(db, courseId, wanted));
}

/** One started session per learner; its access token is what the bench sends. */
export async function sessionsFor(db: Db, config: Config, ids: number[]) {
  const learners: { id: number; token: string }[] = [];
  for (const id of ids) {
    const { accessToken } = await startSession(db, config, { id, roleId: 1 }, "aprendo-bench");
    learners.push({ id, token: accessToken });
  }
  return learners;
}
