/**
 * The lecture editor shows the video's HLS conversion as the server reports it,
 * ffmpeg's error behind a disclosure, and "Convert again" queues a new conversion.
 */
import { type AdminLecture, adminLecture, type LectureStreaming } from "@aprendo/contract";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { renderPage } from "../../../../test/render";
import { api, server } from "../../../../test/server";
import { TranscodingStatus } from "./TranscodingStatus";

const streaming = (over: Partial<LectureStreaming>): LectureStreaming => ({
  status: "ready",
  progress: 100,
  message: "Adaptive streaming ready: 360p, 720p",
  error: null,
  heights: [360, 720],
  hls_url: "/api/iu/lectures/7/hls/master.m3u8?token=t",
  poster_url: "/api/iu/lectures/7/hls/poster.jpg?token=t",
  updated_at: "2026-11-26T08:00:00.000Z",
  ...over,
});

const lecture = (s: LectureStreaming): AdminLecture => ({
  id: 7,
  course_id: 1,
  module_id: 2,
  level_id: 3,
  title_en: "Greetings",
  title_es: "Saludos",
  description_en: "",
  description_es: "",
  position: 0,
  status: "draft",
  is_preview: false,
  has_video: true,
  has_quiz: false,
  duration_seconds: 62,
  ebook_count: 0,
  faq_count: 0,
  video: { type: "video/mp4", size_bytes: 600_000, url: "/api/iu/lectures/7/video?token=t", streaming: s },
  ebooks: [],
  faqs: [],
});

describe("video conversion status", () => {
  it("shows the qualities of a ready stream", async () => {
    await renderPage(<TranscodingStatus lectureId={7} streaming={streaming({})} />, "/af/courses/1", {
      user: { role_id: 3 },
    });
    await screen.findByText("Adaptive streaming ready: 360p, 720p");
    expect(screen.getByRole("list", { name: "Ready" }).textContent).toBe("360p720p");
    expect(screen.queryByRole("progressbar")).toBeNull();
  });

  it("shows a conversion's percentage", async () => {
    const running = streaming({
      status: "processing",
      progress: 42,
      message: "Preparing adaptive streaming: 42%",
    });
    await renderPage(<TranscodingStatus lectureId={7} streaming={running} />, "/af/courses/1", {
      user: { role_id: 3 },
    });
    const bar = await screen.findByRole("progressbar", { name: "Conversion progress" });
    expect(bar.getAttribute("aria-valuenow")).toBe("42");
    expect(screen.queryByRole("button", { name: "Convert again" })).toBeNull();
  });

  it("shows ffmpeg's error on a failure and queues a new conversion", async () => {
    const failed = streaming({
      status: "failed",
      progress: 0,
      heights: [],
      hls_url: null,
      poster_url: null,
      message: "Adaptive streaming could not be prepared; learners get the uploaded video as it is",
      error: "not a readable video (moov atom not found)",
    });
    server.use(
      api.post(
        "/af/lectures/7/video/transcode",
        adminLecture,
        lecture(
          streaming({
            status: "queued",
            progress: 0,
            heights: [],
            hls_url: null,
            poster_url: null,
            message: "Waiting to be prepared for adaptive streaming",
          }),
        ),
      ),
    );
    await renderPage(<TranscodingStatus lectureId={7} streaming={failed} />, "/af/courses/1", {
      user: { role_id: 3 },
    });
    await screen.findByText(/could not be prepared/);
    await userEvent.click(screen.getByText("What ffmpeg said"));
    expect(screen.getByText("not a readable video (moov atom not found)").closest("details")?.open).toBe(
      true,
    );
    await userEvent.click(screen.getByRole("button", { name: "Convert again" }));
    await screen.findByText("Conversion queued: this page shows its progress");
  });
});
