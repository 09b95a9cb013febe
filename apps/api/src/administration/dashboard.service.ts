/** The head and master administrators' dashboards: counts and the latest requests and audit records. */
import { Role } from "@aprendo/contract";
import { count, gte } from "drizzle-orm";
import { recentAudit } from "../audit/audit.service";
import type { Db } from "../db/client";
import { creationRequests, permissionGroups } from "../db/schema/index";
import { roleCounts } from "./administrators.service";
import { listRequests, pendingCount } from "./requests.service";

async function groupCount(db: Db) {
  const [groups] = await db.select({ n: count() }).from(permissionGroups);
  return groups?.n ?? 0;
}

export async function headDashboard(db: Db) {
  return {
    administrators: await roleCounts(db, Role.admin),
    groups: await groupCount(db),
    pending_requests: await pendingCount(db),
    latest_requests: (await listRequests(db, { status: "pending", page: 1, per_page: 5 })).data,
    recent_audit: await recentAudit(db, 8),
  };
}

export async function masterDashboard(db: Db) {
  const since = new Date(Date.now() - 30 * 24 * 60 * 60 * 1000);
  const decided = await db
    .select({ status: creationRequests.status, n: count() })
    .from(creationRequests)
    .where(gte(creationRequests.decidedAt, since))
    .groupBy(creationRequests.status);
  const of = (s: string) => decided.find((d) => d.status === s)?.n ?? 0;
  return {
    head_administrators: await roleCounts(db, Role.headAdmin),
    administrators: await roleCounts(db, Role.admin),
    groups: await groupCount(db),
    pending_requests: await pendingCount(db),
    decided_30d: { approved: of("approved"), rejected: of("rejected") },
    latest_requests: (await listRequests(db, { status: "pending", page: 1, per_page: 5 })).data,
    recent_audit: await recentAudit(db, 8),
  };
}
