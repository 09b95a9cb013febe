/**
 * The wish-list heart and "notify me": a learner's press shows at once and is
 * sent to the server, a refusal puts it back with the server's message, a guest is sent to log in
 * and back, staff see no heart; the wish-list page lists the saved titles.
 */
import {
  type CourseCard as Course,
  wishlistIds,
  wishlistPage,
  wishlistToggleResult,
} from "@aprendo/contract";
import { screen, waitFor } from "@testing-library/react";
import { HttpResponse, http } from "msw";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { i18n } from "../../../i18n";
import { buildCourseCard } from "../../../test/factories";
import { renderPage } from "../../../test/render";
import { api, requests, server } from "../../../test/server";
import WishlistPage from "../pages/WishlistPage";
import { CourseCard } from "./CourseCard";
import { NotifyMeButton } from "./WishlistButton";

const card = (id: number, title: string, status: Course["status"] = "published"): Course =>
  buildCourseCard({ id, title, status });

beforeAll(async () => {
  await i18n.loadNamespaces(["catalog", "reviews"]);
});

// What the server holds: the toggles' handlers change it, as the API would.
let saved: { wishlist: number[]; notify: number[] };
beforeEach(() => {
  saved = { wishlist: [], notify: [] };
  server.use(api.get("/iu/wishlist/ids", wishlistIds, () => saved));
});

const heart = () => screen.getByRole("button", { name: "Wish list: Watercolour" });

/** The heart can be pressed once the learner's list has arrived (off: the title is not on it). */
async function listArrived() {
  await waitFor(() => expect(heart()).toHaveProperty("disabled", false));
  expect(heart().getAttribute("aria-pressed")).toBe("false");
}

describe("the wish-list heart", () => {
  it("turns on at once, sends the change, and stays on when the server agrees", async () => {
    let release: () => void = () => {};
    const answered = new Promise<void>((resolve) => {
      release = resolve;
    });
    server.use(
      http.put("*/api/iu/courses/:id/wishlist", async ({ request }) => {
        requests.push({ method: "PUT", path: new URL(request.url).pathname, body: await request.json() });
        await answered;
        saved = { ...saved, wishlist: [4] };
        return HttpResponse.json(
          wishlistToggleResult.parse({ message: "Added to your wish list", on: true }),
        );
      }),
    );
    const { user } = await renderPage(<CourseCard course={card(4, "Watercolour")} />, "/iu/courses", {
      user: {},
    });
    await listArrived();
    await user.click(heart());
    // Before the server answers.
    expect(heart().getAttribute("aria-pressed")).toBe("true");
    expect(requests.at(-1)).toMatchObject({ path: "/api/iu/courses/4/wishlist", body: { on: true } });
    release();
    expect(await screen.findByText("Added to your wish list")).toBeTruthy();
    expect(heart().getAttribute("aria-pressed")).toBe("true");
  });

  it("waits for the learner's list before a press, so a title already on it is taken off", async () => {
    saved = { wishlist: [4], notify: [] };
    let release: () => void = () => {};
    const listed = new Promise<void>((resolve) => {
      release = resolve;
    });
    server.use(
      http.get("*/api/iu/wishlist/ids", async () => {
        await listed;
        return HttpResponse.json(wishlistIds.parse(saved));
      }),
      api.put("/iu/courses/:id/wishlist", wishlistToggleResult, ({ json }) => {
        saved = { ...saved, wishlist: (json as { on: boolean }).on ? [4] : [] };
        return { message: "Removed from your wish list", on: false };
      }),
    );
    const { user } = await renderPage(<CourseCard course={card(4, "Watercolour")} />, "/iu/courses", {
      user: {},
    });
    // Not known yet: "off" would be a guess, so the heart cannot be pressed.
    expect(heart()).toHaveProperty("disabled", true);
    release();
    await waitFor(() => expect(heart().getAttribute("aria-pressed")).toBe("true"));
    expect(heart()).toHaveProperty("disabled", false);
    await user.click(heart());
    expect(heart().getAttribute("aria-pressed")).toBe("false");
    await waitFor(() => expect(requests.find((r) => r.method === "PUT")?.body).toEqual({ on: false }));
  });

  it("goes back off with the server's message when the server refuses", async () => {
    server.use(
      api.error("put", "/iu/courses/:id/wishlist", 409, {
        message: "You are already enrolled in this title",
      }),
    );
    const { user } = await renderPage(<CourseCard course={card(4, "Watercolour")} />, "/iu/courses", {
      user: {},
    });
    await listArrived();
    await user.click(heart());
    expect(await screen.findByText("You are already enrolled in this title")).toBeTruthy();
    await waitFor(() => expect(heart().getAttribute("aria-pressed")).toBe("false"));
  });

  it("sends a guest to log in and back to the same page; staff see no heart", async () => {
    const { user, unmount } = await renderPage(
      <CourseCard course={card(4, "Watercolour")} />,
      "/courses?page=2",
      {
        path: "/courses",
      },
    );
    await user.click(heart());
    expect(screen.getByTestId("where").textContent).toBe(
      `/login?redirect=${encodeURIComponent("/courses?page=2")}`,
    );
    unmount();
    await renderPage(<CourseCard course={card(4, "Watercolour")} />, "/af/courses", {
      user: { role_id: 3, permissions: ["isCourseManager"] },
    });
    expect(screen.queryByRole("button", { name: "Wish list: Watercolour" })).toBeNull();
  });
});

describe("notify me", () => {
  it("asks to be told, then offers to stop, in Spanish", async () => {
    server.use(
      api.put("/iu/courses/:id/notify", wishlistToggleResult, ({ json }) => {
        const on = (json as { on: boolean }).on;
        saved = { ...saved, notify: on ? [9] : [] };
        return {
          message: on ? "Te avisaremos cuando este título se publique" : "No te avisaremos",
          on,
        };
      }),
    );
    const { user } = await renderPage(
      <NotifyMeButton course={{ id: 9, title: "Acuarela" }} />,
      "/iu/courses/9",
      {
        user: {},
        language: "es",
      },
    );
    await user.click(await screen.findByRole("button", { name: "Avísame cuando se publique" }));
    expect(await screen.findByRole("button", { name: "Dejar de avisarme" })).toBeTruthy();
    expect(requests.find((r) => r.method === "PUT")).toMatchObject({
      method: "PUT",
      path: "/api/iu/courses/9/notify",
      body: { on: true },
    });
  });
});

describe("the wish-list page", () => {
  it("lists the saved titles as cards, with their hearts on", async () => {
    server.use(
      api.get("/iu/wishlist/ids", wishlistIds, { wishlist: [4, 5], notify: [] }),
      api.get("/iu/wishlist", wishlistPage, {
        data: [
          { ...card(5, "Photography", "coming_soon"), added_at: "2026-11-20T10:00:00.000Z" },
          { ...card(4, "Watercolour"), added_at: "2026-11-19T10:00:00.000Z" },
        ],
        total: 2,
        next_page_url: null,
      }),
    );
    await renderPage(<WishlistPage />, "/iu/wishlist", { user: {} });
    expect(await screen.findByRole("heading", { level: 1, name: "Wish list" })).toBeTruthy();
    expect(await screen.findByRole("heading", { level: 2, name: "Photography" })).toBeTruthy();
    await waitFor(() => expect(heart().getAttribute("aria-pressed")).toBe("true"));
  });
});
