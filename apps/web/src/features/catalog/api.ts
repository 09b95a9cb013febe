/** The catalogue's calls: title lists, categories, a title's page, enrolment and the learning dashboard. */
import type {
  CourseDetail,
  CourseExamList,
  CourseList,
  CourseSuggestions,
  courseCategoryList,
  enrolResult,
  LearningDashboard,
} from "@aprendo/contract";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { get, post } from "../../lib/http";
import type { CatalogueFilters, CourseListParams } from "./catalogue.types";
import { type CourseScope, listPath } from "./logic";

export type { CatalogueFilters, CourseListParams };

export const PER_PAGE = 12;

/** Texts come in the request language, so every key carries it. */
function useLanguage() {
  return useTranslation().i18n.language === "es" ? "es" : "en";
}

export function useCourseList(scope: CourseScope, params: CourseListParams) {
  const language = useLanguage();
  const path = listPath(scope, params.categoryId);
  return useQuery({
    queryKey: ["catalog", "list", scope, params, language],
    // A category's list (categoryCourseList) adds its `category`, which no list page reads.
    queryFn: ({ signal }) =>
      get<CourseList>(path, {
        query: {
          page: params.page,
          per_page: PER_PAGE,
          q: params.q || undefined,
          category_id: scope === "all" ? params.categoryId : undefined,
        },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useCatalogue(filters: CatalogueFilters, perPage = PER_PAGE) {
  const language = useLanguage();
  const { category, q, ...rest } = filters;
  return useQuery({
    queryKey: ["catalog", "catalogue", filters, perPage, language],
    queryFn: ({ signal }) =>
      get<CourseList>("/courses", {
        query: { ...rest, q: q || undefined, category_id: category, per_page: perPage },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** Titles matching what is typed, for the search box's suggestions. */
export function useSuggestions(q: string) {
  const language = useLanguage();
  return useQuery({
    queryKey: ["catalog", "suggest", q, language],
    queryFn: ({ signal }) => get<CourseSuggestions>("/courses/suggest", { query: { q }, signal }),
    select: (body) => body.data,
    enabled: q.trim().length >= 2,
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });
}

export function useCategories() {
  const language = useLanguage();
  return useQuery({
    queryKey: ["catalog", "categories", language],
    queryFn: ({ signal }) => get<z.infer<typeof courseCategoryList>>("/iu/categories", { signal }),
    select: (body) => body.data,
    staleTime: 5 * 60_000,
  });
}

/** A title's page: the learner's (with lecture states) or, for guests, the public one. */
export function useCourse(id: number, audience: "learner" | "guest" = "learner") {
  const language = useLanguage();
  return useQuery({
    queryKey: ["catalog", "course", id, audience, language],
    queryFn: ({ signal }) =>
      get<CourseDetail>(audience === "guest" ? `/courses/${id}` : `/iu/courses/${id}`, { signal }),
    enabled: id > 0,
  });
}

export function useEnrol() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (courseId: number) => post<z.infer<typeof enrolResult>>(`/iu/courses/${courseId}/enrol`),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ["catalog"] });
      void client.invalidateQueries({ queryKey: ["learning"] });
    },
  });
}

export function useLearningDashboard() {
  const language = useLanguage();
  return useQuery({
    queryKey: ["catalog", "dashboard", language],
    queryFn: ({ signal }) => get<LearningDashboard>("/iu/dashboard/learning", { signal }),
  });
}

/** A module or level exam on the title page (GET /iu/courses/:id/exams). */
export type CourseExam = CourseExamList["data"][number];

export function useCourseExams(courseId: number, enabled = true) {
  const language = useLanguage();
  return useQuery({
    queryKey: ["catalog", "exams", courseId, language],
    queryFn: ({ signal }) => get<CourseExamList>(`/iu/courses/${courseId}/exams`, { signal }),
    select: (body) => body.data,
    enabled: enabled && courseId > 0,
  });
}
