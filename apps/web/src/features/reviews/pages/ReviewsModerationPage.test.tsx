/**
 * The back office's review moderation: reported reviews first, the filters go
 * to the server, the reports' reasons open in a dialog, hiding needs a reason and showing again is
 * one press.
 */
import {
  type AdminReview,
  adminCourseList,
  adminReview,
  adminReviewList,
  adminReviewReports,
} from "@aprendo/contract";
import { screen, waitFor, within } from "@testing-library/react";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { i18n } from "../../../i18n";
import { renderPage } from "../../../test/render";
import { api, requests, server } from "../../../test/server";
import ReviewsModerationPage from "./ReviewsModerationPage";

const review = (id: number, overrides: Partial<AdminReview> = {}): AdminReview => ({
  id,
  course: { id: 3, title: "Everyday Spanish" },
  user: { id: 40 + id, username: `learner${id}` },
  rating: 1,
  body: "Rubbish, do not buy this title at all.",
  language: "en",
  report_count: 2,
  hidden: false,
  hidden_reason: null,
  created_at: "2026-11-20T10:00:00.000Z",
  updated_at: "2026-11-20T10:00:00.000Z",
  ...overrides,
});

const manager = { role_id: 3 as const, permissions: ["isCourseManager" as const] };
const lastList = () => [...requests].reverse().find((r) => r.path.startsWith("/api/af/reviews?"))?.path ?? "";

beforeAll(async () => {
  await i18n.loadNamespaces(["reviews", "catalog"]);
});

beforeEach(() => {
  server.use(
    api.get("/af/reviews", adminReviewList, ({ url }) => ({
      data: url.searchParams.get("filter") === "hidden" ? [] : [review(1)],
      total: url.searchParams.get("filter") === "hidden" ? 0 : 1,
      next_page_url: null,
    })),
    api.get("/af/courses", adminCourseList, {
      data: [
        {
          id: 3,
          category_id: null,
          category_name: null,
          status: "published",
          title_en: "Everyday Spanish",
          title_es: "Español cotidiano",
          price_pence: 0,
          currency: "GBP",
          is_free: true,
          cover_url: null,
          position: 1,
          enrolment_count: 4,
          published_at: "2026-11-01T10:00:00.000Z",
          updated_at: "2026-11-01T10:00:00.000Z",
        },
      ],
      total: 1,
      next_page_url: null,
    }),
    api.get("/af/reviews/:id/reports", adminReviewReports, {
      data: [
        {
          id: 5,
          user: { id: 9, username: "marta" },
          reason: "Insults the teacher",
          created_at: "2026-11-21T09:00:00.000Z",
        },
      ],
    }),
  );
});

describe("review moderation", () => {
  it("lists reported reviews and sends the title, stars and state filters to the server", async () => {
    const { user } = await renderPage(<ReviewsModerationPage />, "/af/reviews", { user: manager });
    expect(await screen.findByRole("heading", { level: 1, name: "Reviews" })).toBeTruthy();
    expect((await screen.findAllByText("Rubbish, do not buy this title at all.")).length).toBeGreaterThan(0);
    expect(lastList()).toContain("filter=reported");
    await waitFor(() => expect(screen.getByRole("option", { name: "Everyday Spanish" })).toBeTruthy());
    await user.selectOptions(screen.getByLabelText("Title"), "3");
    await user.selectOptions(screen.getByLabelText("Stars"), "1");
    await waitFor(() => expect(lastList()).toMatch(/course_id=3.*rating=1|rating=1.*course_id=3/));
    await user.selectOptions(screen.getByLabelText("Show"), "hidden");
    expect(await screen.findByText("No hidden reviews")).toBeTruthy();
  });

  it("shows why learners reported a review", async () => {
    const { user } = await renderPage(<ReviewsModerationPage />, "/af/reviews", { user: manager });
    const [reports] = await screen.findAllByRole("button", { name: "Reports of learner1's review" });
    await user.click(reports!);
    const dialog = await screen.findByRole("dialog", { name: "Why learners reported it" });
    expect(await within(dialog).findByText("Insults the teacher")).toBeTruthy();
    expect(within(dialog).getByText(/marta/)).toBeTruthy();
  });

  it("hides a review only with a reason", async () => {
    server.use(
      api.put(
        "/af/reviews/:id/hide",
        adminReview.extend({ message: adminReview.shape.body }),
        ({ json }) => ({
          ...review(1, { hidden: true, hidden_reason: (json as { reason: string }).reason }),
          message: "The review is hidden",
        }),
      ),
    );
    const { user } = await renderPage(<ReviewsModerationPage />, "/af/reviews", { user: manager });
    const [hide] = await screen.findAllByRole("button", { name: "Hide learner1's review" });
    await user.click(hide!);
    const dialog = await screen.findByRole("dialog", { name: "Hide this review" });
    await user.type(within(dialog).getByLabelText(/Reason/), "No");
    await user.click(within(dialog).getByRole("button", { name: "Hide" }));
    expect(await within(dialog).findByText("Write at least 5 characters")).toBeTruthy();
    await user.type(within(dialog).getByLabelText(/Reason/), "t a review: spam");
    await user.click(within(dialog).getByRole("button", { name: "Hide" }));
    expect(await screen.findByText("The review is hidden")).toBeTruthy();
    expect(requests.find((r) => r.method === "PUT")).toMatchObject({
      path: "/api/af/reviews/1/hide",
      body: { reason: "Not a review: spam" },
    });
  });

  it("shows a hidden review again in one press, in Spanish", async () => {
    server.use(
      api.get("/af/reviews", adminReviewList, {
        data: [review(2, { hidden: true, hidden_reason: "Spam", report_count: 0 })],
        total: 1,
        next_page_url: null,
      }),
      api.put("/af/reviews/:id/show", adminReview.extend({ message: adminReview.shape.body }), {
        ...review(2),
        message: "La reseña vuelve a estar visible",
      }),
    );
    const { user } = await renderPage(<ReviewsModerationPage />, "/af/reviews?filter=hidden", {
      path: "/af/reviews",
      user: manager,
      language: "es",
    });
    expect((await screen.findAllByText("Spam")).length).toBeGreaterThan(0);
    const [show] = await screen.findAllByRole("button", { name: "Volver a mostrar la reseña de learner2" });
    await user.click(show!);
    expect(await screen.findByText("La reseña vuelve a estar visible")).toBeTruthy();
    expect(requests.find((r) => r.method === "PUT")?.path).toBe("/api/af/reviews/2/show");
  });
});
