/**
 * The config manager's entries: every entry (public or not) found by `searchText`
 * in its key or description, and editing one; the promo bar's value is checked field by field.
 */
import {
  type ConfigurationAdminEntry,
  type ConfigurationInput,
  configurationAdminList,
  configurationInput,
  configurationSaved,
  errorBody,
  idParam,
  promoBarValue,
} from "@aprendo/contract";
import { asc, eq, ilike, or } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { auditActor } from "../audit/actor";
import { type AuditActor, recordAudit } from "../audit/audit";
import type { Db } from "../db/client";
import { configurations } from "../db/schema/index";
import { transaction } from "../db/transaction";
import { AppError } from "../http/errors";
import { containsPattern } from "../http/paging";
import { configurationsPolicy } from "./configurations.policy";

type ConfigurationRow = typeof configurations.$inferSelect;

const present = (row: ConfigurationRow): ConfigurationAdminEntry => ({
  id: row.id,
  key: row.key,
  description: row.description,
  status: row.status,
  is_public: row.isPublic === 1,
  value: row.value,
  updated_at: row.updatedAt.toISOString(),
});

export async function listConfigurations(db: Db, searchText?: string) {
  const search = searchText?.trim();
  const rows = await db
    .select()
    .from(configurations)
    .where(
      search
        ? or(
            ilike(configurations.key, containsPattern(search)),
            ilike(configurations.description, containsPattern(search)),
          )
        : undefined,
    )
    .orderBy(asc(configurations.key));
  return rows.map(present);
}

/** Entries with a known shape are validated; field errors come back under `value.<field>`. */
function checkedValue(key: string, value: Record<string, unknown>): Record<string, unknown> {
  if (key !== "promo_bar") return value;
  const parsed = promoBarValue.safeParse(value);
  if (parsed.success) return parsed.data;
  const errors: Record<string, string[]> = {};
  for (const issue of parsed.error.issues) {
    const field = `value.${issue.path.join(".")}`;
    errors[field] = [...(errors[field] ?? []), issue.message];
  }
  const first = Object.values(errors)[0]?.[0] ?? "validation.required";
  throw new AppError("validation", first, { fields: errors });
}

export async function updateConfiguration(
  db: Db,
  actor: AuditActor,
  id: number,
  input: ConfigurationInput,
): Promise<ConfigurationAdminEntry> {
  return transaction(db, async (tx) => {
    const [before] = await tx.select().from(configurations).where(eq(configurations.id, id)).for("update");
    if (!before) throw new AppError("not_found", "backoffice.configNotFound");
    const value = checkedValue(before.key, input.value);
    const [after] = await tx
      .update(configurations)
      .set({ status: input.status, description: input.description, value, updatedAt: new Date() })
      .where(eq(configurations.id, id))
      .returning();
    await recordAudit(tx, actor, {
      action: "configuration.update",
      entity: "configuration",
      entityId: id,
      before: {
        key: before.key,
        status: before.status,
        description: before.description,
        value: before.value,
      },
      after: { key: after!.key, status: after!.status, description: after!.description, value: after!.value },
    });
    return present(after!);
  });
}

const errors = { 401: errorBody, 403: errorBody, 404: errorBody, 422: errorBody };
const tags = ["configuration administration"];

export const configurationAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const onRequest = app.authorize(configurationsPolicy, "manage");
  app.get(
    "/af/configurations",
    {
      onRequest,
      schema: {
        tags,
        summary: "Every configuration entry whose key or description contains searchText",
        querystring: z.object({ searchText: z.string().max(80).optional() }),
        response: { 200: configurationAdminList, ...errors },
      },
    },
    async (request) => ({ data: await listConfigurations(app.deps.db, request.query.searchText) }),
  );
  app.put(
    "/af/configurations/:id",
    {
      onRequest,
      schema: {
        tags,
        summary: "Edit an entry's status, description and value (the promo bar's value is validated)",
        params: z.object({ id: idParam }),
        body: configurationInput,
        response: { 200: configurationSaved, ...errors },
      },
    },
    async (request) => ({
      message: request.t("backoffice.configSaved"),
      data: await updateConfiguration(app.deps.db, auditActor(request), request.params.id, request.body),
    }),
  );
};
