/**
 * Privacy desk (isGDPRManager), ticket routing (isTicketGDPRManager, isTicketRefundManager), the
 * ticket desk's workload (isTicketTeamLeadership) and lecture e-book access (isEbookManager).
 * docs/privacy.md.
 *
 * Learner:
 *   GET  /api/iu/privacy/export            -> privacyExportState (latest request, downloadable or not)
 *   POST /api/iu/privacy/export            -> 202 { message, data: privacyExport } (409 when one is pending)
 *   GET  /api/iu/privacy/export/:id/file   -> application/json attachment (ready, own, not expired)
 * Privacy desk (isGDPRManager):
 *   GET  /api/af/privacy/exports?status=   -> paginated(privacyExportAdmin)
 *   POST /api/af/privacy/exports {login, reason}  -> 202 { message, data }
 *   GET  /api/af/privacy/exports/:id/file  -> the export (audited)
 *   GET  /api/af/privacy/deletions         -> paginated(pendingDeletion)
 *   POST /api/af/privacy/deletions/:id/erase  {reason}  -> { message }
 *   POST /api/af/privacy/deletions/:id/cancel {reason}  -> { message }
 *   GET  /api/af/privacy/tickets            (isTicketGDPRManager) -> privacyTicketList: open privacy-routed tickets
 * Ticket routing (isTicketSubjectManager): GET /api/af/tickets/subject-routes, PUT /api/af/tickets/subjects/:id/route
 * Refund-routed ticket (isTicketRefundManager): GET /api/af/tickets/:id/purchases
 * Team lead (isTicketTeamLeadership): GET /api/af/tickets/workload, PUT /api/af/tickets/:id/unclaim
 * E-books (isEbookManager): GET /api/af/ebooks, GET /api/af/ebooks/:id/access,
 *   POST /api/af/ebooks/:id/access {login, note}, DELETE /api/af/ebooks/access/:grantId
 */
import { z } from "zod";
import { paginated, sortQuery } from "./common";

const id = z.number().int();
const isoDate = z.string();

export const privacyExportStatuses = ["pending", "ready", "failed", "expired"] as const;
export type PrivacyExportStatus = (typeof privacyExportStatuses)[number];

export const privacyExport = z.object({
  id,
  status: z.enum(privacyExportStatuses),
  created_at: isoDate,
  ready_at: isoDate.nullable(),
  expires_at: isoDate.nullable(),
  file_bytes: z.number().int().nullable(),
  download_url: z.string().nullable(),
});
export type PrivacyExport = z.infer<typeof privacyExport>;
export const privacyExportState = z.object({ data: privacyExport.nullable() });
export const privacyExportEnvelope = z.object({ message: z.string(), data: privacyExport });

export const privacyExportAdmin = privacyExport.extend({
  via: z.enum(["self", "desk"]),
  reason: z.string().nullable(),
  user: z.object({ id, username: z.string(), email: z.string().nullable() }),
  requested_by: z.string().nullable(),
  downloaded_at: isoDate.nullable(),
});
export type PrivacyExportAdmin = z.infer<typeof privacyExportAdmin>;
export const privacyExportAdminList = paginated(privacyExportAdmin);
export const privacyExportSortKeys = ["learner", "via", "created_at", "status", "expires_at"] as const;
export type PrivacyExportSortKey = (typeof privacyExportSortKeys)[number];
export const privacyExportQuery = z.object({
  status: z.enum(privacyExportStatuses).optional(),
  sort: sortQuery(privacyExportSortKeys),
  page: z.coerce.number().int().min(1).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(20),
});
export const privacyDeskExportInput = z.object({
  login: z.string().trim().min(1).max(254),
  reason: z.string().trim().min(3).max(500),
});
export const privacyReasonInput = z.object({ reason: z.string().trim().min(3).max(500) });

export const pendingDeletion = z.object({
  id,
  username: z.string(),
  email: z.string().nullable(),
  name: z.string(),
  requested_at: isoDate,
  erase_after: isoDate,
  feedback: z.string().nullable(),
});
export type PendingDeletion = z.infer<typeof pendingDeletion>;
export const pendingDeletionList = paginated(pendingDeletion);
export const privacyPageQuery = z.object({
  search: z.string().trim().max(100).optional(),
  page: z.coerce.number().int().min(1).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(20),
});

export const ticketRoutings = ["privacy", "refund"] as const;
export type TicketRouting = (typeof ticketRoutings)[number];
export const subjectRouteList = z.object({
  data: z.array(z.object({ subject_id: id, routing: z.enum(ticketRoutings) })),
});
export const subjectRouteInput = z.object({ routing: z.enum(ticketRoutings).nullable() });

/** One of the requester's orders, shown beside a refund-routed ticket. */
export const ticketPurchase = z.object({
  id,
  reference: z.string(),
  status: z.string(),
  total: z.number(),
  currency: z.string(),
  created_at: isoDate,
  items: z.array(z.string()),
});
export type TicketPurchase = z.infer<typeof ticketPurchase>;
export const ticketPurchases = z.object({ data: z.array(ticketPurchase) });

export const deskWorkload = z.object({
  unclaimed: z.number().int(),
  agents: z.array(
    z.object({
      id,
      username: z.string(),
      name: z.string(),
      in_progress: z.number().int(),
      resolved: z.number().int(),
    }),
  ),
});
export type DeskWorkload = z.infer<typeof deskWorkload>;

export const ebookAdminItem = z.object({
  id,
  title_en: z.string(),
  title_es: z.string(),
  pages: z.number().int(),
  lecture: z.object({ id, title: z.string() }),
  course: z.object({ id, title: z.string() }),
  grants: z.number().int(),
});
export type EbookAdminItem = z.infer<typeof ebookAdminItem>;
export const ebookAdminList = paginated(ebookAdminItem);
export const ebookAccessItem = z.object({
  id,
  user: z.object({ id, username: z.string() }),
  scope: z.enum(["course", "module", "lecture"]),
  source: z.string(),
  note: z.string().nullable(),
  expires_at: isoDate.nullable(),
  created_at: isoDate,
});
export type EbookAccessItem = z.infer<typeof ebookAccessItem>;
export const ebookAccessList = z.object({ data: z.array(ebookAccessItem) });
export const ebookAccessInput = z.object({
  login: z.string().trim().min(1).max(254),
  note: z.string().trim().max(300).nullable().default(null),
});

export const privacyTicketList = z.object({
  data: z.array(
    z.object({
      id,
      reference: z.string(),
      status: z.string(),
      subject: z.string(),
      requester: z.string(),
      claimed_by: z.string().nullable(),
      created_at: isoDate,
    }),
  ),
});
export type PrivacyTicketList = z.infer<typeof privacyTicketList>;
