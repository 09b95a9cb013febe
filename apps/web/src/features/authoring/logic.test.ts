import type { AdminCourse } from "@aprendo/contract";
import { describe, expect, it } from "vitest";
import { errorFromResponse as errorOf } from "../../lib/http";
import { courseResolver } from "./components/courseResolver";
import {
  applyOrder,
  changedFields,
  courseFieldOf,
  courseToForm,
  emptyCourseForm,
  formatDuration,
  formToCourse,
  locateLecture,
  movedIds,
  moveItem,
  parsePrice,
  priceText,
  titleFromFileName,
} from "./logic";

const lecture = (id: number, position: number) => ({
  id,
  title_en: `Lecture ${id}`,
  title_es: `Lección ${id}`,
  position,
  status: "draft" as const,
  is_preview: false,
  has_video: false,
  has_quiz: false,
  duration_seconds: 0,
  ebook_count: 0,
  faq_count: 0,
});

function buildCourse(): AdminCourse {
  return {
    id: 1,
    category_id: null,
    category_name: null,
    status: "draft",
    title_en: "Algebra",
    title_es: "Álgebra",
    price_pence: 1999,
    currency: "GBP",
    is_free: false,
    cover_url: null,
    position: 0,
    enrolment_count: 0,
    published_at: null,
    updated_at: "2025-01-01T00:00:00.000Z",
    created_at: "2025-01-01T00:00:00.000Z",
    short_description_en: "Numbers",
    short_description_es: "Números",
    description_en: "",
    description_es: "",
    level: "all",
    language: "en",
    outcomes_en: "",
    outcomes_es: "",
    requirements_en: "",
    requirements_es: "",
    levels: [
      {
        id: 10,
        title_en: "Beginner",
        title_es: "Principiante",
        position: 0,
        modules: [
          {
            id: 100,
            title_en: "M1",
            title_es: "M1",
            position: 0,
            lectures: [lecture(1000, 0), lecture(1001, 1)],
          },
          { id: 101, title_en: "M2", title_es: "M2", position: 1, lectures: [lecture(1002, 0)] },
        ],
      },
      { id: 11, title_en: "Advanced", title_es: "Avanzado", position: 1, modules: [] },
    ],
  };
}

describe("moving items", () => {
  it("moves an item up or down by one place", () => {
    expect(moveItem(["a", "b", "c"], 2, -1)).toEqual(["a", "c", "b"]);
    expect(moveItem(["a", "b", "c"], 0, 1)).toEqual(["b", "a", "c"]);
  });

  it("leaves the list as it is at the edges", () => {
    expect(moveItem(["a", "b"], 0, -1)).toEqual(["a", "b"]);
    expect(moveItem(["a", "b"], 1, 1)).toEqual(["a", "b"]);
  });

  it("gives the new order of ids, or null when the item cannot move", () => {
    const items = [{ id: 5 }, { id: 6 }, { id: 7 }];
    expect(movedIds(items, 7, -1)).toEqual([5, 7, 6]);
    expect(movedIds(items, 5, -1)).toBeNull();
    expect(movedIds(items, 9, 1)).toBeNull();
  });

  it("keeps every id exactly once, whatever the moves", () => {
    let ids = [1, 2, 3, 4, 5].map((id) => ({ id }));
    for (const [id, delta] of [
      [1, 1],
      [5, -1],
      [3, 1],
      [2, -1],
      [4, 1],
    ] as const) {
      const next = movedIds(ids, id, delta);
      if (next) ids = next.map((n) => ({ id: n }));
    }
    expect(ids.map((i) => i.id).sort()).toEqual([1, 2, 3, 4, 5]);
  });
});

describe("applying an order to the outline", () => {
  it("re-orders the levels of a title and renumbers them", () => {
    const next = applyOrder(buildCourse(), "levels", 1, [11, 10]);
    expect(next.levels.map((l) => [l.id, l.position])).toEqual([
      [11, 0],
      [10, 1],
    ]);
  });

  it("re-orders only the lectures of the given module", () => {
    const next = applyOrder(buildCourse(), "lectures", 100, [1001, 1000]);
    expect(next.levels[0]?.modules[0]?.lectures.map((l) => l.id)).toEqual([1001, 1000]);
    expect(next.levels[0]?.modules[1]?.lectures.map((l) => l.id)).toEqual([1002]);
  });

  it("re-orders the modules of one level", () => {
    const next = applyOrder(buildCourse(), "modules", 10, [101, 100]);
    expect(next.levels[0]?.modules.map((m) => m.id)).toEqual([101, 100]);
  });

  it("finds a lecture's level, module and number in the whole title", () => {
    const place = locateLecture(buildCourse(), 1002);
    expect(place?.number).toBe(3);
    expect(place?.module.id).toBe(101);
    expect(locateLecture(buildCourse(), 42)).toBeNull();
  });
});

describe("prices", () => {
  it.each([
    ["19.99", 1999],
    ["19,99", 1999],
    ["£20", 2000],
    ["5.5", 550],
    ["0", 0],
  ])("reads %s as %i pence", (text, pence) => expect(parsePrice(text)).toBe(pence));

  it.each(["", "abc", "1.999", "-3", "1e3"])("refuses %j", (text) => expect(parsePrice(text)).toBeNull());

  it("writes pence back as pounds for the box", () => {
    expect(priceText(1999)).toBe("19.99");
    expect(priceText(2000)).toBe("20.00");
    expect(priceText(0)).toBe("");
  });
});

describe("the title form", () => {
  it("maps a title to the form and back to the same API body", () => {
    const course = buildCourse();
    const values = courseToForm(course);
    expect(values.price).toBe("19.99");
    expect(formToCourse(values)).toMatchObject({ is_free: false, price_pence: 1999, category_id: null });
  });

  it("sends a free title with price 0 whatever the box says", () => {
    expect(formToCourse({ ...emptyCourseForm, is_free: true, price: "12" }).price_pence).toBe(0);
  });

  it("sends only what changed", () => {
    const before = formToCourse(courseToForm(buildCourse()));
    const after = { ...before, title_es: "Álgebra básica" };
    expect(changedFields(before, after)).toEqual({ title_es: "Álgebra básica" });
  });

  it("maps API fields to form fields", () => {
    expect(courseFieldOf("price_pence")).toBe("price");
    expect(courseFieldOf("title_en")).toBe("title_en");
    expect(courseFieldOf("cover")).toBeNull();
  });

  it("checks the form with the contract's rules, under the form's fields", async () => {
    const resolve = (values: typeof emptyCourseForm) =>
      courseResolver(values, undefined, { fields: {}, shouldUseNativeValidation: false });
    const empty = await resolve({ ...emptyCourseForm, is_free: false, price: "" });
    expect(Object.keys(empty.errors).sort()).toEqual(["price", "title_en", "title_es"]);
    expect(empty.errors.price?.message).toBe("catalog.paidNeedsPrice");

    const badPrice = await resolve({
      ...emptyCourseForm,
      title_en: "A",
      title_es: "B",
      is_free: false,
      price: "x",
    });
    expect(badPrice.errors.price?.message).toBe("validation.invalid");

    const good = await resolve({ ...emptyCourseForm, title_en: "A", title_es: "B" });
    expect(good.errors).toEqual({});
  });
});

describe("small formatters", () => {
  it("formats durations", () => {
    expect(formatDuration(75)).toBe("1:15");
    expect(formatDuration(3725)).toBe("1:02:05");
    expect(formatDuration(0)).toBe("0:00");
  });

  it("makes an e-book title from a file name", () => {
    expect(titleFromFileName("unit-1_notes.pdf")).toBe("unit 1 notes");
  });
});

describe("upload errors", () => {
  it("follow the rules of spec section 8", () => {
    expect(errorOf(415, { message: "The file must be one of: PDF" }).detail).toBe(
      "The file must be one of: PDF",
    );
    expect(errorOf(422, { errors: { file: ["Choose a file"] } }).fieldErrors).toEqual({
      file: ["Choose a file"],
    });
    expect(errorOf(502, "<html>").detail).toBe("error.somethingWrong");
  });
});
