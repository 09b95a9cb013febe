import { act, renderHook } from "@testing-library/react";
import type { ReactNode } from "react";
import { createMemoryRouter, RouterProvider, useLocation } from "react-router";
import { describe, expect, it } from "vitest";
import { stillOnTheirWay, useUrlState } from "./url-state";

const defaults = { search: "", role: "all", child: "", page: "1" };

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
  // Navigations held back until `arrive` lets the oldest one through, as a busy machine delivers them.
  const held: (() => Promise<void>)[] = [];
  let holding = false;
  const navigate = router.navigate.bind(router);
  router.navigate = ((...args: Parameters<typeof navigate>) => {
    if (!holding) return navigate(...args);
    held.push(() => navigate(...args));
    return Promise.resolve();
  }) as typeof router.navigate;
  const wrapper = ({ children }: { children: ReactNode }) => (
    <>
      <RouterProvider router={router} />
      {children}
    </>
  );
  renderHook(() => null, { wrapper });
  return {
    get: () => probe.state!,
    search: () => probe.search,
    hold: () => {
      holding = true;
    },
    arrive: () => act(async () => held.shift()?.()),
  };
}

describe("list filters in the address", () => {
  it("keeps a change made by an earlier render's callback (a search that waited) with the newer filter", async () => {
    const page = setup();
    const stale = page.get()[1];
    await act(async () => page.get()[1]({ role: "1" }));
    // The search box's timer still holds the update function of the first render.
    await act(async () => stale({ search: "ana" }));
    expect(page.get()[0]).toEqual({ search: "ana", role: "1", child: "", page: "1" });
    expect(page.search()).not.toContain("page=");
  });

  it("keeps two changes made in the same moment", async () => {
    const page = setup();
    await act(async () => {
      page.get()[1]({ role: "3" });
      page.get()[1]({ search: "leo" });
    });
    expect(page.get()[0]).toEqual({ search: "leo", role: "3", child: "", page: "1" });
  });

  it("keeps a search still on its way when an older address is shown before the next select", async () => {
    const page = setup();
    page.hold();
    await act(async () => page.get()[1]({ role: "1" }));
    // The typed search is sent after its pause, while the select's address has not arrived yet.
    await act(async () => page.get()[1]({ search: "ana" }));
    await page.arrive();
    expect(page.search()).toBe("?role=1");
    // A second select, chosen while the search is still on its way, must be built on the search.
    await act(async () => page.get()[1]({ child: "7" }));
    await page.arrive();
    await page.arrive();
    expect(page.get()[0]).toEqual({ search: "ana", role: "1", child: "7", page: "1" });
  });

  it("starts again from an address the list did not send (Back, a link)", () => {
    expect(stillOnTheirWay(["role=1", "role=1&search=ana"], "role=1")).toEqual(["role=1&search=ana"]);
    expect(stillOnTheirWay(["role=1", "role=1&search=ana"], "role=1&search=ana")).toEqual([]);
    // The router skipped the first: the second arrived, nothing is left on its way.
    expect(stillOnTheirWay(["role=1", "role=2"], "role=2")).toEqual([]);
    expect(stillOnTheirWay(["role=1", "role=1&search=ana"], "page=4")).toEqual([]);
  });

  it("leaves values equal to their default out of the address", async () => {
    const page = setup();
    await act(async () => page.get()[1]({ role: "all", page: "2" }));
    expect(page.search()).toBe("?page=2");
  });
});
