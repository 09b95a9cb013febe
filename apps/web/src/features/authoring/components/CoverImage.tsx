/**
 * A title's cover at a fixed 16:9 ratio. A draft's cover is only served with the bearer token, so it
 * is fetched as a Blob; other covers load as plain images. Without a cover: placeholder art with the
 * title's first letter.
 */
import type { PublicationStatus } from "@aprendo/contract";
import { useEffect, useState } from "react";
import { cn } from "../../../lib/cn";
import { fetchBlob } from "../upload";

export function useCoverSource(url: string | null, status: PublicationStatus): string | null {
  const [blobUrl, setBlobUrl] = useState<string | null>(null);
  const needsToken = url !== null && status === "draft";
  useEffect(() => {
    if (!needsToken || !url) return;
    const controller = new AbortController();
    let created: string | null = null;
    fetchBlob(url, controller.signal).then(
      (blob) => {
        created = URL.createObjectURL(blob);
        setBlobUrl(created);
      },
      () => setBlobUrl(null),
    );
    return () => {
      controller.abort();
      if (created) URL.revokeObjectURL(created);
    };
  }, [needsToken, url]);
  if (!url) return null;
  return needsToken ? blobUrl : url;
}

export function CoverImage({
  url,
  status,
  title,
  className,
  size = "md",
}: {
  url: string | null;
  status: PublicationStatus;
  title: string;
  className?: string;
  size?: "sm" | "md";
}) {
  const source = useCoverSource(url, status);
  return (
    <div
      className={cn(
        "relative aspect-video shrink-0 overflow-hidden bg-primary-soft",
        size === "sm" ? "w-16 rounded-md" : "w-full rounded-lg",
        className,
      )}
    >
      {source ? (
        <img src={source} alt="" loading="lazy" className="size-full object-cover" />
      ) : (
        <span
          aria-hidden="true"
          className={cn(
            "flex size-full items-center justify-center font-semibold text-primary",
            size === "sm" ? "text-sm" : "text-3xl",
          )}
        >
          {title.trim().charAt(0).toUpperCase() || "?"}
        </span>
      )}
    </div>
  );
}
