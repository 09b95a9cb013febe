/**
 * Renders a page as the app composes it (app/App.tsx): a QueryClient, a router, i18next (already
 * initialised by importing it) and the toast area, at a URL, in a language, as a guest or a user.
 * Pages are given with their route pattern, so `useParams` works; any other URL they navigate to
 * lands on a stand-in that shows the path (`screen.getByTestId("where")`). `user` types and clicks.
 */
import type { RoleId } from "@aprendo/contract/domain";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, waitFor } from "@testing-library/react";
import userEvent, { type UserEvent } from "@testing-library/user-event";
import { type ReactElement, Suspense } from "react";
import { createMemoryRouter, RouterProvider, useLocation } from "react-router";
import { fullCatalogue, i18n } from "../i18n";
import { Toaster } from "../lib/Toaster";
import { type SessionUser, useSession } from "../stores/session";

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname + location.search}</p>;
}

export type RenderOptions = {
  /** The route pattern of the page (default: the path of `at`). */
  path?: string;
  language?: "en" | "es";
  /** Logged in as this user (a learner unless `role_id` says otherwise). */
  user?: Partial<SessionUser> & { role_id?: RoleId };
  /** Other pages of the route table the test needs. */
  routes?: Array<{ path: string; element: ReactElement }>;
};

const learner: SessionUser = {
  id: 7,
  name: "Ana López",
  username: "ana",
  email: "ana@example.com",
  role_id: 1,
  language_id: 1,
  permissions: [],
  first_name: "Ana",
  last_name: "López",
};

export async function renderPage(page: ReactElement, at: string, options: RenderOptions = {}) {
  localStorage.clear();
  useSession.getState().clear();
  if (options.user) {
    useSession.getState().setToken("test-token");
    useSession.getState().setUser({ ...learner, ...options.user } as SessionUser);
  }
  await fullCatalogue;
  await i18n.changeLanguage(options.language ?? "en");
  const router = createMemoryRouter(
    [
      { path: options.path ?? at.split("?")[0]!, element: page },
      ...(options.routes ?? []),
      { path: "*", element: <Where /> },
    ],
    { initialEntries: [at] },
  );
  // As the app's client, without retries: a test sees an error answer at once.
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } },
  });
  const view = render(
    <QueryClientProvider client={client}>
      <Suspense fallback={<p data-testid="page-loading">loading</p>}>
        <RouterProvider router={router} />
      </Suspense>
      <Toaster />
    </QueryClientProvider>,
  );
  await pageLoaded();
  // Keystrokes without a timer between them: the same events, several times faster.
  const user = settledFirst(userEvent.setup({ delay: null }));
  return { ...view, router, client, user };
}

/**
 * The first time a worker renders a page, the page waits (in Suspense) for its feature's translations
 * and its lazy parts, modules that Vite transforms in the test runner's main process on request: a
 * one-off cost per worker, which file pays it depends on the order files run in, and on a loaded
 * 2-core machine it has passed 5 s (the lecture player still showed "loading" at its first wait).
 * That is the bundler's time, not the page's, so it is waited for here, up to 10 s, and a test's own
 * `findBy...` waits (5 s) only on what the page does: its requests and renders.
 */
async function pageLoaded() {
  await waitFor(
    () => {
      if (document.querySelector('[data-testid="page-loading"]'))
        throw new Error("The page is still loading its translations or code");
    },
    { timeout: 10_000 },
  );
}

/**
 * A modal that opens after the first render (its page waited for data or translations) is a moment
 * unusable: Radix sets `pointer-events: none` on <body> in an effect and makes its own layer `auto` only
 * in the render that follows, which React runs in a later task. A person never clicks inside that
 * moment; a test that found the dialog's text could, and then failed on `pointer-events: none` in
 * some runs (the cart panel's test). Each action of `user` first waits for that render.
 */
function layersSettled() {
  if (document.body.style.pointerEvents !== "none") return true;
  // The open layer (a dialog, a modal menu or list) says `auto` once it has rendered again; a dialog's
  // overlay says `auto` from its first render, so it does not count.
  return (
    document.querySelector(
      ':is([role="dialog"], [role="alertdialog"], [role="menu"], [role="listbox"])[style*="pointer-events: auto"]',
    ) !== null
  );
}

function settledFirst(user: UserEvent): UserEvent {
  return new Proxy(user, {
    get(target, key, receiver) {
      const value = Reflect.get(target, key, receiver);
      if (typeof value !== "function" || key === "setup") return value;
      return async (...args: unknown[]) => {
        if (!layersSettled()) {
          await waitFor(() => {
            if (!layersSettled()) throw new Error("A modal dialog has not yet let pointer events through");
          });
        }
        return value.apply(target, args);
      };
    },
  });
}
