/**
 * Mail attachments rendered when the mail is delivered, not when it is queued. The outbox row names
 * the file and what renders it (`source`: a kind and its ids); the feature that owns the kind hands
 * its renderer to the delivery job at start (workers.ts). So a paid order's notice costs no PDF and
 * no PDF bytes in PostgreSQL, and a mail that is never delivered (the demo's outbox, a row given up)
 * never renders one.
 */
import type { AttachmentSource, OutboxAttachment } from "../db/schema/platform";

/** Renders the file of one kind from the ids its source names. */
export type AttachmentRenderer = (source: AttachmentSource) => Promise<Buffer>;
/** The renderers by kind, given to the delivery job at start. */
export type AttachmentRenderers = Readonly<Record<string, AttachmentRenderer>>;
/** A file ready for a driver. */
export type MailFile = { filename: string; contentType: string; content: Buffer };

/** The row's attachments as files; throws when a kind has no renderer or its renderer fails. */
export async function renderAttachments(
  attachments: readonly OutboxAttachment[] | null,
  renderers: AttachmentRenderers,
): Promise<MailFile[]> {
  return Promise.all(
    (attachments ?? []).map(async ({ filename, contentType, source, contentBase64 }) => {
      if (contentBase64 !== undefined)
        return { filename, contentType, content: Buffer.from(contentBase64, "base64") };
      const render = source ? renderers[source.kind] : undefined;
      if (!source || !render) throw new Error(`no renderer for attachment ${filename} (${source?.kind})`);
      return { filename, contentType, content: await render(source) };
    }),
  );
}
