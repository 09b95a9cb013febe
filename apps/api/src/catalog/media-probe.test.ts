/**
 * Probing files that are streamed, never held whole: a PDF's pages counted chunk by chunk
 * give the count of the whole file however the chunks fall; a stored MP4's duration is read by ranged
 * reads even when `moov` comes after a large `mdat`.
 */
import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import type { StoredFile } from "../storage/storage";
import { samplePdf, sampleVideo, sampleWebm } from "./catalog.fixtures";
import { pdfPageCount, pdfPageCounter, storedVideoDuration, videoDuration } from "./media-probe";

/** A stored file over a buffer, counting the ranged reads made. */
function inMemory(bytes: Buffer): StoredFile & { reads: number; bytesRead: number } {
  const file = {
    size: bytes.length,
    reads: 0,
    bytesRead: 0,
    stream: (range?: { start: number; end: number }) => {
      const part = range ? bytes.subarray(range.start, range.end + 1) : bytes;
      file.reads += 1;
      file.bytesRead += part.length;
      return Readable.from([part]);
    },
  };
  return file;
}

describe("media probes on streamed files", () => {
  it("counts a PDF's pages the same whatever its chunk sizes", () => {
    const pdf = samplePdf();
    const whole = pdfPageCount(pdf);
    expect(whole).toBeGreaterThan(0);
    for (const size of [1, 7, 64, 255, 256, 257, 1000, pdf.length]) {
      const counter = pdfPageCounter();
      for (let at = 0; at < pdf.length; at += size) counter.observe(pdf.subarray(at, at + size));
      expect(counter.pages(), `chunks of ${size}`).toBe(whole);
    }
  });

  it("reads an MP4's duration from a moov after a large mdat, without reading the mdat", async () => {
    const video = sampleVideo();
    const expected = videoDuration(video, "video/mp4");
    expect(expected).toBe(15);
    // The sample's own boxes, with a 20 MB mdat box in front of them all (after ftyp).
    const ftypSize = video.readUInt32BE(0);
    const mdat = Buffer.alloc(20_000_000);
    mdat.writeUInt32BE(mdat.length, 0);
    mdat.write("mdat", 4, "latin1");
    const moved = Buffer.concat([video.subarray(0, ftypSize), mdat, video.subarray(ftypSize)]);
    const stored = inMemory(moved);
    expect(await storedVideoDuration(stored, "video/mp4")).toBe(15);
    expect(stored.bytesRead).toBeLessThan(video.length + 1000);
  });

  it("reads a WebM's duration from its first bytes", async () => {
    expect(await storedVideoDuration(inMemory(sampleWebm()), "video/webm")).toBe(8);
    expect(await storedVideoDuration(inMemory(Buffer.alloc(0)), "video/mp4")).toBeNull();
  });
});
