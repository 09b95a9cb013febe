/**
 * The users list as every admin table now behaves: server-side sorting
 * from the headers (aria-sort, keyboard), saved filters per administrator, cells labelled with their
 * column for the phone's cards; and a learner's profile corrected from their page.
 */
import {
  accommodation,
  messageBody,
  type UserAdminDetail,
  type UserRow,
  userAdminDetail,
  userAdminList,
} from "@aprendo/contract";
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { renderPage } from "../../test/render";
import { api, requests, server } from "../../test/server";
import UserPage from "./pages/UserPage";
import UsersPage from "./pages/UsersPage";

const manager = {
  user: { role_id: 3 as const, username: "admin", permissions: ["isUserManager" as const] },
};
const row = (id: number, first: string, country: string | null): UserRow => ({
  id,
  username: first.toLowerCase(),
  email: `${first.toLowerCase()}@example.test`,
  phone: null,
  first_name: first,
  last_name: "Test",
  role_id: 1,
  status: "active",
  country,
  is_child: false,
  created_at: "2026-03-01T10:00:00.000Z",
  last_active_at: null,
});
const people = [row(1, "Bruno", "ES"), row(2, "Alba", "GB"), row(3, "Carla", null)];

function serveUsers() {
  server.use(
    api.get("/af/users", userAdminList, ({ url }) => {
      const sort = url.searchParams.get("sort") ?? "";
      const country = url.searchParams.get("country");
      let data = people.filter((p) => !country || p.country === country);
      if (sort.endsWith("name")) {
        data = [...data].sort((a, b) => a.first_name.localeCompare(b.first_name));
        if (sort.startsWith("-")) data.reverse();
      }
      return { data, next_cursor: null, total: data.length };
    }),
  );
}
const names = () =>
  screen
    .getAllByRole("row")
    .slice(1)
    .map((r) => within(r).getAllByRole("cell")[0]!.textContent);
const lastUsersCall = () => requests.filter((r) => r.path.startsWith("/api/af/users")).at(-1)!.path;

describe("the users table", { timeout: 30_000 }, () => {
  it("sorts on the server from a header, by mouse or keyboard, and says so with aria-sort", async () => {
    serveUsers();
    const { user, router } = await renderPage(<UsersPage />, "/af/users", manager);
    // The first page of the file also loads the feature's words: a longer first wait.
    await screen.findByText("Bruno Test", undefined, { timeout: 15_000 });
    const header = () => screen.getByRole("columnheader", { name: /^Name/ });
    expect(header().getAttribute("aria-sort")).toBe("none");

    await user.click(within(header()).getByRole("button"));
    await waitFor(() => expect(names()[0]).toContain("Alba"));
    expect(header().getAttribute("aria-sort")).toBe("ascending");
    expect(lastUsersCall()).toContain("sort=name");
    expect(router.state.location.search).toBe("?sort=name");

    within(header()).getByRole("button").focus();
    await user.keyboard("{Enter}");
    await waitFor(() => expect(names()[0]).toContain("Carla"));
    expect(header().getAttribute("aria-sort")).toBe("descending");
    expect(lastUsersCall()).toContain("sort=-name");
    expect(screen.getByRole("columnheader", { name: /^Email or phone/ }).getAttribute("aria-sort")).toBe(
      "none",
    );
  });

  it("labels every cell with its column, which the phone's cards show", async () => {
    serveUsers();
    await renderPage(<UsersPage />, "/af/users", manager);
    await screen.findByText("Bruno Test");
    const cells = within(screen.getAllByRole("row")[1]!).getAllByRole("cell");
    expect(cells.map((c) => c.getAttribute("data-label"))).toEqual([
      "Name",
      "Email or phone",
      "Role",
      "Status",
      "Country",
      "Joined",
      "Last active",
    ]);
    expect(screen.getByRole("table").classList.contains("table-cards")).toBe(true);
  });

  it("saves the current filters under a name, applies them again and deletes them", async () => {
    serveUsers();
    const { user, router } = await renderPage(<UsersPage />, "/af/users?country=ES&sort=-name", manager);
    await screen.findByText("Bruno Test");
    await user.click(screen.getByRole("button", { name: "Save filters" }));
    const dialog = await screen.findByRole("dialog", { name: "Save these filters" });
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(await within(dialog).findByText("Give the saved filter a name")).toBeTruthy();
    await user.type(within(dialog).getByLabelText(/^Name/), "Spanish learners");
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(JSON.parse(localStorage.getItem("savedFilters:admin")!)).toEqual({
      "/af/users": [{ name: "Spanish learners", query: "country=ES&sort=-name" }],
    });

    await router.navigate("/af/users");
    await waitFor(() => expect(names()).toHaveLength(3));
    await user.selectOptions(screen.getByLabelText("Saved filters"), "Spanish learners");
    await waitFor(() => expect(names()).toEqual(["Bruno Test@bruno"]));
    expect(new URLSearchParams(router.state.location.search).get("country")).toBe("ES");

    await user.click(screen.getByRole("button", { name: "Delete the saved filter “Spanish learners”" }));
    expect(localStorage.getItem("savedFilters:admin")).toBe("{}");
    expect(screen.queryByLabelText("Saved filters")).toBeNull();
  });
});

describe("a learner's page", { timeout: 30_000 }, () => {
  const learner: UserAdminDetail = {
    ...row(5, "Lucía", "ES"),
    username: "lucia",
    email: "lucia@example.test",
    date_of_birth: "2000-05-06",
    language_id: 2,
    email_verified_at: "2026-01-01T00:00:00.000Z",
    phone_verified_at: null,
    guardian_email: null,
    newsletter_consent: false,
    deletion_requested_at: null,
    profile: {
      gender: "female",
      address: null,
      city: "Madrid",
      postal_code: null,
      occupation: null,
      photo_status: "pending",
      identity_status: "pending",
    },
    enrolments: [],
    tickets: [],
    classes: [],
  };

  it("corrects the profile with the learner form's rules and the server's field messages", async () => {
    server.use(
      api.get("/af/users/:id", z.object({ data: userAdminDetail }), { data: learner }),
      api.get("/af/users/:id/accommodation", z.object({ data: accommodation }), {
        data: { user_id: 5, time_factor_percent: 100, practice_untimed: false, updated_at: null },
      }),
      api.error("put", "/af/users/:id/profile", 422, {
        message: "This username is already taken",
        errors: { username: ["This username is already taken"] },
      }),
    );
    const { user } = await renderPage(<UserPage />, "/af/users/5", { ...manager, path: "/af/users/:id" });
    await user.click(await screen.findByRole("button", { name: "Edit profile" }));
    const dialog = await screen.findByRole("dialog", { name: "Edit the learner's profile" });
    // The profile feature's words may still be on their way: the form waits for them.
    expect(await within(dialog).findByLabelText(/^City/)).toHaveProperty("value", "Madrid");
    await user.clear(within(dialog).getByLabelText(/^First name/));
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(await within(dialog).findByText("This field is required")).toBeTruthy();
    expect(requests.some((r) => r.method === "PUT")).toBe(false);

    await user.type(within(dialog).getByLabelText(/^First name/), "Lucía");
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    await waitFor(() =>
      expect(
        within(dialog)
          .getByLabelText(/^Username/)
          .getAttribute("aria-invalid"),
      ).toBe("true"),
    );
    const sent = requests.find((r) => r.method === "PUT")!;
    expect(sent.body).toMatchObject({ first_name: "Lucía", city: "Madrid", country: "ES", language_id: 2 });
  });

  it("mails a reset link after a confirmation", async () => {
    server.use(
      api.get("/af/users/:id", z.object({ data: userAdminDetail }), { data: learner }),
      api.get("/af/users/:id/accommodation", z.object({ data: accommodation }), {
        data: { user_id: 5, time_factor_percent: 100, practice_untimed: false, updated_at: null },
      }),
      api.post("/af/users/:id/password-reset", messageBody, {
        message: "A password-reset link has been sent to lucia@example.test",
      }),
    );
    const { user } = await renderPage(<UserPage />, "/af/users/5", { ...manager, path: "/af/users/:id" });
    await user.click(await screen.findByRole("button", { name: "Send reset link" }));
    const dialog = await screen.findByRole("alertdialog");
    await user.click(within(dialog).getByRole("button", { name: "Send reset link" }));
    expect(await screen.findByText("A password-reset link has been sent to lucia@example.test")).toBeTruthy();
  });
});
