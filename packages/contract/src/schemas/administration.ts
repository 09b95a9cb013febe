/**
 * The administrator hierarchy and the audit log:
 *   GET  /ha/dashboard                                   role 4 -> haDashboardBody
 *   GET  /ha/permission-groups?search&page&per_page      role 4 -> permissionGroupList
 *   POST /ha/permission-groups {name, description, permissions}    role 4 -> 201 { message, data }
 *   GET  /ha/permission-groups/:id                       role 4 -> { data: permissionGroupDetail }
 *   PUT  /ha/permission-groups/:id {name, description, permissions}
 *        renaming and removing flags take effect at once; added flags become a creation request
 *        (answer `{ message, data, request_id }`, request_id null when nothing waits)
 *   DELETE /ha/permission-groups/:id                     role 4 (members lose its flags at once)
 *   GET  /ha/administrator-users?search&status&group_id&page   role 4 -> administratorList
 *   POST /ha/administrator-users {username, email, first_name, last_name, language_id, group_ids}
 *        -> 202 { message, request_id }: a creation request; the account exists only after approval
 *   GET  /ha/administrator-users/:id                     role 4 -> { data: administratorDetail }
 *   PUT  /ha/administrator-users/:id/groups {group_ids}  removals at once, additions -> request
 *   POST /ha/administrator-users/:id/disable | /enable   role 4
 *   POST /ha/administrator-users/:id/invitation          role 4 (a new link while not yet accepted)
 *   GET  /ha/creation-requests?status&page               role 4 (everyone's, newest first)
 *   POST /ha/creation-requests/:id/cancel                role 4 (own pending requests)
 *   GET  /ma/dashboard                                   role 5 -> maDashboardBody
 *   GET  /ma/creation-requests?status&page               role 5 -> creationRequestList
 *   POST /ma/creation-requests/:id/approve               role 5
 *   POST /ma/creation-requests/:id/reject {reason}       role 5
 *   GET  /ma/head-administrators?search&status&page      role 5 -> administratorList
 *   POST /ma/head-administrators {username, email, first_name, last_name, language_id}  role 5 (invited)
 *   POST /ma/head-administrators/:id/disable | /enable   role 5
 *   GET  /ma/administrators?search&status&role&sort&page  role 5 -> administratorList (roles 3, 4, 5)
 *   POST /ma/administrators/:id/disable | /enable        role 5 (any administrator but themselves)
 *   GET  /ha/audit-log, /ma/audit-log ?actor&action&entity&entity_id&from&to&page  -> auditLogList
 *   GET  /ha/audit-log/facets, /ma/audit-log/facets      -> { actions, entities }
 *   POST /administration/invitation/check {token}        public -> { data: { username, first_name } }
 *   POST /administration/invitation/accept {token, password, password_confirmation}  public
 */
import { z } from "zod";
import { permissionIds } from "../domain/permissions";
import { messageBody, pageQuery, paginated, sortQuery } from "./common";
import {
  emailField,
  idParam,
  msg,
  optionalId,
  optionalText,
  passwordField,
  text,
  usernameField,
} from "./validators";

const permissionId = z
  .number()
  .int()
  .refine((v) => (permissionIds as readonly number[]).includes(v), { error: msg.oneOf });

/* ------------------------------------------------------------------ permission groups */

export const permissionGroupInput = z.object({
  name: text(2, 80),
  description: optionalText(500),
  permissions: z.array(permissionId).max(30).default([]),
});
export type PermissionGroupInput = z.infer<typeof permissionGroupInput>;

export const permissionGroupItem = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  permissions: z.array(z.number().int()),
  members_count: z.number().int(),
  /** Flags waiting for a master administrator's approval. */
  pending_permissions: z.array(z.number().int()),
  updated_at: z.string(),
});
export type PermissionGroupItem = z.infer<typeof permissionGroupItem>;
export const permissionGroupList = paginated(permissionGroupItem);

const personRef = z.object({ id: z.number().int(), username: z.string(), name: z.string() });
export type PersonRef = z.infer<typeof personRef>;

export const permissionGroupDetail = permissionGroupItem.extend({
  members: z.array(personRef),
  created_by: personRef.nullable(),
  created_at: z.string(),
});
export type PermissionGroupDetail = z.infer<typeof permissionGroupDetail>;
export const permissionGroupEnvelope = z.object({ data: permissionGroupDetail });
/** A change that may wait for the master's approval: the creation request's id, or null when nothing waits. */
export const changeRequested = messageBody.extend({ request_id: z.number().int().nullable() });
export type ChangeRequested = z.infer<typeof changeRequested>;
export const permissionGroupCreated = messageBody.extend({ data: permissionGroupDetail });
export type PermissionGroupCreated = z.infer<typeof permissionGroupCreated>;
/** Renaming and removing flags apply at once; added flags wait as a creation request. */
export const permissionGroupUpdated = changeRequested.extend({ data: permissionGroupDetail });
export type PermissionGroupUpdated = z.infer<typeof permissionGroupUpdated>;

export const adminListQuery = pageQuery.extend({ search: z.string().trim().max(100).optional() });
export const permissionGroupSortKeys = ["name", "members", "updated_at"] as const;
export type PermissionGroupSortKey = (typeof permissionGroupSortKeys)[number];
export const permissionGroupListQuery = adminListQuery.extend({ sort: sortQuery(permissionGroupSortKeys) });

/* ------------------------------------------------------------------ administrators */

export const administratorStatuses = ["active", "invited", "disabled"] as const;
export type AdministratorStatus = (typeof administratorStatuses)[number];

export const administratorInput = z.object({
  username: usernameField,
  email: emailField,
  first_name: text(1, 50),
  last_name: text(1, 50),
  language_id: z.number().int().min(1).max(2).default(1),
  group_ids: z.array(idParam).max(50).default([]),
});
export type AdministratorInput = z.infer<typeof administratorInput>;
export const headAdministratorInput = administratorInput.omit({ group_ids: true });
export type HeadAdministratorInput = z.infer<typeof headAdministratorInput>;

export const administratorGroupsInput = z.object({
  group_ids: z.array(idParam).max(50),
});

/** The columns the administrators lists sort by (`role` only means something on the master's list). */
export const administratorSortKeys = [
  "username",
  "name",
  "role",
  "status",
  "last_active_at",
  "created_at",
] as const;
export const administratorListQuery = adminListQuery.extend({
  status: z.enum(administratorStatuses).optional(),
  group_id: optionalId,
  sort: sortQuery(administratorSortKeys),
});

/** The master administrator's list of every administrator, of the three roles. */
export const allAdministratorsQuery = administratorListQuery.omit({ group_id: true }).extend({
  role: z.coerce
    .number()
    .int()
    .pipe(z.union([z.literal(3), z.literal(4), z.literal(5)]))
    .optional(),
  sort: sortQuery(administratorSortKeys),
});
export type AllAdministratorsQuery = z.infer<typeof allAdministratorsQuery>;

export const administratorItem = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string().nullable(),
  name: z.string(),
  role_id: z.number().int(),
  status: z.enum(administratorStatuses),
  groups: z.array(z.object({ id: z.number().int(), name: z.string() })),
  permissions_count: z.number().int(),
  last_active_at: z.string().nullable(),
  created_at: z.string(),
});
export type AdministratorItem = z.infer<typeof administratorItem>;
export const administratorList = paginated(administratorItem);

export const administratorDetail = administratorItem.extend({
  permissions: z.array(z.number().int()),
  pending_requests: z.array(z.lazy(() => creationRequestItem)),
});
export type AdministratorDetail = z.infer<typeof administratorDetail>;
export const administratorEnvelope = z.object({ data: administratorDetail });
export const administratorCreated = messageBody.extend({ data: administratorDetail });

/* ------------------------------------------------------------------ creation requests */

export const creationRequestKinds = ["administrator_create", "group_grant", "administrator_groups"] as const;
export type CreationRequestKind = (typeof creationRequestKinds)[number];
export const creationRequestStatuses = ["pending", "approved", "rejected", "cancelled"] as const;
export type CreationRequestStatus = (typeof creationRequestStatuses)[number];

export const creationRequestSortKeys = ["created_at", "kind", "status", "decided_at"] as const;
export type CreationRequestSortKey = (typeof creationRequestSortKeys)[number];
export const creationRequestQuery = pageQuery.extend({
  status: z.enum([...creationRequestStatuses, "all"]).default("pending"),
  sort: sortQuery(creationRequestSortKeys),
});

export const creationRequestItem = z.object({
  id: z.number().int(),
  kind: z.enum(creationRequestKinds),
  status: z.enum(creationRequestStatuses),
  requested_by: personRef.nullable(),
  decided_by: personRef.nullable(),
  decided_at: z.string().nullable(),
  reason: z.string().nullable(),
  created_at: z.string(),
  /** The administrator it creates or changes. */
  administrator: z
    .object({
      id: z.number().int().nullable(),
      username: z.string(),
      name: z.string(),
      email: z.string().nullable(),
    })
    .nullable(),
  /** The group whose flags grow. */
  group: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  /** Groups the administrator joins. */
  groups: z.array(z.object({ id: z.number().int(), name: z.string() })),
  /** The flags this request would grant (new to the person or group). */
  permissions: z.array(z.number().int()),
});
export type CreationRequestItem = z.infer<typeof creationRequestItem>;
export const creationRequestList = paginated(creationRequestItem);

export const creationRequestRejectInput = z.object({ reason: text(3, 500) });

/* ------------------------------------------------------------------ dashboards */

const recentAudit = z.array(z.lazy(() => auditLogItem));

export const haDashboardBody = z.object({
  administrators: z.object({ active: z.number(), invited: z.number(), disabled: z.number() }),
  groups: z.number(),
  pending_requests: z.number(),
  latest_requests: z.array(creationRequestItem),
  recent_audit: recentAudit,
});
export type HaDashboardBody = z.infer<typeof haDashboardBody>;

export const maDashboardBody = z.object({
  head_administrators: z.object({ active: z.number(), invited: z.number(), disabled: z.number() }),
  administrators: z.object({ active: z.number(), invited: z.number(), disabled: z.number() }),
  groups: z.number(),
  pending_requests: z.number(),
  decided_30d: z.object({ approved: z.number(), rejected: z.number() }),
  latest_requests: z.array(creationRequestItem),
  recent_audit: recentAudit,
});
export type MaDashboardBody = z.infer<typeof maDashboardBody>;

/* ------------------------------------------------------------------ audit log */

const isoDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: msg.date })
  .optional();

export const auditLogQuery = pageQuery.extend({
  actor: z.string().trim().max(64).optional(),
  action: z.string().trim().max(64).optional(),
  entity: z.string().trim().max(64).optional(),
  entity_id: z.string().trim().max(64).optional(),
  /** Inclusive days (UTC). */
  from: isoDay,
  to: isoDay,
  /**
   * Newest first by default; `created_at` gives the oldest first. The log only sorts by time: it is
   * the largest table, ordered by its primary key, and the other columns are filters.
   */
  sort: sortQuery(["created_at"]),
});
export type AuditLogQuery = z.infer<typeof auditLogQuery>;

export const auditLogItem = z.object({
  id: z.number().int(),
  actor: z
    .object({
      id: z.number().int().nullable(),
      username: z.string().nullable(),
      role_id: z.number().nullable(),
    })
    .nullable(),
  action: z.string(),
  entity: z.string(),
  entity_id: z.string().nullable(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  created_at: z.string(),
});
export type AuditLogItem = z.infer<typeof auditLogItem>;
export const auditLogList = paginated(auditLogItem);
export const auditLogFacets = z.object({ actions: z.array(z.string()), entities: z.array(z.string()) });

/* ------------------------------------------------------------------ invitations */

export const invitationCheckInput = z.object({ token: z.string().min(10).max(200) });
export const invitationCheckBody = z.object({
  data: z.object({ username: z.string(), first_name: z.string().nullable() }),
});
export const invitationAcceptInput = z
  .object({
    token: z.string().min(10).max(200),
    password: passwordField,
    password_confirmation: z.string({ error: msg.required }).min(1, { error: msg.required }),
  })
  .refine((v) => v.password === v.password_confirmation, {
    path: ["password_confirmation"],
    error: msg.passwordMismatch,
  });
export type InvitationAcceptInput = z.infer<typeof invitationAcceptInput>;
