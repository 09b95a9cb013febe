/**
 * Messaging: the delivery record of mail and SMS (the outbox) for administrators, and the public
 * flag the registration form reads to say where phone codes go.
 */
import { z } from "zod";
import { messageBody, pageQuery, paginated, sortQuery } from "./common";

export const outboxStatuses = ["queued", "sent", "failed"] as const;
export type OutboxStatus = (typeof outboxStatuses)[number];

export const outboxSortKeys = [
  "created_at",
  "channel",
  "recipient",
  "subject",
  "status",
  "attempts",
] as const;
export type OutboxSortKey = (typeof outboxSortKeys)[number];
export const outboxListQuery = pageQuery.extend({
  status: z.enum(outboxStatuses).optional(),
  channel: z.enum(["mail", "sms"]).optional(),
  /** Part of the recipient's address or number. */
  search: z.string().trim().max(100).optional(),
  sort: sortQuery(outboxSortKeys),
});

/** One message as administrators see it: who, what about, and how delivery went; never the body. */
export const outboxDelivery = z.object({
  id: z.number().int(),
  channel: z.enum(["mail", "sms"]),
  recipient: z.string(),
  subject: z.string(),
  status: z.enum(outboxStatuses),
  attempts: z.number().int(),
  /** Why the last attempt failed (the mail server's or SMS provider's answer); null once sent. */
  last_error: z.string().nullable(),
  /** smtp, twilio, or outbox (kept in the database only: the demo, or no provider). */
  driver: z.string().nullable(),
  created_at: z.string(),
  last_attempt_at: z.string().nullable(),
  delivered_at: z.string().nullable(),
});
export type OutboxDelivery = z.infer<typeof outboxDelivery>;
/** A delivery sent again: what the outbox now holds for it. */
export const outboxRetried = messageBody.extend({ data: outboxDelivery });

export const outboxDeliveryList = paginated(outboxDelivery).extend({
  /** Messages waiting for delivery and messages given up, over the whole outbox. */
  counts: z.object({ queued: z.number().int(), failed: z.number().int() }),
});

/** GET /api/messaging/channels: whether phone codes go by SMS, or to the account's email. */
export const messagingChannels = z.object({ phone_codes_by: z.enum(["sms", "email"]) });
export type MessagingChannels = z.infer<typeof messagingChannels>;
export type OutboxDeliveryList = z.infer<typeof outboxDeliveryList>;
