/**
 * Fulfilment of physical orders: paid -> packed -> shipped (with a tracking reference) -> delivered,
 * or refunded (set by the refund hook). Shipping notifies the learner (panel notification in both
 * languages, and a mail); delivery notifies too. Each step is audited.
 */
import { messageKey, NotificationType, type ShipmentOut, type ShipmentSortKey } from "@aprendo/contract";
import { and, asc, desc, eq, inArray, type SQL, sql } from "drizzle-orm";
import { type AuditActor, recordAudit } from "../audit/audit";
import { formatAddress } from "../commerce/address";
import { mailShipped } from "../commerce/commerce.mails";
import type { Deps } from "../context";
import type { DbOrTx } from "../db/client";
import { type FulfilmentStatus, orderLines, orders, shipments, users } from "../db/schema/index";
import { transaction } from "../db/transaction";
import { AppError } from "../http/errors";
import { listOrder } from "../http/sorting";
import { notifyKey } from "../notifications/notifications.service";

const next: Record<FulfilmentStatus, FulfilmentStatus[]> = {
  paid: ["packed", "shipped"],
  packed: ["shipped"],
  shipped: ["delivered"],
  delivered: [],
  refunded: [],
};

export async function listShipments(
  db: DbOrTx,
  status: FulfilmentStatus | undefined,
  sort?: ShipmentSortKey | `-${ShipmentSortKey}`,
): Promise<ShipmentOut[]> {
  const where: SQL | undefined = status ? eq(shipments.status, status) : undefined;
  const rows = await db
    .select({ s: shipments, order: orders, user: { id: users.id, username: users.username } })
    .from(shipments)
    .innerJoin(orders, eq(orders.id, shipments.orderId))
    .leftJoin(users, eq(users.id, shipments.userId))
    .where(where)
    .orderBy(
      ...listOrder(
        sort,
        {
          order: shipments.orderId,
          learner: sql`lower(${users.username})`,
          status: shipments.status,
          shipped_at: shipments.shippedAt,
        },
        shipments.orderId,
        [desc(shipments.orderId)],
      ),
    )
    .limit(200);
  const ids = rows.map((r) => r.s.orderId);
  const lines = ids.length
    ? await db
        .select()
        .from(orderLines)
        .where(and(inArray(orderLines.orderId, ids), eq(orderLines.type, "physical_product")))
        .orderBy(asc(orderLines.id))
    : [];
  return rows.map(({ s, order, user }) => ({
    order_id: s.orderId,
    user: user?.id ? { id: user.id, username: user.username } : null,
    status: s.status,
    carrier: s.carrier,
    tracking_reference: s.trackingReference,
    address: formatAddress(order.shippingAddress),
    items: lines
      .filter((l) => l.orderId === s.orderId)
      .map((l) => ({
        name: l.name,
        quantity: l.quantity,
        binding: typeof l.meta.binding === "string" ? l.meta.binding : null,
      })),
    created_at: s.createdAt.toISOString(),
    shipped_at: s.shippedAt?.toISOString() ?? null,
  }));
}

export async function updateShipment(
  deps: Pick<Deps, "db" | "mail" | "config" | "log">,
  actor: AuditActor,
  orderId: number,
  input: {
    status: "packed" | "shipped" | "delivered";
    carrier?: string | null | undefined;
    tracking_reference?: string | null | undefined;
  },
) {
  const shipped = await transaction(deps.db, async (tx) => {
    const [before] = await tx.select().from(shipments).where(eq(shipments.orderId, orderId)).for("update");
    if (!before) throw new AppError("not_found", "shop.shipmentNotFound");
    if (!next[before.status].includes(input.status))
      throw new AppError("conflict", "shop.shipmentTransition", {
        params: { from: before.status, to: input.status },
      });
    const now = new Date();
    const [after] = await tx
      .update(shipments)
      .set({
        status: input.status,
        updatedAt: now,
        ...(input.status === "packed" ? { packedAt: now } : {}),
        ...(input.status === "shipped"
          ? {
              shippedAt: now,
              trackingReference: input.tracking_reference ?? null,
              carrier: input.carrier || null,
            }
          : {}),
        ...(input.status === "delivered" ? { deliveredAt: now } : {}),
      })
      .where(eq(shipments.orderId, orderId))
      .returning();
    await recordAudit(tx, actor, {
      action: `shipment.${input.status}`,
      entity: "shipment",
      entityId: orderId,
      before,
      after: after!,
    });
    if (before.userId !== null && (input.status === "shipped" || input.status === "delivered")) {
      const shipped = input.status === "shipped";
      // The buyer knows the order by its public number, never the internal id.
      const [numbered] = await tx
        .select({ number: orders.publicNumber })
        .from(orders)
        .where(eq(orders.id, orderId));
      const order = numbered?.number ?? `#${orderId}`;
      await notifyKey(
        { db: tx },
        {
          userId: before.userId,
          type: NotificationType.congratulations,
          title: shipped ? "shop.shippedTitle" : "shop.deliveredTitle",
          description: shipped
            ? messageKey("shop.shippedBody", { order, tracking: input.tracking_reference ?? "" })
            : messageKey("shop.deliveredBody", { order }),
          action: { redirect: { id: orderId } },
        },
      );
    }
    return input.status === "shipped" ? after! : null;
  });
  // The mail leaves after the commit, so it never announces a change that rolled back.
  if (shipped)
    await mailShipped(deps, { orderId, carrier: shipped.carrier, tracking: shipped.trackingReference });
}

/** The delivery state of the given orders, for the purchase history. */
export async function fulfilmentOf(db: DbOrTx, orderIds: number[]) {
  if (orderIds.length === 0)
    return new Map<
      number,
      { status: FulfilmentStatus; carrier: string | null; tracking_reference: string | null }
    >();
  const rows = await db.select().from(shipments).where(inArray(shipments.orderId, orderIds));
  return new Map(
    rows.map((s) => [
      s.orderId,
      { status: s.status, carrier: s.carrier, tracking_reference: s.trackingReference },
    ]),
  );
}
