/**
 * A ticket's screenshots as thumbnails that open full size. A guest's images carry the private token
 * in their address; a learner's or administrator's are fetched with the session (see api.ts).
 */
import type { TicketAttachment } from "@aprendo/contract";
import { useQuery } from "@tanstack/react-query";
import { ImageIcon } from "lucide-react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { fetchPrivateImage } from "../api";
import { fileSize } from "../logic";

function usePrivateImageUrl(url: string, needsSession: boolean) {
  const query = useQuery({
    queryKey: ["support", "attachment", url],
    queryFn: ({ signal }) => fetchPrivateImage(url, signal),
    enabled: needsSession,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  const [objectUrl, setObjectUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!query.data) return;
    const made = URL.createObjectURL(query.data);
    setObjectUrl(made);
    return () => URL.revokeObjectURL(made);
  }, [query.data]);
  return needsSession ? objectUrl : url;
}

function Thumbnail({ attachment }: { attachment: TicketAttachment }) {
  const { t, i18n } = useTranslation("support");
  const needsSession = !attachment.url.includes("token=");
  const src = usePrivateImageUrl(attachment.url, needsSession);
  const caption = (
    <span className="flex min-w-0 flex-col px-2 py-1.5 text-xs">
      <span className="truncate text-fg">{attachment.name}</span>
      <span className="text-fg-muted tabular-nums">{fileSize(attachment.size, i18n.language)}</span>
    </span>
  );
  if (!src)
    return (
      <div className="flex w-40 flex-col overflow-hidden rounded-md border border-border bg-surface">
        <span className="flex aspect-video items-center justify-center bg-surface-muted text-fg-muted">
          <ImageIcon aria-hidden="true" className="size-6" />
        </span>
        {caption}
      </div>
    );
  return (
    <a
      href={src}
      target="_blank"
      rel="noreferrer"
      className="flex w-40 flex-col overflow-hidden rounded-md border border-border bg-surface transition-shadow hover:shadow-md focus-ring"
    >
      <span className="sr-only">{t("thread.openImage")}</span>
      <img src={src} alt="" loading="lazy" className="aspect-video w-full bg-surface-muted object-cover" />
      {caption}
    </a>
  );
}

export function AttachmentGallery({ attachments }: { attachments: TicketAttachment[] }) {
  const { t } = useTranslation("support");
  if (attachments.length === 0) return null;
  return (
    <ul aria-label={t("thread.attachments")} className="mt-3 flex flex-wrap gap-2">
      {attachments.map((attachment) => (
        <li key={attachment.id}>
          <Thumbnail attachment={attachment} />
        </li>
      ))}
    </ul>
  );
}
