import { type AdminQuiz, adminQuiz } from "@aprendo/contract";
import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderPage } from "../../../test/render";
import { api, requests, server } from "../../../test/server";
import QuizEditorPage from "./QuizEditorPage";

/** A module exam with the settings an author starts from. */
function exam(): AdminQuiz {
  return {
    id: 3,
    kind: "module",
    owner: { kind: "module", id: 4, title_en: "Greetings", title_es: "Saludos" },
    course_id: 1,
    status: "draft",
    title_en: "",
    title_es: "",
    time_limit_seconds: 600,
    timed: true,
    pass_mark_percent: 60,
    is_paid: true,
    price_pence: 500,
    show_correct_answers: "after_last_attempt",
    questions_per_attempt: null,
    question_count: 0,
    attempt_count: 0,
    instructions_en: "",
    instructions_es: "",
    questions: [],
  };
}

function serveExam() {
  let quiz = exam();
  server.use(
    api.get("/af/quizzes/3", adminQuiz, () => quiz),
    api.patch("/af/quizzes/3", adminQuiz, ({ json }) => {
      quiz = { ...quiz, ...(json as Partial<AdminQuiz>) };
      return quiz;
    }),
  );
}

const at = "/af/courses/1/quizzes/3";
const path = "/af/courses/:id/quizzes/:quizId";
const admin = { user: { role_id: 3 as const, permissions: ["isCourseManager" as const] } };

describe("the quiz editor's answer and pool settings", () => {
  it("shows the exam's setting, and saves 'never' with a pool of 10", async () => {
    serveExam();
    const { user } = await renderPage(<QuizEditorPage />, at, { path, ...admin });
    const reveal = await screen.findByLabelText(/Show correct answers in results/);
    expect((reveal as HTMLSelectElement).value).toBe("after_last_attempt");
    await user.selectOptions(reveal, "Never");
    await user.type(screen.getByLabelText(/Questions per attempt/), "10");
    await user.click(screen.getByTestId("save-settings"));
    await expect
      .poll(() => requests.find((r) => r.method === "PATCH")?.body)
      .toMatchObject({ show_correct_answers: "never", questions_per_attempt: 10 });
  });

  it("refuses a pool of 0, in Spanish, before sending anything", async () => {
    serveExam();
    const { user } = await renderPage(<QuizEditorPage />, at, { path, language: "es", ...admin });
    const reveal = await screen.findByLabelText(/Mostrar las respuestas correctas/);
    expect(screen.getByRole("option", { name: "Después del último intento" })).toBeTruthy();
    expect((reveal as HTMLSelectElement).value).toBe("after_last_attempt");
    await user.type(screen.getByLabelText(/Preguntas por intento/), "0");
    await user.click(screen.getByTestId("save-settings"));
    expect(await screen.findByText("Escribe un número entero de 1 a 200, o déjalo vacío")).toBeTruthy();
    expect(requests.filter((r) => r.method === "PATCH")).toEqual([]);
  });
});
