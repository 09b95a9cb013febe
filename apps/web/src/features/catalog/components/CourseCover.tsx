/** A title's cover at a fixed 16:9 ratio, loaded lazily, over generated art that also stands in for a missing image. */
import { useState } from "react";
import { cn } from "../../../lib/cn";
import { coverArt } from "../logic";

export function CoverArt({ id, title, className }: { id: number; title: string; className?: string }) {
  const art = coverArt(id, title);
  return (
    <div
      aria-hidden="true"
      className={cn("absolute inset-0 overflow-hidden", className)}
      style={{ backgroundImage: `linear-gradient(${art.angle}deg, ${art.from}, ${art.to})` }}
    >
      <div
        className="absolute -top-1/3 -right-1/4 aspect-square w-3/4 rounded-full"
        style={{ background: art.accent }}
      />
      <div
        className="absolute -bottom-1/2 -left-1/4 aspect-square w-2/3 rounded-full opacity-60"
        style={{ background: art.accent }}
      />
      <span className="absolute inset-0 flex items-center justify-center text-3xl font-semibold tracking-wider text-white/95 drop-shadow-sm">
        {art.initials}
      </span>
    </div>
  );
}

export function CourseCover({
  id,
  title,
  src,
  className,
  eager = false,
}: {
  id: number;
  title: string;
  src: string | null;
  className?: string;
  /** The largest image above the fold loads at once. */
  eager?: boolean;
}) {
  const [failed, setFailed] = useState(false);
  const [loaded, setLoaded] = useState(false);
  return (
    <div className={cn("relative aspect-video w-full overflow-hidden bg-surface-muted", className)}>
      <CoverArt id={id} title={title} />
      {src && !failed && (
        <img
          src={src}
          alt=""
          loading={eager ? "eager" : "lazy"}
          decoding="async"
          onLoad={() => setLoaded(true)}
          onError={() => setFailed(true)}
          className={cn(
            "absolute inset-0 size-full object-cover transition-opacity duration-200",
            loaded ? "opacity-100" : "opacity-0",
          )}
        />
      )}
    </div>
  );
}
