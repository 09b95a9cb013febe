import {
  advertisementBlockEnvelope,
  advertisementBlockList,
  advertPublicList,
  messageBody,
} from "@aprendo/contract";
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { renderPage } from "../../test/render";
import { api, requests, server } from "../../test/server";
import { AdvertSlot } from "./components/AdvertSlot";
import AdvertBlockFormPage from "./pages/AdvertBlockFormPage";
import AdvertBlocksPage from "./pages/AdvertBlocksPage";

const manager = { user: { role_id: 3 as const, permissions: ["isAdvertManager" as const] } };

describe("advert placements", () => {
  it("asks for the live adverts of its placement, not of a block key, and shows them as adverts", async () => {
    server.use(
      api.get("/adverts", advertPublicList, ({ url }) => ({
        data:
          url.searchParams.get("placement") === "course_list_top"
            ? [
                {
                  id: 4,
                  title: { en: "Spring sale", es: "Rebajas de primavera" },
                  image_url: "/api/adverts/4/image?v=1",
                  link_url: "https://example.org/spring",
                },
              ]
            : [],
      })),
    );
    await renderPage(<AdvertSlot placement="course_list_top" />, "/iu/courses", { language: "es" });
    const slot = await screen.findByRole("complementary", { name: "Publicidad" });
    expect(slot.dataset.placement).toBe("course_list_top");
    expect(screen.getByRole("img", { name: "Rebajas de primavera" })).toBeTruthy();
    expect(screen.getByRole("link").getAttribute("href")).toBe("https://example.org/spring");
    expect(requests.map((r) => r.path)).toEqual(["/api/adverts?placement=course_list_top"]);
  });

  it("shows nothing where no advert is live", async () => {
    server.use(api.get("/adverts", advertPublicList, { data: [] }));
    await renderPage(<AdvertSlot placement="shop_top" />, "/iu/shop");
    await expect.poll(() => requests.length).toBe(1);
    expect(screen.queryByTestId("advert-slot")).toBeNull();
  });

  it("makes a block choose its placement from the fixed list, and sends it", async () => {
    server.use(
      api.post(
        "/af/advertisement-blocks",
        advertisementBlockEnvelope,
        ({ json }) => ({
          message: "Advertisement block saved",
          data: {
            ...(json as { key: string; name: string; placement: "course_list_top" }),
            id: 9,
            description: null,
            active: true,
            adverts_count: 0,
            created_at: "2026-11-26T01:00:00.000Z",
            updated_at: "2026-11-26T01:00:00.000Z",
          },
        }),
        201,
      ),
    );
    const { user } = await renderPage(<AdvertBlockFormPage />, "/af/advertisement-blocks/create", manager);
    await user.type(await screen.findByLabelText(/^Name/), "Spring sale");
    await user.type(screen.getByLabelText(/^Key/), "spring_sale");
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("This field is required")).toBeTruthy();
    expect(requests.filter((r) => r.method === "POST")).toHaveLength(0);

    const select = screen.getByLabelText(/^Shows at/) as HTMLSelectElement;
    expect([...select.options].map((o) => o.textContent)).toEqual([
      "Choose a placement",
      "Dashboard",
      "Course list top",
      "Title page",
      "Shop top",
    ]);
    await user.selectOptions(select, "Course list top");
    expect(screen.getByText(/Above every list of titles/)).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Save" }));
    await expect
      .poll(() => requests.find((r) => r.method === "POST")?.body)
      .toMatchObject({ key: "spring_sale", name: "Spring sale", placement: "course_list_top" });
  });
});

describe("the advertisement blocks list", () => {
  it("lists the blocks with their placement and adverts, linked to their pages, and deletes an empty one after asking", async () => {
    const block = (
      id: number,
      name: string,
      adverts: number,
    ): z.infer<typeof advertisementBlockList>["data"][number] => ({
      id,
      key: name.toLowerCase().replace(/ /g, "_"),
      name,
      description: null,
      placement: "course_list_top",
      active: true,
      adverts_count: adverts,
      created_at: "2026-11-26T01:00:00.000Z",
      updated_at: "2026-11-26T01:00:00.000Z",
    });
    server.use(
      api.get("/af/advertisement-blocks", advertisementBlockList, {
        data: [block(1, "Spring sale", 2), block(2, "Old banner", 0)],
      }),
      api.delete("/af/advertisement-blocks/:id", messageBody, { message: "Advertisement block deleted" }),
    );
    const { user } = await renderPage(<AdvertBlocksPage />, "/af/advertisement-blocks", manager);
    // The first render waits for the page's words; a loaded machine takes longer than the default second.
    const table = await screen.findByRole("table", { name: "Advertisement blocks" }, { timeout: 15_000 });
    const href = (name: string) => screen.getByRole("link", { name }).getAttribute("href");
    expect(href("New block")).toBe("/af/advertisement-blocks/create");
    expect(href("Adverts")).toBe("/af/adverts");
    expect(href("Edit Spring sale")).toBe("/af/advertisement-blocks/1");
    expect(href("Show the 2 adverts of Spring sale")).toBe("/af/adverts?block=1");
    expect(within(table).getAllByText("Course list top")).toHaveLength(2);

    await user.click(screen.getByRole("button", { name: "Delete Spring sale" }));
    const inUse = await screen.findByRole("alertdialog", { name: "Delete this block?" });
    expect(
      within(inUse).getByText("This block still has 2 adverts. Delete or move them first."),
    ).toBeTruthy();
    await user.click(within(inUse).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());

    await user.click(screen.getByRole("button", { name: "Delete Old banner" }));
    const confirm = await screen.findByRole("alertdialog", { name: "Delete this block?" });
    await user.click(within(confirm).getByRole("button", { name: "Delete" }));
    await waitFor(() =>
      expect(requests.find((r) => r.method === "DELETE")?.path).toBe("/api/af/advertisement-blocks/2"),
    );
    expect(await screen.findByText("Advertisement block deleted")).toBeTruthy();
  });
});
