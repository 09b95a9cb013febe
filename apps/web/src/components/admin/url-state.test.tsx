import { act, renderHook } from "@testing-library/react";
import type { ReactNode } from "react";
import { createMemoryRouter, RouterProvider, useLocation } from "react-router";
import { describe, expect, it } from "vitest";
import { useUrlState } from "./url-state";

const defaults = { search: "", role: "all", page: "1" };

/** What the probe component saw on its last render. */
const probe: { state: ReturnType<typeof useUrlState<typeof defaults>> | null; search: string } = {
  state: null,
  search: "",
};
function Probe() {
  probe.state = useUrlState(defaults);
  probe.search = useLocation().search;
  return null;
}

function setup() {
  const router = createMemoryRouter([{ path: "/", element: <Probe /> }], { initialEntries: ["/?page=3"] });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <>
      <RouterProvider router={router} />
      {children}
    </>
  );
  renderHook(() => null, { wrapper });
  return { get: () => probe.state!, search: () => probe.search };
}

describe("list filters in the address", () => {
  it("keeps a change made by an earlier render's callback (a search that waited) with the newer filter", async () => {
    const page = setup();
    const stale = page.get()[1];
    await act(async () => page.get()[1]({ role: "1" }));
    // The search box's timer still holds the update function of the first render.
    await act(async () => stale({ search: "ana" }));
    expect(page.get()[0]).toEqual({ search: "ana", role: "1", page: "1" });
    expect(page.search()).not.toContain("page=");
  });

  it("keeps two changes made in the same moment", async () => {
    const page = setup();
    await act(async () => {
      page.get()[1]({ role: "3" });
      page.get()[1]({ search: "leo" });
    });
    expect(page.get()[0]).toEqual({ search: "leo", role: "3", page: "1" });
  });

  it("leaves values equal to their default out of the address", async () => {
    const page = setup();
    await act(async () => page.get()[1]({ role: "all", page: "2" }));
    expect(page.search()).toBe("?page=2");
  });
});
