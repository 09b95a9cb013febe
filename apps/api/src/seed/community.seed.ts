/**
 * Demo public Q&A: the reviewer learners of Everyday Spanish (reviews.seed.ts) ask in
 * public on its first lecture (Greetings for every time of day), upvote, follow and answer each other, and the team answers one, so
 * the lecture's Q&A shows a real thread after `npm start`. Ana's own questions (catalog.seed.ts)
 * stay private, as they were asked.
 */
import { and, eq, inArray } from "drizzle-orm";
import {
  courses,
  lectureAnswers,
  lectureQuestionFollows,
  lectureQuestions,
  lectureQuestionVotes,
  lectures,
  users,
} from "../db/schema/index";
import type { Seeder } from "./seed";

type Thread = {
  by: string;
  body: string;
  voters: string[];
  followers: string[];
  answers: Array<{ by: string; staff: boolean; body: string }>;
};

const threads: Thread[] = [
  {
    by: "marta",
    body: "Can I still say 'buenos días' after lunch, or does it switch to 'buenas tardes' at noon exactly?",
    voters: ["tom", "lucia", "sam"],
    followers: ["tom"],
    answers: [
      {
        by: "lucia",
        staff: false,
        body: "En España se dice 'buenos días' hasta la hora de comer, sobre las dos o las tres, no a las doce.",
      },
      {
        by: "admin",
        staff: true,
        body: "Lucía is right: in Spain the switch follows lunch, around 2-3 pm. In Latin America it is usually noon.",
      },
    ],
  },
  {
    by: "tom",
    body: "Is 'hola, buenas' rude with an older person, or is it fine in a shop?",
    voters: ["sam"],
    followers: ["marta"],
    answers: [],
  },
];

export const seedCommunity: Seeder = async ({ db }) => {
  const [lecture] = await db
    .select({ id: lectures.id, courseId: lectures.courseId })
    .from(lectures)
    .innerJoin(courses, eq(courses.id, lectures.courseId))
    .where(
      and(eq(courses.titleEn, "Everyday Spanish"), eq(lectures.titleEn, "Greetings for every time of day")),
    )
    .limit(1);
  const names = [
    ...new Set(threads.flatMap((q) => [q.by, ...q.voters, ...q.followers, ...q.answers.map((a) => a.by)])),
  ];
  const people = await db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(inArray(users.username, names));
  const idOf = new Map(people.map((p) => [p.username, p.id]));
  // Without the demo title or its reviewers (a database seeded otherwise) there is no thread to show.
  if (!lecture || names.some((name) => !idOf.has(name))) return;
  const id = (name: string) => idOf.get(name)!;
  for (const thread of threads) {
    // Asked and answered as the seed runs: "newest" orders questions by id, and Ana's questions
    // (catalog.seed.ts, seeded just before) are stamped with the seed's time too.
    const staffAnswer = thread.answers.find((a) => a.staff);
    const [question] = await db
      .insert(lectureQuestions)
      .values({
        lectureId: lecture.id,
        courseId: lecture.courseId,
        userId: id(thread.by),
        body: thread.body,
        isPublic: true,
        votes: thread.voters.length,
        status: staffAnswer ? "answered" : "unanswered",
        answeredAt: staffAnswer ? new Date() : null,
      })
      .returning({ id: lectureQuestions.id });
    const questionId = question!.id;
    if (thread.voters.length > 0)
      await db.insert(lectureQuestionVotes).values(thread.voters.map((v) => ({ questionId, userId: id(v) })));
    // Its author is told of answers anyway; followers are the others who asked to be.
    await db
      .insert(lectureQuestionFollows)
      .values(thread.followers.map((f) => ({ questionId, userId: id(f) })));
    if (thread.answers.length > 0)
      await db.insert(lectureAnswers).values(
        thread.answers.map((a) => ({
          questionId,
          adminId: id(a.by),
          isStaff: a.staff,
          body: a.body,
        })),
      );
  }
};
