import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BuiltUser, buildAdmin, buildLearner } from "../../test/factories";
import { createTestApp, type TestApp } from "../../test/test-app";
import { accessAuditLog, enrolments } from "../db/schema/index";
import { buildQuizCourse, enrolAndComplete, type QuizCourse } from "./quizzes.fixtures";

let t: TestApp;
let userManager: BuiltUser;
let courseManager: BuiltUser;
let course: QuizCourse;
beforeAll(async () => {
  t = await createTestApp();
  userManager = await buildAdmin(t, ["isUserManager"]);
  courseManager = await buildAdmin(t, ["isCourseManager"]);
  course = await buildQuizCourse(t);
});
afterAll(() => t.close());

const call = (user: BuiltUser | null, method: string, url: string, payload?: unknown) =>
  t.app.inject({
    method: method as "GET",
    url,
    headers: user ? user.auth : {},
    ...(payload ? { payload: payload as object } : {}),
  });

describe("access management permissions", () => {
  it("refuses every call without isUserManager or isCourseManager", async () => {
    const learner = await buildLearner(t);
    const other = await buildAdmin(t, ["isFaqManager", "isAbleToBulkUploadQuizzes"]);
    const calls: Array<[string, string, unknown?]> = [
      ["GET", "/api/af/access-management/learners?q=a"],
      ["GET", "/api/af/course-access-management"],
      [
        "POST",
        "/api/af/course-access-management",
        { user_id: learner.id, course_id: course.id, reason: "Support case 12" },
      ],
      ["POST", "/api/af/course-access-management/1/revoke", { reason: "Support case 12" }],
      ["GET", "/api/af/exam-access-management"],
      [
        "POST",
        "/api/af/exam-access-management",
        { user_id: learner.id, quiz_id: course.moduleExamId, reason: "Support case 12" },
      ],
      ["POST", "/api/af/exam-access-management/1/revoke", { reason: "Support case 12" }],
      ["GET", "/api/af/access-management/audit"],
    ];
    for (const [method, url, body] of calls) {
      expect((await call(null, method, url, body)).statusCode, url).toBe(401);
      expect((await call(learner, method, url, body)).statusCode, url).toBe(403);
      expect((await call(other, method, url, body)).statusCode, url).toBe(403);
    }
    expect(await t.deps.db.select().from(accessAuditLog)).toEqual([]);
  });
});

describe("access to a title", () => {
  it("grants and revokes with a reason, each recorded in the audit trail", async () => {
    const learner = await buildLearner(t);
    const found = (
      await call(userManager, "GET", `/api/af/access-management/learners?q=${learner.username}`)
    ).json();
    expect(found.data).toEqual([expect.objectContaining({ id: learner.id, username: learner.username })]);

    const noReason = await call(userManager, "POST", "/api/af/course-access-management", {
      user_id: learner.id,
      course_id: course.id,
      reason: "",
    });
    expect(noReason.statusCode).toBe(422);
    const granted = await call(userManager, "POST", "/api/af/course-access-management", {
      user_id: learner.id,
      course_id: course.id,
      reason: "Scholarship 2025",
    });
    expect(granted.statusCode, granted.body).toBe(201);
    expect(granted.json().message).toBe("Access granted");
    const [enrolment] = await t.deps.db.select().from(enrolments).where(eq(enrolments.userId, learner.id));
    expect(enrolment?.source).toBe("admin");
    expect((await call(learner, "GET", `/api/iu/courses/${course.id}`)).json().enrol_action).toBe("enrolled");
    const twice = await call(courseManager, "POST", "/api/af/course-access-management", {
      user_id: learner.id,
      course_id: course.id,
      reason: "Scholarship 2025",
    });
    expect(twice.statusCode).toBe(409);

    const list = (
      await call(courseManager, "GET", `/api/af/course-access-management?q=${learner.username}`)
    ).json();
    expect(list).toMatchObject({
      total: 1,
      data: [{ id: enrolment!.id, source: "admin", course: { id: course.id } }],
    });

    const revoked = await call(
      courseManager,
      "POST",
      `/api/af/course-access-management/${enrolment!.id}/revoke`,
      {
        reason: "Refund requested",
      },
    );
    expect(revoked.statusCode).toBe(200);
    expect(await t.deps.db.select().from(enrolments).where(eq(enrolments.userId, learner.id))).toEqual([]);
    expect(
      (
        await call(courseManager, "POST", `/api/af/course-access-management/${enrolment!.id}/revoke`, {
          reason: "Refund requested",
        })
      ).statusCode,
    ).toBe(404);

    const audit = (
      await call(userManager, "GET", `/api/af/access-management/audit?user_id=${learner.id}`)
    ).json();
    expect(audit.total).toBe(2);
    expect(audit.data).toEqual([
      expect.objectContaining({
        action: "revoke_course",
        actor: { id: courseManager.id, username: courseManager.username },
        learner: { id: learner.id, username: learner.username },
        course: expect.objectContaining({ id: course.id }),
        subject_id: enrolment!.id,
        reason: "Refund requested",
      }),
      expect.objectContaining({
        action: "grant_course",
        actor: expect.objectContaining({ id: userManager.id }),
        reason: "Scholarship 2025",
      }),
    ]);
  });

  it("grants only to learners", async () => {
    const admin = await buildAdmin(t);
    const res = await call(userManager, "POST", "/api/af/course-access-management", {
      user_id: admin.id,
      course_id: course.id,
      reason: "Testing it",
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.user_id).toEqual(["Choose a learner account"]);
  });
});

describe("extra exam attempts", () => {
  it("grants attempts a learner can use at once, revokes them, and audits both", async () => {
    const learner = await buildLearner(t);
    await enrolAndComplete(t, learner, course);
    const path = `/api/iu/course-modules/${course.moduleIds[0]}/quiz`;
    expect((await call(learner, "GET", path)).json().attempts_left).toBe(0);

    const lectureQuiz = await call(courseManager, "POST", "/api/af/exam-access-management", {
      user_id: learner.id,
      quiz_id: course.lectureQuizId,
      reason: "Wrong quiz",
    });
    expect(lectureQuiz.json().errors.quiz_id).toEqual(["Only module and level exams have exam accesses"]);

    const granted = await call(courseManager, "POST", "/api/af/exam-access-management", {
      user_id: learner.id,
      quiz_id: course.moduleExamId,
      attempts: 1,
      reason: "Power cut during exam",
    });
    expect(granted.statusCode, granted.body).toBe(201);
    expect((await call(learner, "GET", path)).json()).toMatchObject({ attempts_left: 1, can_start: true });
    const list = (
      await call(userManager, "GET", `/api/af/exam-access-management?user_id=${learner.id}`)
    ).json();
    expect(list.data).toEqual([
      expect.objectContaining({
        id: granted.json().id,
        attempts_used: 1,
        attempts_left: 1,
        source: "admin",
        reason: "Power cut during exam",
      }),
    ]);

    const revoked = await call(
      userManager,
      "POST",
      `/api/af/exam-access-management/${granted.json().id}/revoke`,
      { reason: "Granted by mistake" },
    );
    expect(revoked.statusCode).toBe(200);
    expect((await call(learner, "GET", path)).json()).toMatchObject({
      attempts_left: 0,
      can_start: false,
      blocked_code: "buy_exam_again",
    });
    expect(
      (
        await call(userManager, "POST", `/api/af/exam-access-management/${granted.json().id}/revoke`, {
          reason: "Granted by mistake",
        })
      ).statusCode,
    ).toBe(409);

    const audit = (
      await call(courseManager, "GET", `/api/af/access-management/audit?user_id=${learner.id}`)
    ).json();
    expect(
      audit.data.map((e: { action: string; attempts: number | null }) => [e.action, e.attempts]),
    ).toEqual([
      ["revoke_exam", 1],
      ["grant_exam", 1],
    ]);
    expect(audit.data[1]).toMatchObject({ quiz_id: course.moduleExamId, reason: "Power cut during exam" });
  });
});
