import { type LectureQuestion, lectureQuestionCreated, lectureQuestionList } from "@aprendo/contract";
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderPage } from "../../../test/render";
import { api, requests, server } from "../../../test/server";
import { QaSection } from "./QaSection";

const question = (over: Partial<LectureQuestion> = {}): LectureQuestion => ({
  id: 31,
  lecture_id: 5,
  course_id: 2,
  body: "Is 'vosotros' used in Mexico?",
  language: "en",
  status: "answered",
  created_at: "2026-11-20T10:00:00.000Z",
  answered_at: "2026-11-21T10:00:00.000Z",
  answers: [
    {
      id: 1,
      body: "Only in Spain, mostly.",
      language: "en",
      author_name: "Marta",
      is_staff: true,
      created_at: "2026-11-21T10:00:00.000Z",
    },
    {
      id: 2,
      body: "In Mexico people say ustedes.",
      language: "en",
      author_name: "Ben",
      is_staff: false,
      created_at: "2026-11-22T10:00:00.000Z",
    },
  ],
  is_public: true,
  author_name: "Carla",
  votes: 3,
  voted: false,
  following: false,
  mine: false,
  hidden: false,
  ...over,
});

const mine = question({
  id: 32,
  body: "Can I get more time for the exam?",
  status: "unanswered",
  answered_at: null,
  answers: [],
  is_public: false,
  votes: 0,
  mine: true,
});

describe("the lecture's public Q&A", () => {
  it("lists public questions with votes and marked staff answers, upvotes, follows and sorts by votes", async () => {
    server.use(
      api.get("/iu/lectures/5/questions", lectureQuestionList, { data: [question(), mine] }),
      api.put("/iu/questions/31/vote", lectureQuestionCreated, {
        message: "Vote counted.",
        data: question({ votes: 4, voted: true }),
      }),
      api.put("/iu/questions/31/follow", lectureQuestionCreated, {
        message: "You will be notified of new answers.",
        data: question({ following: true }),
      }),
    );
    const { user } = await renderPage(<QaSection lectureId={5} />, "/iu/lectures/5", { user: {} });
    const list = await screen.findByTestId("qa-list");
    const [first, second] = within(list).getAllByRole("listitem");
    expect(within(first!).getByText("Carla")).toBeTruthy();
    expect(within(first!).getByText("Instructor/Staff")).toBeTruthy();
    // Only the team's answer is marked.
    expect(within(first!).getAllByText("Instructor/Staff")).toHaveLength(1);
    expect(within(second!).getByText("Private")).toBeTruthy();
    expect(within(second!).getByRole("button", { name: "Make public" })).toBeTruthy();
    expect(within(second!).queryByRole("button", { name: /Upvote/ })).toBeNull();

    const upvote = within(first!).getByRole("button", { name: "Upvote (3 votes)" });
    expect(upvote.getAttribute("aria-pressed")).toBe("false");
    await user.click(upvote);
    await screen.findByText("Vote counted.");
    await user.click(within(first!).getByRole("button", { name: "Follow" }));
    await screen.findByText("You will be notified of new answers.");
    await user.click(screen.getByRole("button", { name: "Most voted" }));
    await expect
      .poll(() => requests.map((r) => `${r.method} ${r.path} ${JSON.stringify(r.body ?? "")}`))
      .toEqual(
        expect.arrayContaining([
          'PUT /api/iu/questions/31/vote {"on":true}',
          'PUT /api/iu/questions/31/follow {"on":true}',
          'GET /api/iu/lectures/5/questions?sort=votes ""',
        ]),
      );
  });

  it("asks publicly by default and privately when the switch is off, in Spanish", async () => {
    server.use(
      api.get("/iu/lectures/5/questions", lectureQuestionList, { data: [] }),
      api.post(
        "/iu/lectures/5/questions",
        lectureQuestionCreated,
        { message: "Tu pregunta se ha enviado.", data: mine },
        201,
      ),
    );
    const { user } = await renderPage(<QaSection lectureId={5} />, "/iu/lectures/5", {
      user: {},
      language: "es",
    });
    await screen.findByText("Todavía no hay preguntas");
    const publicSwitch = await screen.findByRole("checkbox", { name: "Pregunta pública" });
    expect((publicSwitch as HTMLInputElement).checked).toBe(true);
    await user.click(publicSwitch);
    expect(screen.getByText("Privada: solo la ves tú y el equipo docente.")).toBeTruthy();
    await user.type(screen.getByRole("textbox"), "Can I get more time for the exam?");
    await user.click(screen.getByRole("button", { name: "Enviar pregunta" }));
    await screen.findByText("Tu pregunta se ha enviado.");
    expect(requests.find((r) => r.method === "POST")?.body).toEqual({
      body: "Can I get more time for the exam?",
      is_public: false,
    });
  });
});
