/**
 * Server-sorted admin tables, on two kinds of page: one that draws its table
 * itself with SortHeader (coupons) and one built on AdminListPage's `sortKey` columns (FAQ entries).
 * A header sorts by mouse or keyboard, says its order with aria-sort, keeps it in the address, asks
 * the API for it and goes back to page 1.
 */
import { type Coupon, couponList, faqCategoryList, faqEntryList } from "@aprendo/contract";
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import CouponsPage from "../../features/commerce/pages/CouponsPage";
import FaqEntriesPage from "../../features/faqs/pages/FaqEntriesPage";
import { renderPage } from "../../test/render";
import { api, requests, server } from "../../test/server";

const coupon = (id: number, code: string): Coupon => ({
  id,
  code,
  discount_type: "percentage",
  value: 10,
  valid_from: null,
  valid_to: null,
  max_uses: null,
  uses: id,
  per_user_limit: null,
  item_types: [],
  active: true,
  created_at: "2026-11-01T10:00:00.000Z",
});

const lastCall = (path: string) => requests.filter((r) => r.path.startsWith(path)).at(-1)!.path;

describe("a server-sorted admin table", { timeout: 30_000 }, () => {
  it("sorts a page's own table from its headers, by mouse and keyboard, back to page 1", async () => {
    server.use(
      api.get("/af/coupons", couponList, ({ url }) => {
        const data = [coupon(1, "SPRING"), coupon(2, "AUTUMN")];
        const sort = url.searchParams.get("sort");
        if (sort === "code") data.sort((a, b) => a.code.localeCompare(b.code));
        if (sort === "-code") data.sort((a, b) => b.code.localeCompare(a.code));
        return { data, total: 2, next_page_url: null };
      }),
    );
    const { user, router } = await renderPage(<CouponsPage />, "/af/coupons?page=3", {
      user: { role_id: 3, permissions: ["isCouponManager"] },
    });
    await screen.findByText("SPRING", undefined, { timeout: 15_000 });
    const header = () => screen.getByRole("columnheader", { name: /^Code/ });
    expect(header().getAttribute("aria-sort")).toBe("none");

    await user.click(within(header()).getByRole("button"));
    await waitFor(() => expect(header().getAttribute("aria-sort")).toBe("ascending"));
    expect(router.state.location.search).toBe("?sort=code");
    await waitFor(() => expect(lastCall("/api/af/coupons")).toContain("sort=code"));
    expect(lastCall("/api/af/coupons")).toContain("page=1");

    within(header()).getByRole("button").focus();
    await user.keyboard("{Enter}");
    await waitFor(() => expect(header().getAttribute("aria-sort")).toBe("descending"));
    await waitFor(() => expect(lastCall("/api/af/coupons")).toContain("sort=-code"));
    const firstCode = () => within(screen.getAllByRole("row")[1]!).getAllByRole("cell")[0]!.textContent;
    await waitFor(() => expect(firstCode()).toBe("SPRING"));
    // Columns without a server order stay plain headers.
    expect(screen.getByRole("columnheader", { name: /^Applies to/ }).getAttribute("aria-sort")).toBeNull();
  });

  it("sorts an AdminListPage from its columns' sort keys and opens already sorted from the address", async () => {
    const entry = {
      id: 4,
      category_id: 1,
      question: { en: "How do I reset my password?", es: "¿Cómo cambio mi contraseña?" },
      answer: { en: "From the login page.", es: "Desde la página de acceso." },
      updated_at: "2026-11-20T10:00:00.000Z",
      category: { id: 1, name: { en: "Account", es: "Cuenta" } },
      position: 2,
      active: true,
      created_at: "2026-11-01T10:00:00.000Z",
    };
    server.use(
      api.get("/af/faqs/categories", faqCategoryList, { data: [] }),
      api.get("/af/faqs/entries", faqEntryList, { data: [entry], total: 1, next_page_url: null }),
    );
    const { user, router } = await renderPage(<FaqEntriesPage />, "/af/faqs/entries?sort=-position", {
      user: { role_id: 3, permissions: ["isFaqManager"] },
    });
    await screen.findByText("How do I reset my password?", undefined, { timeout: 15_000 });
    expect(lastCall("/api/af/faqs/entries")).toContain("sort=-position");
    const position = screen.getByRole("columnheader", { name: /^Position/ });
    expect(position.getAttribute("aria-sort")).toBe("descending");
    const question = () => screen.getByRole("columnheader", { name: /^Question/ });
    await user.click(within(question()).getByRole("button"));
    await waitFor(() => expect(router.state.location.search).toBe("?sort=question"));
    await waitFor(() => expect(lastCall("/api/af/faqs/entries")).toContain("sort=question"));
    expect(question().getAttribute("aria-sort")).toBe("ascending");
  });
});
