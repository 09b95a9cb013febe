import { describe, expect, it } from "vitest";
import { isCurrentRoute, mergeNotifications, notificationTarget, unreadLabel } from "./logic";

const n = (id: number, read = false, type = 1, redirect = {}) => ({ id, read, type, action: { redirect } });

describe("unread count", () => {
  it("adds a plus sign when every loaded notification is unread and more pages exist", () => {
    const loaded = Array.from({ length: 10 }, (_, i) => n(i));
    expect(unreadLabel(37, loaded, true)).toBe("10+");
  });
  it("shows the server count when a loaded one is read or no page is left", () => {
    const loaded = [n(1), n(2, true), n(3)];
    expect(unreadLabel(5, loaded, true)).toBe("5");
    expect(unreadLabel(3, [n(1), n(2), n(3)], false)).toBe("3");
  });
  it("shows nothing at zero and caps at 99+", () => {
    expect(unreadLabel(0, [n(1, true)], false)).toBe("");
    expect(unreadLabel(0, [], false)).toBe("");
    expect(unreadLabel(250, [n(1, true)], true)).toBe("99+");
  });
});

describe("loading more", () => {
  it("appends and de-duplicates by id", () => {
    const merged = mergeNotifications([
      [n(5), n(4), n(3)],
      [n(3), n(2)],
      [n(2), n(1)],
    ]);
    expect(merged.map((x) => x.id)).toEqual([5, 4, 3, 2, 1]);
  });
});

describe("notification click", () => {
  it("opens a global notification's page", () => {
    expect(notificationTarget(n(1, false, 2, { id: 7 }), 1)).toBe("/iu/global/7");
  });
  it("opens the ticket for learners and my tickets for admins, with the queries", () => {
    expect(notificationTarget(n(1, false, 1, { id: 9 }), 1)).toBe(
      "/iu/tickets/9?redirect=true&individualTicketSelect=9",
    );
    expect(notificationTarget(n(1, false, 1, { id: 9 }), 3)).toBe(
      "/af/tickets/me/9?redirect=true&individualTicketSelect=9",
    );
  });
  it("opens the certificate", () => {
    expect(notificationTarget(n(1, false, 3, { id: 4 }), 1)).toBe("/iu/profile/certificates/4");
  });
  it("opens the lecture at its Q&A", () => {
    expect(notificationTarget(n(1, false, 4, { courseId: 2, lessonId: 8 }), 1)).toBe(
      "/iu/courses/2/lesson/8#qa",
    );
  });
  it("only marks congratulations read", () => {
    expect(notificationTarget(n(1, false, 5, { id: 3 }), 1)).toBeNull();
  });
});

describe("same route", () => {
  const here = { pathname: "/iu/tickets/9", search: "?individualTicketSelect=9&redirect=true", hash: "" };
  it("recognises the current page whatever the query order", () => {
    expect(isCurrentRoute("/iu/tickets/9?redirect=true&individualTicketSelect=9", here)).toBe(true);
  });
  it("tells another page, query or hash apart", () => {
    expect(isCurrentRoute("/iu/tickets/10?redirect=true&individualTicketSelect=10", here)).toBe(false);
    expect(isCurrentRoute("/iu/global/3", { pathname: "/iu/global/3/", search: "", hash: "" })).toBe(true);
    expect(
      isCurrentRoute("/iu/courses/2/lesson/8#qa", {
        pathname: "/iu/courses/2/lesson/8",
        search: "",
        hash: "",
      }),
    ).toBe(false);
  });
});
