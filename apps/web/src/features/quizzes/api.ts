/**
 * The quiz calls (contract: packages/contract/src/schemas/quizzes.ts): the learner's instructions,
 * attempt, answers, submit and result; authoring and bulk upload; access management. Every answer
 * depends on the language (texts come translated), so the language is part of each query key.
 */
import type {
  AccommodationInput,
  AdminCourse,
  AdminQuiz,
  AttemptBody,
  AttemptResult,
  accessAuditItem,
  accessChanged,
  accessLearner,
  accessLearnerList,
  accommodationEnvelope,
  accommodationSaved,
  adminQuizList,
  answerSaved,
  bulkUploadErrors,
  bulkUploadReport,
  CourseDetail,
  CourseList,
  courseAccessItem,
  examAccessItem,
  MessageBody,
  Paginated,
  QuestionInput,
  QuizAnswer,
  QuizInstructions,
  quizCreated,
  quizInput,
  quizPatch,
  quizPreview,
} from "@aprendo/contract";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { ApiError, del, get, patch, post, put } from "../../lib/http";
import { ownerSegment, type QuizOwner } from "./logic";

type Created = z.infer<typeof quizCreated>;
type AccessChanged = z.infer<typeof accessChanged>;

function useLanguage() {
  return useTranslation().i18n.language === "es" ? "es" : "en";
}

/** Refusals (403, 404, 409) are answers, not hiccups: no retry. */
const noRetryOn4xx = (failures: number, error: unknown) =>
  failures < 1 && !(error instanceof ApiError && error.status < 500);

export const quizKeys = {
  all: ["quizzes"] as const,
  instructions: (owner: QuizOwner, language: string) =>
    ["quizzes", "instructions", owner.kind, owner.id, language] as const,
  attempt: (id: number, language: string) => ["quizzes", "attempt", id, language] as const,
  result: (id: number, language: string) => ["quizzes", "result", id, language] as const,
};

// ---------------------------------------------------------------- learner

export function useInstructions(owner: QuizOwner | null) {
  const language = useLanguage();
  return useQuery({
    queryKey: owner ? quizKeys.instructions(owner, language) : ["quizzes", "none"],
    queryFn: ({ signal }) =>
      get<QuizInstructions>(`/iu/${ownerSegment(owner!.kind)}/${owner!.id}/quiz`, { signal }),
    enabled: owner !== null,
    retry: noRetryOn4xx,
    staleTime: 0,
    refetchOnWindowFocus: true,
  });
}

export const startAttempt = (owner: QuizOwner) =>
  post<AttemptBody>(`/iu/${ownerSegment(owner.kind)}/${owner.id}/quiz/attempt`);

export function useAttempt(id: number) {
  const language = useLanguage();
  return useQuery({
    queryKey: quizKeys.attempt(id, language),
    queryFn: async ({ signal }) => received(await get<AttemptBody>(`/iu/quiz-attempts/${id}`, { signal })),
    enabled: id > 0,
    retry: noRetryOn4xx,
    staleTime: 0,
    // Re-synced with the server's clock whenever the learner comes back to the tab.
    refetchOnWindowFocus: true,
  });
}
/** The attempt and when it arrived: the timer counts from then against the server's remaining seconds. */
const received = (body: AttemptBody) => ({ ...body, received_at: Date.now() });
export type LoadedAttempt = ReturnType<typeof received>;

export const saveAnswer = (attemptId: number, questionId: number, answer: QuizAnswer) =>
  put<z.infer<typeof answerSaved>>(`/iu/quiz-attempts/${attemptId}/answers/${questionId}`, { answer });

/** Five more minutes in a timed practice quiz (409 when none are left). */
export const extendAttempt = (attemptId: number) =>
  post<AttemptBody>(`/iu/quiz-attempts/${attemptId}/extend`);

export const submitAttempt = (attemptId: number) =>
  post<AttemptResult>(`/iu/quiz-attempts/${attemptId}/submit`);

export function useResult(id: number, enabled: boolean) {
  const language = useLanguage();
  return useQuery({
    queryKey: quizKeys.result(id, language),
    queryFn: ({ signal }) => get<AttemptResult>(`/iu/quiz-attempts/${id}/result`, { signal }),
    enabled: enabled && id > 0,
    retry: noRetryOn4xx,
  });
}

// ---------------------------------------------------------------- authoring

export type AdminQuizSummary = Omit<AdminQuiz, "questions" | "instructions_en" | "instructions_es">;
export type QuizPreview = z.infer<typeof quizPreview>;
/** A quiz's settings as the editor sends them on create (with its owner) and on save (PATCH). */
export type QuizSettings = Omit<z.input<typeof quizInput>, "owner">;

/** The title's structure (levels, modules, lectures) as authors see it. */
export function useAdminOutline(courseId: number) {
  return useQuery({
    queryKey: ["quizzes", "admin", "outline", courseId],
    queryFn: ({ signal }) => get<AdminCourse>(`/af/courses/${courseId}`, { signal }),
    enabled: courseId > 0,
    retry: noRetryOn4xx,
  });
}

export function useCourseQuizzes(courseId: number) {
  return useQuery({
    queryKey: ["quizzes", "admin", "list", courseId],
    queryFn: ({ signal }) =>
      get<z.infer<typeof adminQuizList>>("/af/quizzes", { query: { course_id: courseId }, signal }),
    select: (body) => body.data,
    enabled: courseId > 0,
  });
}

export function useAdminQuiz(id: number) {
  return useQuery({
    queryKey: ["quizzes", "admin", "quiz", id],
    queryFn: ({ signal }) => get<AdminQuiz>(`/af/quizzes/${id}`, { signal }),
    enabled: id > 0,
    retry: noRetryOn4xx,
  });
}

export function usePreview(id: number, enabled: boolean) {
  const language = useLanguage();
  return useQuery({
    queryKey: ["quizzes", "admin", "preview", id, language],
    queryFn: ({ signal }) => get<QuizPreview>(`/af/quizzes/${id}/preview`, { signal }),
    enabled: enabled && id > 0,
    staleTime: 0,
  });
}

export function useQuizMutations(quizId: number) {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: ["quizzes", "admin"] });
  const setQuiz = (quiz: AdminQuiz) => {
    client.setQueryData(["quizzes", "admin", "quiz", quizId], quiz);
    void client.invalidateQueries({ queryKey: ["quizzes", "admin", "list"] });
  };
  return {
    update: useMutation({
      mutationFn: (body: z.input<typeof quizPatch>) => patch<AdminQuiz>(`/af/quizzes/${quizId}`, body),
      onSuccess: setQuiz,
    }),
    remove: useMutation({
      mutationFn: () => del<MessageBody>(`/af/quizzes/${quizId}`),
      onSuccess: refresh,
    }),
    addQuestion: useMutation({
      mutationFn: (body: QuestionInput) => post<Created>(`/af/quizzes/${quizId}/questions`, body),
      onSuccess: refresh,
    }),
    updateQuestion: useMutation({
      mutationFn: ({ id, body }: { id: number; body: QuestionInput }) =>
        patch<AdminQuiz>(`/af/quiz-questions/${id}`, body),
      onSuccess: setQuiz,
    }),
    deleteQuestion: useMutation({
      mutationFn: (id: number) => del<MessageBody>(`/af/quiz-questions/${id}`),
      onSuccess: refresh,
    }),
    order: useMutation({
      mutationFn: (ids: number[]) => put<AdminQuiz>(`/af/quizzes/${quizId}/questions/order`, { ids }),
      onSuccess: setQuiz,
    }),
  };
}

export function useCreateQuiz() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: z.input<typeof quizInput>) => post<Created>("/af/quizzes", body),
    onSuccess: () => client.invalidateQueries({ queryKey: ["quizzes", "admin"] }),
  });
}

export type BulkReport = z.infer<typeof bulkUploadReport>;
/** One refused line of the CSV, as the 422 answer lists it. */
export type BulkLine = NonNullable<z.infer<typeof bulkUploadErrors>["lines"]>[number];

export function useBulkUpload() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append("file", file);
      return post<BulkReport>("/af/quizzes/bulk-upload", form, { timeoutMs: 120_000 });
    },
    onSuccess: () => client.invalidateQueries({ queryKey: ["quizzes", "admin"] }),
  });
}

/** The line-by-line report of a refused upload, when the error carries one. */
export function bulkLines(error: unknown): BulkLine[] | null {
  if (!(error instanceof ApiError)) return null;
  const lines = (error.body as { lines?: unknown } | undefined)?.lines;
  return Array.isArray(lines) ? (lines as BulkLine[]) : null;
}

// ---------------------------------------------------------------- access management

export type AccessLearner = z.infer<typeof accessLearner>;
export type CourseAccessItem = z.infer<typeof courseAccessItem>;
export type ExamAccessItem = z.infer<typeof examAccessItem>;
export type AuditItem = z.infer<typeof accessAuditItem>;
export type AccessKind = "course" | "exam";
export const accessPerPage = 20;

const accessPath = (kind: AccessKind) =>
  kind === "course" ? "/af/course-access-management" : "/af/exam-access-management";

export function useAccessList<T>(kind: AccessKind, query: { page: number; q: string }) {
  const language = useLanguage();
  return useQuery({
    queryKey: ["quizzes", "access", kind, query, language],
    queryFn: ({ signal }) =>
      get<Paginated<T>>(accessPath(kind), {
        query: { page: query.page, per_page: accessPerPage, q: query.q || undefined },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useAudit(query: { page: number; q: string }) {
  const language = useLanguage();
  return useQuery({
    queryKey: ["quizzes", "access", "audit", query, language],
    queryFn: ({ signal }) =>
      get<Paginated<AuditItem>>("/af/access-management/audit", {
        query: { page: query.page, per_page: accessPerPage, q: query.q || undefined },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useLearnerSearch(q: string) {
  return useQuery({
    queryKey: ["quizzes", "access", "learners", q],
    queryFn: ({ signal }) =>
      get<z.infer<typeof accessLearnerList>>("/af/access-management/learners", { query: { q }, signal }),
    select: (body) => body.data,
    enabled: q.trim().length >= 2,
    placeholderData: keepPreviousData,
  });
}

export function useAccessMutations(kind: AccessKind) {
  const client = useQueryClient();
  const onSuccess = () => client.invalidateQueries({ queryKey: ["quizzes", "access"] });
  return {
    grant: useMutation({
      mutationFn: (body: Record<string, unknown>) => post<AccessChanged>(accessPath(kind), body),
      onSuccess,
    }),
    revoke: useMutation({
      mutationFn: ({ id, reason }: { id: number; reason: string }) =>
        post<AccessChanged>(`${accessPath(kind)}/${id}/revoke`, { reason }),
      onSuccess,
    }),
  };
}

/** Published titles (public list), to pick the title of a grant. */
export function useTitleOptions() {
  const language = useLanguage();
  return useQuery({
    queryKey: ["quizzes", "access", "titles", language],
    queryFn: ({ signal }) => get<CourseList>("/courses", { query: { per_page: 100 }, signal }),
    select: (body) => body.data,
    staleTime: 5 * 60_000,
  });
}

/** A title's outline (public), to pick one of its module or level exams. */
export function useTitleDetail(courseId: number) {
  const language = useLanguage();
  return useQuery({
    queryKey: ["quizzes", "access", "title", courseId, language],
    queryFn: ({ signal }) => get<CourseDetail>(`/courses/${courseId}`, { signal }),
    enabled: courseId > 0,
    staleTime: 5 * 60_000,
  });
}

// ---------------------------------------------------------------- accommodations

/** A learner's accessibility accommodation (user managers). */
export function useAccommodation(userId: number) {
  return useQuery({
    queryKey: ["quizzes", "accommodation", userId],
    queryFn: ({ signal }) =>
      get<z.infer<typeof accommodationEnvelope>>(`/af/users/${userId}/accommodation`, { signal }),
    select: (body) => body.data,
    retry: noRetryOn4xx,
  });
}

export function useSaveAccommodation(userId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: AccommodationInput) =>
      put<z.infer<typeof accommodationSaved>>(`/af/users/${userId}/accommodation`, body),
    onSuccess: () => client.invalidateQueries({ queryKey: ["quizzes", "accommodation", userId] }),
  });
}
