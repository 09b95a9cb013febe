/** The lecture editor's captions, chapters and resources (schemas/lecture-media.ts). */
import type { CaptionLanguage, LectureMediaExtras, lectureChaptersBody } from "@aprendo/contract";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import { del, get, put } from "../../../../lib/http";
import { authoringKeys, useRefreshCourse } from "../../api";
import { upload } from "../../upload";

type Message = { message: string };
export type ChaptersBody = z.input<typeof lectureChaptersBody>;

export const extrasKey = (lectureId: number) => [...authoringKeys.lecture(lectureId), "extras"] as const;

export const useMediaExtras = (lectureId: number) =>
  useQuery({
    queryKey: extrasKey(lectureId),
    queryFn: () => get<LectureMediaExtras>(`/af/lectures/${lectureId}/media-extras`),
  });

export function useExtrasChange<V>(courseId: number, lectureId: number, call: (vars: V) => Promise<Message>) {
  const client = useQueryClient();
  const refreshCourse = useRefreshCourse(courseId);
  return useMutation({
    mutationFn: call,
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: extrasKey(lectureId) });
      // The title's readiness checklist counts the lectures with captions.
      await refreshCourse();
    },
  });
}

export function useCaptionMutations(courseId: number, lectureId: number) {
  return {
    upload: useExtrasChange(
      courseId,
      lectureId,
      ({ language, file }: { language: CaptionLanguage; file: File }) => {
        const form = new FormData();
        form.append("file", file);
        return upload<Message>(`/af/lectures/${lectureId}/captions/${language}`, form);
      },
    ),
    remove: useExtrasChange(courseId, lectureId, (language: CaptionLanguage) =>
      del<Message>(`/af/lectures/${lectureId}/captions/${language}`),
    ),
    chapters: useExtrasChange(courseId, lectureId, (body: ChaptersBody) =>
      put<Message>(`/af/lectures/${lectureId}/chapters`, body),
    ),
  };
}
