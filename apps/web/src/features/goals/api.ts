/** Weekly goal, the week's learning time, the learning mails' opt-ins and unsubscribing (contract schemas/goals.ts). */
import type {
  LearningGoalUpdate,
  LearningMailSettings,
  LearningWeek,
  learningGoalSaved,
  learningMailSettingsSaved,
  UnsubscribeStatus,
  unsubscribed,
} from "@aprendo/contract";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import { get, post, put } from "../../lib/http";

const weekKey = ["learning", "week"] as const;
const mailsKey = ["learning", "mails"] as const;

export function useLearningWeek() {
  return useQuery({
    queryKey: weekKey,
    queryFn: ({ signal }) => get<LearningWeek>("/iu/learning/week", { signal }),
  });
}

export function useSaveGoal() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: LearningGoalUpdate) =>
      put<z.infer<typeof learningGoalSaved>>("/iu/learning/goal", body),
    onSuccess: ({ message: _message, ...week }) => client.setQueryData(weekKey, week),
  });
}

export function useLearningMails() {
  return useQuery({
    queryKey: mailsKey,
    queryFn: ({ signal }) => get<LearningMailSettings>("/iu/learning/mails", { signal }),
  });
}

export function useSaveLearningMails() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: LearningMailSettings) =>
      put<z.infer<typeof learningMailSettingsSaved>>("/iu/learning/mails", body),
    onSuccess: ({ message: _message, ...settings }) => client.setQueryData(mailsKey, settings),
  });
}

export function useUnsubscribeStatus(token: string) {
  return useQuery({
    queryKey: ["unsubscribe", token],
    queryFn: ({ signal }) => get<UnsubscribeStatus>("/unsubscribe", { query: { token }, signal }),
    enabled: token !== "",
    retry: false,
  });
}

export function useUnsubscribe(token: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () =>
      post<z.infer<typeof unsubscribed>>(`/unsubscribe?token=${encodeURIComponent(token)}`, {}),
    onSuccess: ({ message: _message, ...status }) => client.setQueryData(["unsubscribe", token], status),
  });
}
