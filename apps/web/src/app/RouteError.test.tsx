import { render, screen } from "@testing-library/react";
import { createMemoryRouter, Outlet, RouterProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fullCatalogue, i18n } from "../i18n";
import { useOnline } from "../stores/online";
import { page } from "./lazy";
import { RouteError, withinShell } from "./RouteError";

function Shell() {
  return (
    <div>
      <nav>top bar and menu</nav>
      <Outlet />
    </div>
  );
}

/** The app's composition in miniature: a layout whose Events page chunk cannot be fetched. */
async function openBrokenEvents(language: "en" | "es") {
  await fullCatalogue;
  await i18n.changeLanguage(language);
  await i18n.loadNamespaces("shell");
  const router = createMemoryRouter(
    [
      {
        errorElement: <RouteError />,
        // The page is lazy from the first render: nothing shows until it settles.
        hydrateFallbackElement: <span />,
        children: [
          {
            element: <Shell />,
            children: withinShell([
              {
                path: "/iu/events",
                lazy: page(
                  () => Promise.reject(new TypeError("Failed to fetch dynamically imported module")),
                  "EventsPage",
                ),
                handle: { title: "titles.events" },
              },
            ]),
          },
        ],
      },
    ],
    { initialEntries: ["/iu/events"] },
  );
  render(<RouterProvider router={router} />);
}

afterEach(() => vi.restoreAllMocks());

describe("a page chunk that fails to load", () => {
  it("says so inside the shell, by the page's name, shakes the offline banner and offers a retry", async () => {
    const shake = vi.spyOn(useOnline.getState(), "shake");
    useOnline.setState({ shake });
    await openBrokenEvents("en");
    expect((await screen.findByRole("heading", { level: 1 })).textContent).toBe("The page could not load");
    expect(screen.getByText("top bar and menu")).toBeTruthy();
    expect(screen.getByText(/^Events failed to load; reload later/)).toBeTruthy();
    expect(document.body.textContent).not.toContain("EventsPage");
    expect(shake).toHaveBeenCalled();
    expect(screen.getByTestId("route-error-retry").textContent).toBe("Try again");
  });

  it("speaks Spanish", async () => {
    await openBrokenEvents("es");
    expect((await screen.findByRole("heading", { level: 1 })).textContent).toBe(
      "No se pudo cargar la página",
    );
    expect(screen.getByText(/^No se pudo cargar Eventos;/)).toBeTruthy();
    expect(screen.getByTestId("route-error-retry").textContent).toBe("Reintentar");
  });
});
