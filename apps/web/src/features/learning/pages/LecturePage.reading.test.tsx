import { type LectureDetail, lectureDetail, lectureResourceList, progressResult } from "@aprendo/contract";
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderPage } from "../../../test/render";
import { api, requests, server } from "../../../test/server";
import LecturePage from "./LecturePage";

const progress = { watched_seconds: 0, watched_percent: 0, last_position_seconds: 0, quiz_passed: false };

/** A reading lecture (no video) of title 2, with a next lecture still locked. */
const reading = (over: Partial<LectureDetail> = {}): LectureDetail => ({
  id: 5,
  course_id: 2,
  course_title: "Spanish for travellers",
  level: { id: 1, title: "Level 1" },
  module: { id: 1, title: "Greetings" },
  title: "Reading: polite forms",
  description: "Read the notes on usted and tú.",
  status: "published",
  state: "to_start",
  is_preview: false,
  has_quiz: false,
  video: null,
  progress: { ...progress, video_watched: false, completed: false },
  can_take_quiz: false,
  quiz_message: null,
  ebooks: [],
  faqs: [],
  previous_lecture: null,
  next_lecture: { id: 6, title: "At the café", state: "locked" },
  media_expires_at: "2026-11-26T16:00:00.000Z",
  ...over,
});

function serve(lecture: LectureDetail) {
  server.use(
    api.get("/iu/lectures/5", lectureDetail, lecture),
    // The outline beside the lecture is not what this test is about.
    api.error("get", "/iu/courses/2", 404, { message: "Not found" }),
    api.get("/iu/lectures/5/resources", lectureResourceList, { data: [] }),
    // Opening the lecture makes it the one to continue; it does not complete it.
    api.put("/iu/lectures/5/progress", progressResult, {
      ...progress,
      video_watched: false,
      completed: false,
      state: "to_start",
      can_take_quiz: false,
      next_lecture: { id: 6, title: "At the café", state: "locked" },
      uncredited_seconds: 0,
    }),
    api.put("/iu/lectures/5/completion", progressResult, {
      ...progress,
      video_watched: true,
      completed: true,
      state: "completed",
      can_take_quiz: false,
      next_lecture: { id: 6, title: "At the café", state: "to_start" },
      uncredited_seconds: 0,
    }),
  );
}

const at = "/iu/courses/2/lesson/5";
const path = "/iu/courses/:courseId/lesson/:lessonId";

describe("a lecture without a video", () => {
  it("is marked complete by the learner, which unlocks the next lecture", async () => {
    serve(reading());
    const { user } = await renderPage(<LecturePage />, at, { path, user: {} });
    const card = await screen.findByTestId("mark-complete");
    expect(within(card).getByText("A reading lecture")).toBeTruthy();
    expect(screen.getByTestId("next-lecture-locked").textContent).toContain(
      "Mark this lecture complete to unlock it",
    );

    await user.click(within(card).getByRole("button", { name: "Mark as complete" }));
    expect(await within(card).findByText("Completed")).toBeTruthy();
    expect(within(card).queryByRole("button")).toBeNull();
    expect(await screen.findByText("Lecture completed. Well done!")).toBeTruthy();
    expect(screen.getByTestId("next-lecture").textContent).toContain("At the café");
    expect(requests.filter((r) => r.path === "/api/iu/lectures/5/completion")).toHaveLength(1);
  });

  it("says so in Spanish, and with a quiz tells the learner the quiz completes it", async () => {
    serve(
      reading({
        has_quiz: true,
        progress: { ...progress, video_watched: true, completed: false },
        can_take_quiz: true,
      }),
    );
    await renderPage(<LecturePage />, at, { path, user: {}, language: "es" });
    const card = await screen.findByTestId("mark-complete");
    expect(within(card).getByText("Lectura terminada")).toBeTruthy();
    expect(within(card).getByText("Aprueba el cuestionario para completar la lección.")).toBeTruthy();
    expect(within(card).queryByRole("button")).toBeNull();
  });

  it("offers no completion button on a preview", async () => {
    serve(reading({ state: "not_enrolled", progress: null }));
    await renderPage(<LecturePage />, at, { path, user: {} });
    expect(await screen.findByText("This lecture has no video yet")).toBeTruthy();
    expect(screen.queryByTestId("mark-complete")).toBeNull();
  });
});
