/**
 * The transcript beside the video on very wide screens (below it otherwise): the caption cues of one
 * language, the current one highlighted and kept in view as the video plays, searchable, a click
 * seeks there, and the whole text downloads as a .txt file. The cues come from the same caption files the
 * player shows (read with the contract's WebVTT reader).
 */
import { type CaptionLanguage, type LectureCaption, parseWebVtt, type VttCue } from "@aprendo/contract";
import { useQuery } from "@tanstack/react-query";
import { Download, Search } from "lucide-react";
import { type RefObject, useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button, Input, Skeleton } from "../../../../components/ui";
import { cn } from "../../../../lib/cn";
import { clock } from "../../../catalog/logic";
import { languageNames } from "./languages";

async function loadCues(url: string): Promise<VttCue[]> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`captions answered ${response.status}`);
  const result = parseWebVtt(await response.text());
  // Files are validated on upload; a file that still does not read shows no transcript.
  if (!result.ok) throw new Error(`captions do not read: ${result.problem.key}`);
  return result.cues;
}

/** The cue playing at `time` (cues may overlap: the latest started wins). */
export function cueAt(cues: readonly VttCue[], time: number): number {
  let found = -1;
  cues.forEach((cue, i) => {
    if (cue.start <= time && time < cue.end) found = i;
  });
  return found;
}

export const transcriptText = (cues: readonly VttCue[]) =>
  cues.map((cue) => `[${clock(cue.start)}] ${cue.text}`).join("\n");

export function TranscriptPanel({
  captions,
  videoRef,
  title,
}: {
  captions: LectureCaption[];
  videoRef: RefObject<HTMLVideoElement | null>;
  title: string;
}) {
  const { t, i18n } = useTranslation("learning");
  const [language, setLanguage] = useState<CaptionLanguage>(
    () =>
      captions.find((c) => c.language === i18n.language)?.language ??
      (captions[0]?.language as CaptionLanguage),
  );
  const caption = captions.find((c) => c.language === language) ?? captions[0];
  const url = caption?.url ?? "";
  // The URL carries a token that changes with every lecture read: the key is the file, not the token.
  const cues = useQuery({
    queryKey: ["learning", "transcript", url.split("?")[0], language],
    queryFn: () => loadCues(url),
    enabled: url !== "",
    staleTime: Number.POSITIVE_INFINITY,
  });
  const [query, setQuery] = useState("");
  const [current, setCurrent] = useState(-1);
  const listRef = useRef<HTMLOListElement>(null);

  useEffect(() => {
    const video = videoRef.current;
    const list = cues.data;
    if (!video || !list) return;
    const update = () => setCurrent(cueAt(list, video.currentTime));
    update();
    video.addEventListener("timeupdate", update);
    video.addEventListener("seeked", update);
    return () => {
      video.removeEventListener("timeupdate", update);
      video.removeEventListener("seeked", update);
    };
  }, [cues.data, videoRef]);

  // The list (not the page) scrolls to keep the current cue in view, unless the learner is searching.
  useEffect(() => {
    const list = listRef.current;
    if (!list || current < 0 || query) return;
    const item = list.querySelector<HTMLElement>(`[data-cue="${current}"]`);
    if (!item) return;
    const top = item.offsetTop - list.offsetTop;
    if (top < list.scrollTop || top + item.offsetHeight > list.scrollTop + list.clientHeight)
      list.scrollTop = Math.max(0, top - list.clientHeight / 3);
  }, [current, query]);

  const shown = useMemo(() => {
    const all = (cues.data ?? []).map((cue, index) => ({ cue, index }));
    const words = query.trim().toLocaleLowerCase();
    return words ? all.filter(({ cue }) => cue.text.toLocaleLowerCase().includes(words)) : all;
  }, [cues.data, query]);

  const seek = (cue: VttCue) => {
    const video = videoRef.current;
    if (video) video.currentTime = cue.start;
  };

  return (
    <section
      aria-labelledby="transcript-title"
      className="flex min-h-0 flex-col gap-3 rounded-lg border border-border bg-surface p-3 2xl:max-h-[32rem]"
      data-testid="transcript"
    >
      <div className="flex items-center justify-between gap-2">
        <h2 id="transcript-title" className="font-semibold text-fg">
          {t("player.transcript.title")}
        </h2>
        {captions.length > 1 && (
          <select
            aria-label={t("player.transcript.language")}
            value={language}
            onChange={(event) => setLanguage(event.target.value as CaptionLanguage)}
            className="h-11 rounded-md border border-border-strong bg-surface px-2 text-sm text-fg focus-ring sm:h-9"
          >
            {captions.map((c) => (
              <option key={c.language} value={c.language}>
                {languageNames[c.language]}
              </option>
            ))}
          </select>
        )}
      </div>
      <div className="relative">
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-fg-muted"
        />
        <Input
          type="search"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          aria-label={t("player.transcript.search")}
          placeholder={t("player.transcript.search")}
          className="pl-9"
        />
      </div>
      {cues.isPending ? (
        <div aria-busy="true" className="flex flex-col gap-2">
          <Skeleton className="h-5 w-full" />
          <Skeleton className="h-5 w-4/5" />
          <Skeleton className="h-5 w-3/5" />
        </div>
      ) : cues.isError ? (
        <p className="text-sm text-fg-muted">{t("player.transcript.failed")}</p>
      ) : (
        <>
          {query && (
            <p className="text-xs text-fg-muted" role="status">
              {t("player.transcript.found", { count: shown.length })}
            </p>
          )}
          <ol
            ref={listRef}
            className="-mx-1 flex max-h-72 min-h-0 flex-col overflow-y-auto 2xl:max-h-none 2xl:flex-1"
          >
            {shown.map(({ cue, index }) => (
              <li key={index} data-cue={index}>
                <button
                  type="button"
                  onClick={() => seek(cue)}
                  aria-current={index === current ? "true" : undefined}
                  className={cn(
                    "flex w-full gap-3 rounded-md px-2 py-1.5 text-left text-sm focus-ring",
                    index === current
                      ? "bg-primary-soft text-fg"
                      : "text-fg-muted hover:bg-surface-muted hover:text-fg",
                  )}
                >
                  <span className="shrink-0 font-medium text-primary tabular-nums">{clock(cue.start)}</span>
                  <span>{cue.text}</span>
                </button>
              </li>
            ))}
          </ol>
          <Button asChild variant="secondary" size="sm">
            <a
              href={`data:text/plain;charset=utf-8,${encodeURIComponent(transcriptText(cues.data))}`}
              download={`${title} (${language}).txt`}
            >
              <Download aria-hidden="true" className="size-4" />
              {t("player.transcript.download")}
            </a>
          </Button>
        </>
      )}
    </section>
  );
}
