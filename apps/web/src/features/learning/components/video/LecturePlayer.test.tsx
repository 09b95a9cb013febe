import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { HttpResponse, http } from "msw";
import { describe, expect, it, vi } from "vitest";
import { renderPage } from "../../../../test/render";
import { server } from "../../../../test/server";
import { chaptersVtt } from "./chapters";
import LecturePlayer from "./LecturePlayer";
import { stampAt, stampOf } from "./stamps";
import { cueAt, transcriptText } from "./TranscriptPanel";

const vtt = (lines: string[]) => `WEBVTT\n\n${lines.join("\n\n")}\n`;
const captionsEn = vtt([
  "00:00.000 --> 00:04.000\nWelcome to the course.",
  "00:04.000 --> 00:09.000\nToday we learn greetings.",
  "00:09.000 --> 00:15.000\nLet us start with hola.",
]);
const captionsEs = vtt([
  "00:00.000 --> 00:04.000\nBienvenidos al curso.",
  "00:04.000 --> 00:09.000\nHoy aprendemos saludos.",
]);

const video = {
  url: "/api/iu/lectures/5/video?token=t",
  type: "video/mp4",
  duration_seconds: 60,
  hlsUrl: null,
  captions: [
    { language: "en" as const, url: "/api/iu/lectures/5/captions/en?token=t" },
    { language: "es" as const, url: "/api/iu/lectures/5/captions/es?token=t" },
  ],
  chapters: [
    { title: "Greetings", start_seconds: 0 },
    { title: "Practice", start_seconds: 30 },
  ],
};

function serveCaptions() {
  server.use(
    http.get(
      "*/api/iu/lectures/5/captions/en",
      () => new HttpResponse(captionsEn, { headers: { "content-type": "text/vtt" } }),
    ),
    http.get(
      "*/api/iu/lectures/5/captions/es",
      () => new HttpResponse(captionsEs, { headers: { "content-type": "text/vtt" } }),
    ),
  );
}

async function renderPlayer(
  options: { language?: "en" | "es"; next?: { title: string; href: string } | null } = {},
) {
  serveCaptions();
  const onResult = vi.fn();
  const view = await renderPage(
    <LecturePlayer
      lectureId={5}
      video={video}
      lastPosition={0}
      tracked={false}
      onResult={onResult}
      userId={7}
      title="Greetings"
      next={options.next ?? null}
    />,
    "/iu/courses/2/lesson/5",
    { language: options.language ?? "en", user: {} },
  );
  const element = (await screen.findByTestId("lecture-video")) as HTMLVideoElement;
  return { view, element };
}

describe("the lecture player", () => {
  it("offers captions tracks per language, chapters and every control by name", async () => {
    const { element } = await renderPlayer();
    // The chapters track comes once its blob: URL (the Content Security Policy refuses data: media) is made.
    await waitFor(() => expect(element.querySelectorAll("track")).toHaveLength(3));
    const tracks = [...element.querySelectorAll("track")];
    expect(tracks.map((t) => [t.kind, t.srclang, t.label])).toEqual([
      ["captions", "en", "English"],
      ["captions", "es", "Español"],
      ["chapters", "", ""],
    ]);
    expect(tracks[2]!.src).toMatch(/^blob:/);
    expect(chaptersVtt(video.chapters, 60)).toContain("00:00:30.000 --> 00:01:00.000\nPractice");
    expect(screen.getByRole("button", { name: "Keyboard shortcuts" })).toBeTruthy();
    for (const tag of [
      "media-play-button",
      "media-mute-button",
      "media-playback-rate-menu-button",
      "media-captions-menu-button",
      "media-rendition-menu-button",
      "media-pip-button",
      "media-fullscreen-button",
    ])
      expect(document.querySelector(tag), tag).not.toBeNull();
  });

  it("runs the keyboard shortcuts and remembers the speed per learner", async () => {
    const { element } = await renderPlayer();
    Object.defineProperty(element, "duration", { configurable: true, value: 60 });
    element.currentTime = 20;
    fireEvent.keyDown(document.body, { key: "l" });
    expect(element.currentTime).toBe(30);
    fireEvent.keyDown(document.body, { key: "j" });
    fireEvent.keyDown(document.body, { key: "ArrowLeft" });
    expect(element.currentTime).toBe(15);
    fireEvent.keyDown(document.body, { key: "ArrowRight" });
    expect(element.currentTime).toBe(20);
    fireEvent.keyDown(document.body, { key: ">" });
    fireEvent.keyDown(document.body, { key: ">" });
    expect(element.playbackRate).toBe(1.5);
    fireEvent(element, new Event("ratechange"));
    expect(localStorage.getItem("aprendo.playbackRate.7")).toBe("1.5");
    fireEvent.keyDown(document.body, { key: "<" });
    expect(element.playbackRate).toBe(1.25);
    for (let i = 0; i < 10; i++) fireEvent.keyDown(document.body, { key: ">" });
    expect(element.playbackRate).toBe(2);
    fireEvent.keyDown(document.body, { key: "m" });
    expect(element.muted).toBe(true);
    expect(screen.getByText("Sound off")).toBeTruthy();
    // Typing in a field is typing, not a shortcut.
    const search = await screen.findByRole("searchbox", { name: "Search the transcript" });
    search.focus();
    fireEvent.keyDown(search, { key: "m" });
    expect(element.muted).toBe(true);
    fireEvent.keyDown(search, { key: "l" });
    expect(element.currentTime).toBe(20);
  });

  it("turns Spanish captions on with C in Spanish and lists the shortcuts in the help dialog", async () => {
    const { element } = await renderPlayer({ language: "es" });
    // jsdom has no text tracks: the element's list is given the two caption tracks a browser makes.
    const tracks = ["en", "es"].map((language) => ({ kind: "captions", language, mode: "disabled" }));
    Object.defineProperty(element, "textTracks", { configurable: true, value: tracks });
    fireEvent.keyDown(document.body, { key: "c" });
    const showing = tracks.filter((t) => t.mode === "showing").map((t) => t.language);
    expect(showing).toEqual(["es"]);
    expect(await screen.findByText("Subtítulos activados: Español")).toBeTruthy();
    fireEvent.keyDown(document.body, { key: "?" });
    const dialog = await screen.findByRole("dialog", { name: "Atajos de teclado" });
    expect(within(dialog).getByText("Retroceder 10 segundos")).toBeTruthy();
    expect(within(dialog).getByText("Espacio")).toBeTruthy();
    expect(within(dialog).getAllByRole("row")).toHaveLength(12);
  });

  it("shows the transcript: the current cue, search, seek on click, download", async () => {
    const { element, view } = await renderPlayer();
    const panel = await screen.findByTestId("transcript");
    const cue = await within(panel).findByRole("button", { name: /Today we learn greetings/ });
    element.currentTime = 5;
    fireEvent(element, new Event("timeupdate"));
    await waitFor(() => expect(cue.getAttribute("aria-current")).toBe("true"));
    await view.user.click(within(panel).getByRole("button", { name: /Let us start with hola/ }));
    expect(element.currentTime).toBe(9);
    await view.user.type(within(panel).getByRole("searchbox"), "hola");
    expect(within(panel).getAllByRole("listitem")).toHaveLength(1);
    expect(within(panel).getByText("1 line found")).toBeTruthy();
    const download = within(panel).getByRole("link", { name: "Download the transcript" });
    expect(download.getAttribute("download")).toBe("Greetings (en).txt");
    expect(decodeURIComponent(download.getAttribute("href") ?? "")).toContain(
      "[0:04] Today we learn greetings.",
    );
    await view.user.clear(within(panel).getByRole("searchbox"));
    await view.user.selectOptions(within(panel).getByRole("combobox", { name: "Transcript language" }), "es");
    expect(await within(panel).findByText("Hoy aprendemos saludos.")).toBeTruthy();
  });

  it("lists the chapters under the video: the one playing is marked, a click seeks to its start", async () => {
    const { element, view } = await renderPlayer({ language: "es" });
    const chapters = screen.getByRole("navigation", { name: "Capítulos" });
    const practice = within(chapters).getByRole("button", { name: "0:30 Practice" });
    expect(
      within(chapters).getByRole("button", { name: "0:00 Greetings" }).getAttribute("aria-current"),
    ).toBe("true");
    await view.user.click(practice);
    expect(element.currentTime).toBe(30);
    fireEvent(element, new Event("seeked"));
    await waitFor(() => expect(practice.getAttribute("aria-current")).toBe("true"));
  });

  it("counts down to the next lecture at the end, and Cancel stops it", async () => {
    await renderPlayer({ next: { title: "Farewells", href: "/iu/courses/2/lesson/6" } });
    const element = await screen.findByTestId("lecture-video");
    fireEvent(element, new Event("ended"));
    const countdown = await screen.findByTestId("next-countdown");
    expect(countdown.textContent).toContain("Next: Farewells");
    expect(countdown.textContent).toContain("Starts in 5 seconds");
    await screen.findByText("Starts in 4 seconds", undefined, { timeout: 3_000 });
    fireEvent.click(within(countdown).getByRole("button", { name: "Cancel" }));
    expect(screen.queryByTestId("next-countdown")).toBeNull();
  });
});

describe("transcript helpers", () => {
  it("finds the cue playing and writes the text file", () => {
    const cues = [
      { start: 0, end: 4, text: "a" },
      { start: 4, end: 9, text: "b" },
    ];
    expect(cueAt(cues, 4)).toBe(1);
    expect(cueAt(cues, 12)).toBe(-1);
    expect(transcriptText(cues)).toBe("[0:00] a\n[0:04] b");
  });
});

describe("note time stamps", () => {
  it("writes the current time as a stamp and finds the stamp under a click", () => {
    expect(stampOf(65.7)).toBe("[1:05]");
    expect(stampOf(3723)).toBe("[1:02:03]");
    const text = "See [1:05] and [1:02:03] again";
    expect(stampAt(text, 6)).toBe(65);
    expect(stampAt(text, 16)).toBe(3723);
    expect(stampAt(text, 1)).toBeNull();
  });
});
