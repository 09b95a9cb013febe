/** The administrator hierarchy (/ha, /ma), the audit log and invitations: queries and mutations. */
import type {
  AdministratorInput,
  AdministratorItem,
  AuditLogItem,
  administratorCreated,
  administratorEnvelope,
  administratorListQuery,
  allAdministratorsQuery,
  auditLogFacets,
  auditLogQuery,
  ChangeRequested,
  CreationRequestItem,
  HaDashboardBody,
  HeadAdministratorInput,
  invitationCheckBody,
  MaDashboardBody,
  MessageBody,
  Paginated,
  PermissionGroupCreated,
  PermissionGroupInput,
  PermissionGroupItem,
  PermissionGroupUpdated,
  permissionGroupEnvelope,
} from "@aprendo/contract";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import { del, get, type ListQuery, post, put } from "../../lib/http";

export const perPage = 20;

const keys = {
  all: ["administration"] as const,
  groups: ["administration", "groups"] as const,
  admins: ["administration", "admins"] as const,
  requests: ["administration", "requests"] as const,
  heads: ["administration", "heads"] as const,
  audit: ["administration", "audit"] as const,
  dashboards: ["administration", "dashboard"] as const,
};

/** Any change may move counts on the dashboards, lists and the audit log: refresh the whole area. */
function useRefreshAll() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: keys.all });
}

/* ---------------------------------------------------------------- dashboards */

export function useHaDashboard() {
  return useQuery({
    queryKey: [...keys.dashboards, "ha"],
    queryFn: ({ signal }) => get<HaDashboardBody>("/ha/dashboard", { signal }),
  });
}
export function useMaDashboard() {
  return useQuery({
    queryKey: [...keys.dashboards, "ma"],
    queryFn: ({ signal }) => get<MaDashboardBody>("/ma/dashboard", { signal }),
  });
}

/* ---------------------------------------------------------------- groups */

export function useGroups(
  query: { search: string; sort?: string; page: number; per_page?: number },
  enabled = true,
) {
  return useQuery({
    enabled,
    queryKey: [...keys.groups, "list", query],
    queryFn: ({ signal }) =>
      get<Paginated<PermissionGroupItem>>("/ha/permission-groups", {
        signal,
        query: {
          per_page: perPage,
          ...query,
          search: query.search || undefined,
          sort: query.sort || undefined,
        },
      }),
    placeholderData: keepPreviousData,
  });
}

/**
 * Every group (for pickers): the first 100 by name. Only a head administrator may read groups; the
 * master's list of head administrators passes `false` rather than ask and be refused.
 */
export function useAllGroups(enabled = true) {
  return useGroups({ search: "", page: 1, per_page: 100 }, enabled);
}

export function useGroup(id: number | null) {
  return useQuery({
    queryKey: [...keys.groups, "one", id],
    queryFn: ({ signal }) =>
      get<z.infer<typeof permissionGroupEnvelope>>(`/ha/permission-groups/${id}`, { signal }),
    select: (body) => body.data,
    enabled: id !== null,
    retry: false,
  });
}

export function useSaveGroup(id: number | null) {
  const refresh = useRefreshAll();
  return useMutation({
    mutationFn: (input: PermissionGroupInput) =>
      id === null
        ? post<PermissionGroupCreated>("/ha/permission-groups", input)
        : put<PermissionGroupUpdated>(`/ha/permission-groups/${id}`, input),
    onSuccess: refresh,
  });
}

export function useDeleteGroup() {
  const refresh = useRefreshAll();
  return useMutation({
    mutationFn: (id: number) => del<MessageBody>(`/ha/permission-groups/${id}`),
    onSuccess: refresh,
  });
}

/* ---------------------------------------------------------------- administrators */

/** Only the master's list of every administrator (area "all") filters by role; only theirs has no group. */
export type AdminListQuery = ListQuery<typeof administratorListQuery> &
  ListQuery<typeof allAdministratorsQuery>;
/** ha: administrators (head administrator); ma: head administrators; all: every level (master). */
export type AdminArea = "ha" | "ma" | "all";
const listPaths: Record<AdminArea, string> = {
  ha: "/ha/administrator-users",
  ma: "/ma/head-administrators",
  all: "/ma/administrators",
};

export function useAdministrators(area: AdminArea, query: AdminListQuery) {
  return useQuery({
    queryKey: [...(area === "ha" ? keys.admins : keys.heads), area, "list", query],
    queryFn: ({ signal }) =>
      get<Paginated<AdministratorItem>>(listPaths[area], {
        signal,
        query: { ...query, per_page: perPage },
      }),
    placeholderData: keepPreviousData,
  });
}

export function useAdministrator(id: number | null) {
  return useQuery({
    queryKey: [...keys.admins, "one", id],
    queryFn: ({ signal }) =>
      get<z.infer<typeof administratorEnvelope>>(`/ha/administrator-users/${id}`, { signal }),
    select: (body) => body.data,
    enabled: id !== null,
    retry: false,
  });
}

export function useRequestAdministrator() {
  const refresh = useRefreshAll();
  return useMutation({
    mutationFn: (input: AdministratorInput) => post<ChangeRequested>("/ha/administrator-users", input),
    onSuccess: refresh,
  });
}

export function useSetAdministratorGroups(id: number) {
  const refresh = useRefreshAll();
  return useMutation({
    mutationFn: (groupIds: number[]) =>
      put<ChangeRequested>(`/ha/administrator-users/${id}/groups`, { group_ids: groupIds }),
    onSuccess: refresh,
  });
}

/** disable / enable / invitation, for administrators (ha), head administrators (ma) or any level (all). */
export function useAccountAction(area: AdminArea) {
  const refresh = useRefreshAll();
  const base = listPaths[area];
  return useMutation({
    mutationFn: ({ id, action }: { id: number; action: "disable" | "enable" | "invitation" }) =>
      post<MessageBody>(`${base}/${id}/${action}`),
    onSuccess: refresh,
  });
}

export function useCreateHeadAdministrator() {
  const refresh = useRefreshAll();
  return useMutation({
    mutationFn: (input: HeadAdministratorInput) =>
      post<z.infer<typeof administratorCreated>>("/ma/head-administrators", input),
    onSuccess: refresh,
  });
}

/* ---------------------------------------------------------------- creation requests */

export function useCreationRequests(
  area: "ha" | "ma",
  query: { status: string; sort?: string; page: number },
) {
  return useQuery({
    queryKey: [...keys.requests, area, query],
    queryFn: ({ signal }) =>
      get<Paginated<CreationRequestItem>>(`/${area}/creation-requests`, {
        signal,
        query: { per_page: perPage, ...query, sort: query.sort || undefined },
      }),
    placeholderData: keepPreviousData,
  });
}

export function useDecideRequest() {
  const refresh = useRefreshAll();
  return useMutation({
    mutationFn: ({ id, decision, reason }: { id: number; decision: "approve" | "reject"; reason?: string }) =>
      post<MessageBody>(
        `/ma/creation-requests/${id}/${decision}`,
        decision === "reject" ? { reason } : undefined,
      ),
    onSuccess: refresh,
  });
}

export function useCancelRequest() {
  const refresh = useRefreshAll();
  return useMutation({
    mutationFn: (id: number) => post<MessageBody>(`/ha/creation-requests/${id}/cancel`),
    onSuccess: refresh,
  });
}

/* ---------------------------------------------------------------- audit log */

/** Newest first when `sort` is left out; "created_at" gives the oldest first. */
export type AuditFilters = ListQuery<typeof auditLogQuery>;

export function useAuditLog(area: "ha" | "ma", filters: AuditFilters) {
  return useQuery({
    queryKey: [...keys.audit, area, filters],
    queryFn: ({ signal }) =>
      get<Paginated<AuditLogItem>>(`/${area}/audit-log`, {
        signal,
        query: { ...filters, per_page: perPage },
      }),
    placeholderData: keepPreviousData,
  });
}

export function useAuditFacets(area: "ha" | "ma") {
  return useQuery({
    queryKey: [...keys.audit, area, "facets"],
    queryFn: ({ signal }) => get<z.infer<typeof auditLogFacets>>(`/${area}/audit-log/facets`, { signal }),
    staleTime: 60_000,
  });
}

/* ---------------------------------------------------------------- invitations */

export function useInvitationCheck(token: string) {
  return useQuery({
    queryKey: ["invitation", token],
    queryFn: () =>
      post<z.infer<typeof invitationCheckBody>>("/administration/invitation/check", {
        token,
      }),
    select: (body) => body.data,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useAcceptInvitation() {
  return useMutation({
    mutationFn: (input: { token: string; password: string; password_confirmation: string }) =>
      post<MessageBody>("/administration/invitation/accept", input),
  });
}
