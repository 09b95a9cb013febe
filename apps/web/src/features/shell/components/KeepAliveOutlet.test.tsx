import { render, screen, waitFor } from "@testing-library/react";
import { createMemoryRouter, Link, Navigate, Outlet, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { KeepAliveOutlet } from "./KeepAliveOutlet";

/** An area whose own address only redirects to its first section, as the profile area does. */
function Area() {
  return (
    <section>
      <h2>Area</h2>
      <Outlet />
    </section>
  );
}

function start() {
  const router = createMemoryRouter(
    [
      {
        element: <KeepAliveOutlet />,
        children: [
          {
            path: "/home",
            element: (
              <>
                <h2>Home</h2>
                <Link to="/area">To the area</Link>
              </>
            ),
          },
          {
            path: "/area",
            element: <Area />,
            children: [
              { index: true, element: <Navigate to="info" replace /> },
              { path: "info", element: <p>Info</p> },
            ],
          },
        ],
      },
    ],
    { initialEntries: ["/home"] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe("keep-alive of the learner area", () => {
  it("keeps the page left by a link, but not the one a redirect replaced", async () => {
    const router = start();
    await router.navigate("/area");
    await waitFor(() => expect(router.state.location.pathname).toBe("/area/info"));
    expect(await screen.findByRole("heading", { name: "Area" })).toBeTruthy();
    // Home is kept, hidden (role queries skip it), for Back; the area's redirecting address left no
    // second, hidden copy of the area.
    expect(screen.getByText("Home", { selector: "h2" })).toBeTruthy();
    expect(screen.queryByRole("heading", { name: "Home" })).toBeNull();
    expect(screen.getAllByText("Area")).toHaveLength(1);
    await router.navigate(-1);
    expect(await screen.findByRole("heading", { name: "Home" })).toBeTruthy();
  });
});
