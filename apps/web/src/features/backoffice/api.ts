/**
 * Back-office calls: dashboard figures, users, configuration entries,
 * institutions and classes, external login issues; a fetcher, its query key and a hook per endpoint.
 */
import type {
  AdminUserProfileInput,
  classEnrolmentResult,
  classEnvelope,
  classMembersResult,
  classSaved,
  configurationAdminList,
  configurationSaved,
  courseOptions,
  DashboardBody,
  DashboardPeriod,
  Institution,
  InstitutionInput,
  institutionListQuery,
  institutionSaved,
  LearnerClass,
  LoginIssue,
  loginIssueActed,
  loginIssueEnvelope,
  MessageBody,
  Paginated,
  PlatformUsersBody,
  Purchase,
  UserAdminList,
  userAdminEnvelope,
} from "@aprendo/contract";
import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query";
import type { z } from "zod";
import { del, get, type ListQuery, post, put } from "../../lib/http";
import type { UserFilterState } from "./users.types";

export type { UserFilterState };

export const backofficeKeys = {
  dashboard: (period: DashboardPeriod) => ["backoffice", "dashboard", period] as const,
  platformUsers: ["backoffice", "platform-users"] as const,
  users: ["backoffice", "users"] as const,
  user: (id: number) => ["backoffice", "user", id] as const,
  purchases: (id: number, page: number) => ["backoffice", "user", id, "purchases", page] as const,
  config: ["backoffice", "config"] as const,
  institutions: ["backoffice", "institutions"] as const,
  classes: ["backoffice", "classes"] as const,
  courseOptions: ["backoffice", "course-options"] as const,
  loginIssues: ["backoffice", "login-issues"] as const,
};

export const perPage = 20;

export function useDashboard(period: DashboardPeriod) {
  return useQuery({
    queryKey: backofficeKeys.dashboard(period),
    queryFn: ({ signal }) => get<DashboardBody>("/af/dashboard", { signal, query: { period } }),
    placeholderData: keepPreviousData,
  });
}

export function usePlatformUsers() {
  return useQuery({
    queryKey: backofficeKeys.platformUsers,
    queryFn: ({ signal }) => get<PlatformUsersBody>("/af/platform-users", { signal }),
  });
}

/* ------------------------------------------------------------------ users */

export const filterQuery = (f: UserFilterState) => ({
  search: f.search || undefined,
  role: f.role === "all" ? undefined : f.role,
  status: f.status === "all" ? undefined : f.status,
  country: f.country || undefined,
  child: f.child === "all" ? undefined : f.child,
});

/** Keyset pages: each page asks for the users after the last id of the one before. */
export function useUsers(filters: UserFilterState) {
  return useInfiniteQuery({
    queryKey: [...backofficeKeys.users, filters],
    initialPageParam: undefined as number | undefined,
    queryFn: ({ signal, pageParam }) =>
      get<UserAdminList>("/af/users", {
        signal,
        query: { ...filterQuery(filters), sort: filters.sort || undefined, cursor: pageParam, per_page: 25 },
      }),
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    placeholderData: keepPreviousData,
  });
}

export function useUser(id: number) {
  return useQuery({
    queryKey: backofficeKeys.user(id),
    queryFn: ({ signal }) => get<z.infer<typeof userAdminEnvelope>>(`/af/users/${id}`, { signal }),
    select: (body) => body.data,
    retry: false,
  });
}

export function useUserPurchases(id: number, page: number, enabled: boolean) {
  return useQuery({
    queryKey: backofficeKeys.purchases(id, page),
    queryFn: ({ signal }) =>
      get<Paginated<Purchase>>(`/af/users/${id}/purchases`, { signal, query: { page, per_page: 10 } }),
    enabled,
    placeholderData: keepPreviousData,
  });
}

export function useSetUserStatus(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (status: "active" | "disabled") => put<MessageBody>(`/af/users/${id}/status`, { status }),
    onSuccess: () => client.invalidateQueries({ queryKey: ["backoffice"] }),
  });
}

/** A user manager corrects a learner's profile (the learner form's rules; field errors come back as 422). */
export function useSaveUserProfile(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: AdminUserProfileInput) => put<MessageBody>(`/af/users/${id}/profile`, body),
    onSuccess: () => client.invalidateQueries({ queryKey: ["backoffice"] }),
  });
}

/** Mails the learner the forgot-password link (at most one a minute per account). */
export function useSendResetLink(id: number) {
  return useMutation({
    mutationFn: () => post<MessageBody>(`/af/users/${id}/password-reset`),
  });
}

export function useDeleteUser(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => del<MessageBody>(`/af/users/${id}`),
    onSuccess: () => client.invalidateQueries({ queryKey: ["backoffice"] }),
  });
}

/** The CSV (streamed by the server) as a Blob; large exports take a while, hence the long timeout. */
export async function exportUsers(filters: UserFilterState): Promise<Blob> {
  const body = await get<unknown>("/af/users/export.csv", {
    query: filterQuery(filters),
    headers: { Accept: "text/csv" },
    responseType: "blob",
    timeoutMs: 300_000,
  });
  if (body instanceof Blob) return body;
  return new Blob([typeof body === "string" ? body : ""], { type: "text/csv;charset=utf-8" });
}

export function saveFile(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  link.rel = "noopener";
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/* ------------------------------------------------------------------ configuration */

export function useConfigurations(searchText: string) {
  return useQuery({
    queryKey: [...backofficeKeys.config, searchText],
    queryFn: ({ signal }) =>
      get<z.infer<typeof configurationAdminList>>("/af/configurations", {
        signal,
        query: { searchText: searchText || undefined },
      }),
    select: (body) => body.data,
    placeholderData: keepPreviousData,
  });
}

export function useSaveConfiguration(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { status: number; description: string; value: Record<string, unknown> }) =>
      put<z.infer<typeof configurationSaved>>(`/af/configurations/${id}`, body),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: backofficeKeys.config });
      // The learner pages read the promo bar from the public list.
      void client.invalidateQueries({ queryKey: ["configurations"] });
    },
  });
}

/* ------------------------------------------------------------------ institutions and classes */

export function useInstitutions(query: ListQuery<typeof institutionListQuery>) {
  return useQuery({
    queryKey: [...backofficeKeys.institutions, query],
    queryFn: ({ signal }) =>
      get<Paginated<Institution>>("/af/institutions", {
        signal,
        query: { per_page: perPage, ...query },
      }),
    placeholderData: keepPreviousData,
  });
}

export function useSaveInstitution(id: number | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: InstitutionInput) =>
      id === null
        ? post<z.infer<typeof institutionSaved>>("/af/institutions", body)
        : put<z.infer<typeof institutionSaved>>(`/af/institutions/${id}`, body),
    onSuccess: () => client.invalidateQueries({ queryKey: ["backoffice"] }),
  });
}

export function useDeleteInstitution() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => del<MessageBody>(`/af/institutions/${id}`),
    onSuccess: () => client.invalidateQueries({ queryKey: ["backoffice"] }),
  });
}

export function useClasses(query: { search: string; institution: string; sort: string; page: number }) {
  return useQuery({
    queryKey: [...backofficeKeys.classes, query],
    queryFn: ({ signal }) =>
      get<Paginated<LearnerClass>>("/af/classes", {
        signal,
        query: {
          search: query.search || undefined,
          institution_id: query.institution || undefined,
          sort: query.sort || undefined,
          page: query.page,
          per_page: perPage,
        },
      }),
    placeholderData: keepPreviousData,
  });
}

export function useClass(id: number | null) {
  return useQuery({
    queryKey: [...backofficeKeys.classes, "one", id],
    queryFn: ({ signal }) => get<z.infer<typeof classEnvelope>>(`/af/classes/${id}`, { signal }),
    select: (body) => body.data,
    enabled: id !== null,
  });
}

function useClassMutation<V, R>(fn: (v: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => client.invalidateQueries({ queryKey: ["backoffice"] }),
  });
}

export const useSaveClass = (id: number | null) =>
  useClassMutation((body: { name: string; institution_id: number }) =>
    id === null
      ? post<z.infer<typeof classSaved>>("/af/classes", body)
      : put<z.infer<typeof classSaved>>(`/af/classes/${id}`, body),
  );
export const useDeleteClass = () => useClassMutation((id: number) => del<MessageBody>(`/af/classes/${id}`));
export const useAddMembers = (id: number) =>
  useClassMutation((identifiers: string[]) =>
    post<z.infer<typeof classMembersResult>>(`/af/classes/${id}/members`, {
      identifiers,
    }),
  );
export const useRemoveMember = (id: number) =>
  useClassMutation((userId: number) => del<MessageBody>(`/af/classes/${id}/members/${userId}`));
export const useEnrolClass = (id: number) =>
  useClassMutation((courseId: number) =>
    post<z.infer<typeof classEnrolmentResult>>(`/af/classes/${id}/enrolments`, {
      course_id: courseId,
    }),
  );

export function useCourseOptions(enabled: boolean) {
  return useQuery({
    queryKey: backofficeKeys.courseOptions,
    queryFn: ({ signal }) => get<z.infer<typeof courseOptions>>("/af/course-options", { signal }),
    select: (body) => body.data,
    enabled,
    staleTime: 60_000,
  });
}

/* ------------------------------------------------------------------ external login issues */

export function useLoginIssues(query: { status: string; search: string; sort: string; page: number }) {
  return useQuery({
    queryKey: [...backofficeKeys.loginIssues, query],
    queryFn: ({ signal }) =>
      get<Paginated<LoginIssue>>("/af/external-login-issues", {
        signal,
        query: {
          status: query.status === "all" ? undefined : query.status,
          search: query.search || undefined,
          sort: query.sort || undefined,
          page: query.page,
          per_page: perPage,
        },
      }),
    placeholderData: keepPreviousData,
  });
}

export function useLoginIssue(id: number | null) {
  return useQuery({
    queryKey: [...backofficeKeys.loginIssues, "one", id],
    queryFn: ({ signal }) =>
      get<z.infer<typeof loginIssueEnvelope>>(`/af/external-login-issues/${id}`, { signal }),
    select: (body) => body.data,
    enabled: id !== null,
  });
}

export function useLoginIssueAction(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: Record<string, unknown>) =>
      post<z.infer<typeof loginIssueActed>>(`/af/external-login-issues/${id}/actions`, body),
    // Not awaited: the form clears as soon as the action is recorded, before the issue is read
    // again; awaiting the re-read cleared it later, over whatever the staff member chose next.
    onSuccess: () => void client.invalidateQueries({ queryKey: backofficeKeys.loginIssues }),
  });
}

export function submitLoginIssue(body: {
  full_name: string;
  account_identifier: string;
  contact_email: string;
  reason: string;
  description: string;
}) {
  return post<MessageBody>("/external-login-issues", body);
}
