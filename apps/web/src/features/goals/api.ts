/** Weekly goal, the week's learning time, the learning mails' opt-ins and unsubscribing (contract schemas/goals.ts). */
import type {
  LearningGoalUpdate,
  LearningMailSettings,
  LearningWeek,
  UnsubscribeStatus,
} from "@aprendo/contract";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
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
      put<LearningWeek & { message: string }>("/iu/learning/goal", body),
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
      put<LearningMailSettings & { message: string }>("/iu/learning/mails", body),
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
      post<UnsubscribeStatus & { message: string }>(`/unsubscribe?token=${encodeURIComponent(token)}`, {}),
    onSuccess: ({ message: _message, ...status }) => client.setQueryData(["unsubscribe", token], status),
  });
}
