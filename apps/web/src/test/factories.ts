/** Records as the API answers them, for component tests: each test overrides only what it is about. */
import type { CourseCard } from "@aprendo/contract";

/** A published paid title's card, as the catalogue lists it (`buildCourseCard({ id: 3, title: "Algebra" })`). */
export const buildCourseCard = (overrides: Partial<CourseCard> = {}): CourseCard => ({
  id: 1,
  title: "Title",
  short_description: "",
  status: "published",
  category: null,
  price_pence: 1900,
  currency: "GBP",
  is_free: false,
  cover_url: null,
  level_count: 1,
  lecture_count: 2,
  duration_seconds: 600,
  enrolment_count: 0,
  published_at: null,
  enrolled: false,
  progress_percent: null,
  level: "beginner",
  language: "en",
  rating_average: 0,
  rating_count: 0,
  ...overrides,
});
