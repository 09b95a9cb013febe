import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Suspense } from "react";
import { createMemoryRouter, RouterProvider, useLocation } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { i18n } from "../../../i18n";
import { useSession } from "../../../stores/session";
import DeleteAccountPage from "./DeleteAccountPage";
import LoginPage from "./LoginPage";
import RegisterPage from "./RegisterPage";

const toast = vi.hoisted(() => ({ error: vi.fn(), success: vi.fn(), info: vi.fn() }));
vi.mock("sonner", () => ({ toast, Toaster: () => null }));

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

type Handler = (url: string, init: RequestInit) => Response;
let fetchMock: ReturnType<typeof vi.fn>;
function stubFetch(handler: Handler) {
  fetchMock = vi.fn(async (url: string, init: RequestInit) => handler(url, init));
  vi.stubGlobal("fetch", fetchMock);
}
const bodyOf = (path: string) => {
  const call = fetchMock.mock.calls.find(([url]) => url === path) as [string, RequestInit] | undefined;
  return call ? JSON.parse(String(call[1].body)) : undefined;
};

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname + location.search}</p>;
}

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: "/", element: <LoginPage /> },
      { path: "/login", element: <LoginPage /> },
      { path: "/register", element: <RegisterPage /> },
      { path: "/iu/profile/delete-account", element: <DeleteAccountPage /> },
      { path: "*", element: <Where /> },
    ],
    { initialEntries: [path] },
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <Suspense fallback={<p>loading</p>}>
        <RouterProvider router={router} />
      </Suspense>
    </QueryClientProvider>,
  );
  return router;
}

const user = {
  id: 3,
  name: "ana_lopez",
  username: "ana",
  email: "a@x.io",
  phone: null,
  role_id: 1,
  language_id: 1,
};

beforeEach(async () => {
  Object.defineProperty(window.navigator, "onLine", { configurable: true, get: () => true });
  useSession.getState().clear();
  localStorage.clear();
  toast.error.mockClear();
  toast.success.mockClear();
  await i18n.changeLanguage("en");
});
afterEach(() => vi.unstubAllGlobals());

describe("login page", () => {
  it("shows the spec's messages under the fields, in the current language", async () => {
    await i18n.changeLanguage("es");
    stubFetch(() => json(500, {}));
    renderAt("/login");
    await userEvent.click(await screen.findByRole("button", { name: "Iniciar sesión" }));
    expect(await screen.findAllByText("Este campo es obligatorio")).toHaveLength(2);
    await userEvent.type(screen.getByLabelText(/Usuario, correo/), "a b");
    await userEvent.click(screen.getByRole("button", { name: "Iniciar sesión" }));
    expect(
      await screen.findByText(
        "Introduce un nombre de usuario, correo electrónico o número de teléfono válido (con prefijo de país)",
      ),
    ).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("logs in, loads the user and lands on the redirect", async () => {
    stubFetch((url) =>
      url === "/api/auth/login"
        ? json(200, { access_token: "tok", token_type: "Bearer", expires_in: 900 })
        : json(200, user),
    );
    renderAt("/login?redirect=%2Fiu%2Fcourses%2F4");
    await userEvent.type(await screen.findByLabelText(/Username, email/), "ana");
    await userEvent.type(screen.getByLabelText(/^Password/), "Secret-pass1");
    await userEvent.click(screen.getByRole("button", { name: "Log in" }));

    expect((await screen.findByTestId("where")).textContent).toBe("/iu/courses/4");
    expect(bodyOf("/api/auth/login")).toEqual({ login: "ana", password: "Secret-pass1" });
    const me = fetchMock.mock.calls.find(([url]) => url === "/api/auth/me") as [string, RequestInit];
    expect((me[1].headers as Record<string, string>).Authorization).toBe("Bearer tok");
    expect(useSession.getState()).toMatchObject({ token: "tok", role: 1, username: "ana" });
  });

  it("shows a refused login as a toast and keeps the visitor logged out", async () => {
    stubFetch(() => json(401, { message: "Invalid login credentials" }));
    // At /login, not /: the home page's showcase of titles (a lazy chunk of the catalogue, its
    // module graph imported cold in this file's own worker) took 8 to 28 s under load and is not
    // what this test is about; the browser tests check the home page.
    renderAt("/login");
    await userEvent.type(await screen.findByLabelText(/Username, email/), "ana");
    await userEvent.type(screen.getByLabelText(/^Password/), "wrong");
    await userEvent.click(screen.getByRole("button", { name: "Log in" }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith("Invalid login credentials"));
    expect(useSession.getState().token).toBeNull();
  });

  it("continues with the SMS code when the phone is not verified", async () => {
    stubFetch((url) => {
      if (url === "/api/auth/login")
        return json(200, {
          phone_verification_required: true,
          phone_verification: { ticket: "t1", phone: "+44*******123", resend_after_seconds: 60 },
        });
      if (url === "/api/auth/phone/verify")
        return json(200, { message: "ok", access_token: "tok2", token_type: "Bearer", expires_in: 900 });
      return json(200, user);
    });
    renderAt("/login");
    await userEvent.type(await screen.findByLabelText(/Username, email/), "+447700900123");
    await userEvent.type(screen.getByLabelText(/^Password/), "Secret-pass1");
    await userEvent.click(screen.getByRole("button", { name: "Log in" }));

    expect(await screen.findByText("We sent a 6-digit code to +44*******123.")).toBeTruthy();
    expect(screen.getByText(/New code available in 1:00|New code available in 0:59/)).toBeTruthy();
    await userEvent.type(screen.getByLabelText(/Verification code/), "123456");
    await userEvent.click(screen.getByRole("button", { name: "Verify" }));
    expect((await screen.findByTestId("where")).textContent).toBe("/iu/dashboard");
    expect(bodyOf("/api/auth/phone/verify")).toEqual({ ticket: "t1", code: "123456" });
  });
});

describe("register page", () => {
  it("asks for the guardian's email and phone only when the date of birth makes the user a child", async () => {
    stubFetch(() => json(500, {}));
    renderAt("/register");
    const dob = await screen.findByLabelText(/^Date of birth/);
    expect(screen.queryByLabelText(/guardian's email/)).toBeNull();

    const year = new Date().getFullYear();
    await userEvent.type(dob, `04/03/${year - 8}`);
    expect(await screen.findByLabelText(/guardian's email/)).toBeTruthy();
    expect(screen.getByLabelText(/guardian's phone/)).toBeTruthy();

    await userEvent.clear(dob);
    await userEvent.type(dob, `0403${year - 30}`);
    await waitFor(() => expect(screen.queryByLabelText(/guardian's email/)).toBeNull());
  });

  it("puts the server's field messages under the fields", async () => {
    stubFetch(() =>
      json(422, {
        message: "This username is already taken",
        errors: { username: ["This username is already taken"] },
      }),
    );
    renderAt("/register");
    await userEvent.type(await screen.findByLabelText(/^First name/), "Ana");
    await userEvent.type(screen.getByLabelText(/^Last name/), "Lopez");
    await userEvent.type(screen.getByLabelText(/^Date of birth/), "02/01/1990");
    await userEvent.type(screen.getByLabelText(/^Username/), "ana");
    await userEvent.type(screen.getByLabelText(/^Email/), "ana@example.com");
    await userEvent.type(screen.getByLabelText(/^Repeat the email/), "ana@example.com");
    await userEvent.type(screen.getByLabelText(/^Password/), "Secret-pass1");
    await userEvent.type(screen.getByLabelText(/^Repeat the password/), "Secret-pass1");
    await userEvent.click(screen.getByLabelText(/I accept the terms/));
    await userEvent.click(screen.getByRole("button", { name: "Create account" }));

    await waitFor(() => expect(toast.error).toHaveBeenCalledWith("This username is already taken"));
    const username = screen.getByLabelText(/^Username/);
    expect(username.getAttribute("aria-invalid")).toBe("true");
    expect(screen.getByText("This username is already taken")).toBeTruthy();
    expect(bodyOf("/api/auth/register")).toMatchObject({
      registered_by: "self",
      username: "ana",
      email: "ana@example.com",
      guardian_email: null,
      terms: true,
    });
  });
});

describe("delete account page", () => {
  it("warns before leaving an edited form", async () => {
    useSession.getState().setToken("tok");
    useSession.getState().setUser({ ...user, role_id: 1 } as never);
    stubFetch(() => json(200, {}));
    const router = renderAt("/iu/profile/delete-account");
    await userEvent.type(await screen.findByLabelText(/Why are you leaving/), "Too busy this year");
    await router.navigate("/iu/profile");
    expect(await screen.findByText("If you leave this page, all editing is discarded.")).toBeTruthy();
    await userEvent.click(screen.getByRole("button", { name: "Stay on this page" }));
    expect(router.state.location.pathname).toBe("/iu/profile/delete-account");
  });

  it("checks the typed username before asking for confirmation", async () => {
    useSession.getState().setToken("tok");
    useSession.getState().setUser({ ...user, role_id: 1 } as never);
    stubFetch(() => json(200, {}));
    renderAt("/iu/profile/delete-account");
    await userEvent.type(await screen.findByLabelText(/Why are you leaving/), "Too busy this year");
    await userEvent.type(screen.getByLabelText(/Type your username/), "someone");
    await userEvent.click(screen.getByRole("button", { name: "Delete my account" }));
    expect(await screen.findByText("The username does not match your account")).toBeTruthy();
    expect(screen.queryByRole("alertdialog")).toBeNull();
  });
});
