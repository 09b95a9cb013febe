/** The lecture's calls: detail, progress reports, notes, Q&A and e-book pages. */
import type {
  LectureDetail,
  LectureNote,
  LectureNoteListItem,
  LectureQuestionSort,
  lectureEbookPageSaved,
  lectureEbookViewToken,
  lectureNoteList,
  lectureNoteOrNull,
  lectureQuestionCreated,
  lectureQuestionList,
  MessageBody,
  NoteDoc,
  ProgressReport,
  ProgressResult,
} from "@aprendo/contract";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { ApiError, del, get, post, put } from "../../lib/http";

function useLanguage() {
  return useTranslation().i18n.language === "es" ? "es" : "en";
}

export const lectureKey = (id: number, language: string, preview = false) =>
  ["learning", "lecture", id, preview ? "preview" : "learner", language] as const;

/** Refused lectures (403/404) are answers, not hiccups: no retry. */
const noRetryOn4xx = (failures: number, error: unknown) =>
  failures < 1 && !(error instanceof ApiError && error.status < 500);

export function useLecture(id: number, options: { preview?: boolean; enabled?: boolean } = {}) {
  const language = useLanguage();
  const preview = options.preview ?? false;
  return useQuery({
    queryKey: lectureKey(id, language, preview),
    queryFn: ({ signal }) =>
      get<LectureDetail>(preview ? `/lectures/${id}/preview` : `/iu/lectures/${id}`, { signal }),
    enabled: id > 0 && (options.enabled ?? true),
    retry: noRetryOn4xx,
    // Media links carry a 4-hour token: a lecture left open that long fetches fresh ones.
    refetchInterval: 3 * 60 * 60_000,
  });
}

export const reportProgress = (lectureId: number, report: ProgressReport) =>
  put<ProgressResult>(`/iu/lectures/${lectureId}/progress`, report);

/** A lecture without a video is completed by the learner (idempotent). */
export const markLectureComplete = (lectureId: number) =>
  put<ProgressResult>(`/iu/lectures/${lectureId}/completion`);

// ---------- notes ----------

export type { LectureNote, NoteDoc };
export type NoteListItem = LectureNoteListItem;

export function useNote(lectureId: number) {
  return useQuery({
    queryKey: ["learning", "note", lectureId],
    queryFn: ({ signal }) =>
      get<z.infer<typeof lectureNoteOrNull>>(`/iu/lectures/${lectureId}/note`, { signal }),
    select: (body) => body.data,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export const fetchNote = (lectureId: number) =>
  get<z.infer<typeof lectureNoteOrNull>>(`/iu/lectures/${lectureId}/note`).then((body) => body.data);
export const saveNote = (lectureId: number, content: NoteDoc) =>
  put<z.infer<typeof lectureNoteOrNull>>(`/iu/lectures/${lectureId}/note`, { content });
export const deleteNote = (lectureId: number) => del<MessageBody>(`/iu/lectures/${lectureId}/note`);

export function useCourseNotes(courseId: number, enabled = true) {
  const language = useLanguage();
  return useQuery({
    queryKey: ["learning", "notes", courseId, language],
    queryFn: ({ signal }) =>
      get<z.infer<typeof lectureNoteList>>(`/iu/courses/${courseId}/notes`, { signal }),
    select: (body) => body.data,
    enabled: enabled && courseId > 0,
  });
}

/** The notes of a title as Markdown text (the API answers it as a download). */
export const exportNotes = (courseId: number) => get<string>(`/iu/courses/${courseId}/notes/export`);

// ---------- Q&A ----------

export function useQuestions(lectureId: number, sort: LectureQuestionSort = "newest", enabled = true) {
  return useQuery({
    queryKey: ["learning", "questions", lectureId, sort],
    queryFn: ({ signal }) =>
      get<z.infer<typeof lectureQuestionList>>(`/iu/lectures/${lectureId}/questions?sort=${sort}`, {
        signal,
      }),
    select: (body) => body.data,
    enabled: enabled && lectureId > 0,
  });
}

type QuestionResult = z.infer<typeof lectureQuestionCreated>;

/** Every Q&A change refreshes the lecture's thread in all its orders. */
function useQaMutation<Input>(lectureId: number, send: (input: Input) => Promise<QuestionResult>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: () => client.invalidateQueries({ queryKey: ["learning", "questions", lectureId] }),
  });
}

export const useAskQuestion = (lectureId: number) =>
  useQaMutation(lectureId, (input: { body: string; is_public: boolean }) =>
    post<QuestionResult>(`/iu/lectures/${lectureId}/questions`, input),
  );

/** Vote, follow or publish: `PUT /iu/questions/:id/<what>`. */
export const useQuestionSetting = (lectureId: number) =>
  useQaMutation(
    lectureId,
    ({ id, what, on }: { id: number; what: "vote" | "follow" | "visibility"; on: boolean }) =>
      put<QuestionResult>(`/iu/questions/${id}/${what}`, what === "visibility" ? { is_public: on } : { on }),
  );

export const useAnswerQuestion = (lectureId: number) =>
  useQaMutation(lectureId, ({ id, answer }: { id: number; answer: string }) =>
    post<QuestionResult>(`/iu/questions/${id}/answers`, { answer }),
  );

// ---------- e-books ----------

export const saveEbookPage = (ebookId: number, page: number) =>
  put<z.infer<typeof lectureEbookPageSaved>>(`/iu/ebooks/${ebookId}/last-page`, { page });

export const ebookViewToken = (lectureId: number, ebookId: number) =>
  post<z.infer<typeof lectureEbookViewToken>>(`/iu/lectures/${lectureId}/ebooks/${ebookId}/view-token`);
