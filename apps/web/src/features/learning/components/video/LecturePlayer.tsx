/**
 * The lecture player, built on media-chrome (Mux's web-component player controls: kept, accessible,
 * any <video> underneath) with hls.js for adaptive streams. Loaded only by the lecture page.
 *
 * Controls: play, ±10 s, mute and volume, the seek bar (chapter marks and thumbnail previews when
 * the lecture has them), speed 0.5x-2x (remembered per learner on this device), captions, quality
 * (HLS levels), picture in picture, full screen, and a "?" button listing the keyboard shortcuts.
 * media-chrome's own shortcuts are off: the player's (shortcuts.ts) work anywhere on the page while
 * nothing else has focus. At the end a 5-second countdown opens the next lecture when it is open.
 * Watched time is reported by useWatchReports from the <video>'s own events, so every control
 * (speed included) reports honestly.
 */
import type { LectureVideo, ProgressResult } from "@aprendo/contract";
import type { MediaController as MediaControllerElement } from "media-chrome";
import { En } from "media-chrome/lang/en";
import { Es } from "media-chrome/lang/es";
import "./player.css";
import { addTranslation, setLanguage } from "media-chrome/dist/utils/i18n.js";
import {
  MediaControlBar,
  MediaController,
  MediaFullscreenButton,
  MediaLoadingIndicator,
  MediaMuteButton,
  MediaPipButton,
  MediaPlayButton,
  MediaSeekBackwardButton,
  MediaSeekForwardButton,
  MediaTimeDisplay,
  MediaTimeRange,
  MediaVolumeRange,
} from "media-chrome/react";
import {
  MediaCaptionsMenu,
  MediaCaptionsMenuButton,
  MediaPlaybackRateMenu,
  MediaPlaybackRateMenuButton,
  MediaRenditionMenu,
  MediaRenditionMenuButton,
} from "media-chrome/react/menu";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { clock } from "../../../catalog/logic";
import { resumeAt } from "../../progress";
import { registerPlayer } from "./bridge";
import { ChapterList } from "./ChapterList";
import { chaptersBlobUrl } from "./chapters";
import { languageNames } from "./languages";
import { NextCountdown } from "./NextCountdown";
import { savedRate, saveRate } from "./prefs";
import { ShortcutsDialog } from "./ShortcutsDialog";
import { keyBelongsToTarget, type PlayerAction, playbackRates, shortcutAction, stepRate } from "./shortcuts";
import { attachSource, type VideoWithRenditions } from "./sources";
import { TranscriptPanel } from "./TranscriptPanel";
import { useWatchReports } from "./useWatchReports";

// The speed button shows "1.5x": its name must contain that text (WCAG 2.5.3, label in name).
addTranslation("en", { ...En, "Playback rate {playbackRate}": "Speed {playbackRate}x" });
addTranslation("es", { ...Es, "Playback rate {playbackRate}": "Velocidad {playbackRate}x" });

const noBackButton = <span slot="header" hidden />;
const noChapters: LectureVideo["chapters"] & object = [];

export type LecturePlayerProps = {
  lectureId: number;
  video: LectureVideo;
  lastPosition: number;
  /** Reports progress (enrolled learners); previews only play. */
  tracked: boolean;
  onResult: (result: ProgressResult) => void;
  /** The learner (speed is remembered per learner); null for guests. */
  userId: number | null;
  /** The lecture title (the transcript download is named after it). */
  title: string;
  /** The next lecture when it is open: the countdown at the end goes there. */
  next: { title: string; href: string } | null;
};

export default function LecturePlayer({
  lectureId,
  video,
  lastPosition,
  tracked,
  onResult,
  userId,
  title,
  next,
}: LecturePlayerProps) {
  const { t, i18n } = useTranslation("learning");
  const language = i18n.language === "es" ? "es" : "en";
  // media-chrome names its controls in this language (its Spanish dictionary is imported above).
  setLanguage(language);
  const ref = useRef<VideoWithRenditions>(null);
  const controllerRef = useRef<MediaControllerElement>(null);
  const [resumedAt, setResumedAt] = useState<number | null>(null);
  const [helpOpen, setHelpOpen] = useState(false);
  const [ended, setEnded] = useState(false);
  const [said, setSaid] = useState("");
  useWatchReports(ref, { lectureId, tracked, onResult });

  const captions = video.captions ?? [];
  const chapters = video.chapters ?? noChapters;
  const [chaptersSrc, setChaptersSrc] = useState<string | null>(null);
  useEffect(() => {
    if (chapters.length === 0) {
      setChaptersSrc(null);
      return;
    }
    const url = chaptersBlobUrl(chapters, video.duration_seconds);
    setChaptersSrc(url);
    return () => URL.revokeObjectURL(url);
  }, [chapters, video.duration_seconds]);

  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    return attachSource(element, { mp4: video.url, hls: video.hlsUrl });
  }, [video.url, video.hlsUrl]);

  useEffect(
    () =>
      registerPlayer({
        time: () => ref.current?.currentTime ?? 0,
        seek: (seconds) => {
          const element = ref.current;
          if (!element) return;
          element.currentTime = Math.max(0, seconds);
          element.scrollIntoView?.({ block: "nearest" });
        },
      }),
    [],
  );

  const onLoadedMetadata = () => {
    const element = ref.current;
    if (!element) return;
    element.playbackRate = savedRate(userId);
    const at = resumeAt(lastPosition, element.duration || video.duration_seconds);
    if (at > 0) {
      element.currentTime = at;
      setResumedAt(at);
    }
  };

  const act = (action: PlayerAction) => {
    const element = ref.current;
    const controller = controllerRef.current;
    if (!element) return;
    switch (action.type) {
      case "toggle":
        if (element.paused) element.play().catch((error: unknown) => console.warn("play() refused", error));
        else element.pause();
        break;
      case "seek": {
        const end = Number.isFinite(element.duration) ? element.duration : video.duration_seconds;
        element.currentTime = Math.min(Math.max(0, element.currentTime + action.by), end);
        setSaid(t(action.by < 0 ? "player.said.back" : "player.said.forward", { n: Math.abs(action.by) }));
        break;
      }
      case "rate":
        element.playbackRate = stepRate(element.playbackRate, action.step);
        break;
      case "fullscreen":
        if (document.fullscreenElement)
          document.exitFullscreen().catch((error: unknown) => console.warn("exitFullscreen refused", error));
        else
          controller
            ?.requestFullscreen?.()
            .catch((error: unknown) => console.warn("requestFullscreen refused", error));
        break;
      case "captions": {
        const tracks = [...element.textTracks].filter((track) => track.kind === "captions");
        const showing = tracks.find((track) => track.mode === "showing");
        const pick = tracks.find((track) => track.language === language) ?? tracks[0];
        for (const track of tracks) track.mode = "disabled";
        if (!showing && pick) pick.mode = "showing";
        setSaid(
          tracks.length === 0
            ? t("player.said.noCaptions")
            : showing || !pick
              ? t("player.said.captionsOff")
              : t("player.said.captionsOn", { language: languageNames[pick.language as "en" | "es"] }),
        );
        break;
      }
      case "mute":
        element.muted = !element.muted;
        setSaid(t(element.muted ? "player.said.muted" : "player.said.unmuted"));
        break;
      case "help":
        // The dialog opens over the page, which full screen would hide.
        if (document.fullscreenElement)
          document.exitFullscreen().catch((error: unknown) => console.warn("exitFullscreen refused", error));
        setHelpOpen(true);
        break;
    }
  };
  const actRef = useRef(act);
  actRef.current = act;

  // The shortcuts work while the focus is in the player or nowhere in particular (the page itself).
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const container = controllerRef.current?.parentElement;
      const active = document.activeElement;
      const inPlayer = container && active && container.contains(active);
      if (!inPlayer && active && active !== document.body) return;
      if (keyBelongsToTarget(event.target, event.key)) return;
      const action = shortcutAction(event);
      if (!action) return;
      event.preventDefault();
      actRef.current(action);
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, []);

  const onRate = () => {
    const element = ref.current;
    if (!element) return;
    saveRate(userId, element.playbackRate);
    setSaid(t("player.said.speed", { rate: element.playbackRate }));
  };

  const menu = (kind: string) => `player-${kind}-${lectureId}`;
  const captionTracks: ReactNode[] = captions.map((caption) => (
    <track
      key={caption.language}
      kind="captions"
      srcLang={caption.language}
      label={languageNames[caption.language]}
      src={caption.url}
    />
  ));

  const player = (
    <div className="flex min-w-0 flex-col gap-2">
      <div className="overflow-hidden rounded-lg bg-black shadow-sm">
        <MediaController
          ref={controllerRef}
          noHotkeys
          lang={language}
          className="lecture-player block aspect-video w-full"
          aria-label={t("video.label")}
        >
          {/* biome-ignore lint/a11y/useMediaCaption: the caption tracks are the authors' uploads, mapped above the element (captionTracks); a lecture without them warns its author */}
          <video
            slot="media"
            ref={ref}
            playsInline
            preload="metadata"
            poster={video.posterUrl ?? undefined}
            onLoadedMetadata={onLoadedMetadata}
            onRateChange={onRate}
            onEnded={() => setEnded(true)}
            onPlay={() => setEnded(false)}
            className="aspect-video w-full bg-black"
            data-testid="lecture-video"
            aria-label={t("video.label")}
          >
            {captionTracks}
            {chaptersSrc && <track kind="chapters" src={chaptersSrc} default />}
            {video.thumbnailsUrl && (
              <track kind="metadata" label="thumbnails" src={video.thumbnailsUrl} default />
            )}
          </video>
          <MediaLoadingIndicator slot="centered-chrome" noAutohide />
          {/* The seek bar has a row of its own: beside ten buttons it had no room on a phone. */}
          <MediaControlBar className="lecture-player-seek">
            <MediaTimeRange />
          </MediaControlBar>
          <MediaControlBar>
            <MediaPlayButton />
            <MediaSeekBackwardButton seekOffset={10} />
            <MediaSeekForwardButton seekOffset={10} />
            <MediaMuteButton />
            <MediaVolumeRange className="lecture-player-volume" />
            <MediaTimeDisplay showDuration noToggle />
            <span className="lecture-player-spacer" />
            <MediaPlaybackRateMenuButton invokeTarget={menu("rate")} />
            <MediaCaptionsMenuButton invokeTarget={menu("captions")} />
            <MediaRenditionMenuButton invokeTarget={menu("quality")} />
            <button
              type="button"
              className="lecture-player-help"
              aria-label={t("player.help")}
              title={t("player.help")}
              onClick={() => act({ type: "help" })}
            >
              ?
            </button>
            <MediaPipButton />
            <MediaFullscreenButton />
          </MediaControlBar>
          {/* The menus come last: they open over both bars. Each gets an empty header of its own:
              media-chrome's default header holds a "back" button for submenus (these have none),
              which a menu may not contain (axe: aria-required-children). */}
          <MediaPlaybackRateMenu id={menu("rate")} hidden anchor="auto" rates={[...playbackRates]}>
            {noBackButton}
          </MediaPlaybackRateMenu>
          <MediaCaptionsMenu id={menu("captions")} hidden anchor="auto">
            {noBackButton}
          </MediaCaptionsMenu>
          <MediaRenditionMenu id={menu("quality")} hidden anchor="auto">
            {noBackButton}
          </MediaRenditionMenu>
        </MediaController>
      </div>
      <p className="sr-only" role="status" aria-live="polite">
        {said}
      </p>
      {chapters.length > 0 && <ChapterList chapters={chapters} videoRef={ref} />}
      {resumedAt !== null && (
        <p className="text-xs text-fg-muted" role="status">
          {t("video.resumed", { time: clock(resumedAt) })}
        </p>
      )}
      {ended && next && <NextCountdown next={next} onCancel={() => setEnded(false)} />}
      <ShortcutsDialog open={helpOpen} onOpenChange={setHelpOpen} />
    </div>
  );

  if (captions.length === 0) return player;
  return (
    // Beside the video only on very wide screens: with the outline also beside the lecture, a narrower
    // video left its control bar too little room (the last buttons were cut off).
    <div className="grid grid-cols-1 gap-4 2xl:grid-cols-[minmax(0,1fr)_18rem]">
      {player}
      <TranscriptPanel captions={captions} videoRef={ref} title={title} />
    </div>
  );
}
