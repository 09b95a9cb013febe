import { describe, expect, it } from "vitest";
import {
  addScreenshots,
  formatVideoTime,
  lectureContextFrom,
  screenshotIssueMessage,
  selectedTicketId,
  sniffImageType,
  ticketFromLectureLink,
} from "./logic";

const png = (extra = 0) =>
  new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, ...new Array(extra).fill(7)]);
const file = (name: string, bytes: Uint8Array | string, type = "image/png") =>
  new File([bytes as BlobPart], name, { type, lastModified: 1 });

describe("screenshot rules", () => {
  it("recognises JPEG, PNG, GIF and WebP by their first bytes, and nothing else", () => {
    expect(sniffImageType(new Uint8Array([0xff, 0xd8, 0xff, 0xe0]))).toBe("image/jpeg");
    expect(sniffImageType(png())).toBe("image/png");
    expect(sniffImageType(new TextEncoder().encode("GIF89a..."))).toBe("image/gif");
    expect(sniffImageType(new TextEncoder().encode("RIFF\0\0\0\0WEBPVP8 "))).toBe("image/webp");
    expect(sniffImageType(new TextEncoder().encode("%PDF-1.7"))).toBeNull();
    expect(sniffImageType(new Uint8Array([]))).toBeNull();
  });

  it("accepts up to three different images of at most 500 KB", async () => {
    const files = [file("a.png", png(1)), file("b.png", png(2)), file("c.png", png(3))];
    const result = await addScreenshots([], files);
    expect(result.files.map((f) => f.name)).toEqual(["a.png", "b.png", "c.png"]);
    expect(result.issues).toEqual([]);
  });

  it("refuses a fourth file, a file over 500 KB, a renamed non-image and the same file twice", async () => {
    const chosen = [file("a.png", png(1))];
    const big = file("big.png", new Uint8Array([...png(), ...new Uint8Array(500 * 1024)]));
    const fake = file("notes.png", "just some text, not an image");
    const again = file("a-copy.png", png(1));
    const result = await addScreenshots(chosen, [
      big,
      fake,
      again,
      file("b.png", png(2)),
      file("c.png", png(3)),
    ]);
    expect(result.files.map((f) => f.name)).toEqual(["a.png", "b.png", "c.png"]);
    expect(result.issues).toEqual([
      { name: "big.png", problem: "size" },
      { name: "notes.png", problem: "type" },
      { name: "a-copy.png", problem: "duplicate" },
    ]);
    const more = await addScreenshots(result.files, [file("d.png", png(4))]);
    expect(more.issues).toEqual([{ name: "d.png", problem: "count" }]);
  });

  it("accepts a file of exactly 500 KB", async () => {
    const exact = file("exact.png", new Uint8Array([...png(), ...new Uint8Array(500 * 1000 - png().length)]));
    expect(exact.size).toBe(500 * 1000);
    expect((await addScreenshots([], [exact])).files).toHaveLength(1);
  });

  it("says why with the contract's translated messages", () => {
    expect(screenshotIssueMessage({ name: "big.png", problem: "size" })).toBe(
      "support.screenshotTooLarge?name=big.png&max=500",
    );
    expect(screenshotIssueMessage({ name: "x", problem: "count" })).toBe("support.screenshotsTooMany?max=3");
    expect(screenshotIssueMessage({ name: "a b.png", problem: "duplicate" })).toBe(
      "support.screenshotDuplicate?name=a+b.png",
    );
    expect(screenshotIssueMessage({ name: "n.txt", problem: "type" })).toBe(
      "support.screenshotType?name=n.txt",
    );
  });
});

describe("tickets from a lecture", () => {
  it("reads the course, the lecture and the video time from the query", () => {
    expect(lectureContextFrom(new URLSearchParams("new=1&course_id=3&lecture_id=12&video_time=95"))).toEqual({
      course_id: 3,
      lecture_id: 12,
      video_time: 95,
    });
    expect(lectureContextFrom(new URLSearchParams("course_id=3&lecture_id=12"))).toEqual({
      course_id: 3,
      lecture_id: 12,
    });
  });

  it("ignores a partial or malformed context", () => {
    expect(lectureContextFrom(new URLSearchParams("course_id=3"))).toBeNull();
    expect(lectureContextFrom(new URLSearchParams("course_id=x&lecture_id=2"))).toBeNull();
    expect(lectureContextFrom(new URLSearchParams("course_id=1&lecture_id=2&video_time=-4"))).toEqual({
      course_id: 1,
      lecture_id: 2,
    });
  });

  it("builds the link a lecture page uses, and reads it back", () => {
    const link = ticketFromLectureLink({ course_id: 3, lecture_id: 12, video_time: 95.7 });
    expect(link).toBe("/iu/tickets?new=1&course_id=3&lecture_id=12&video_time=95");
    expect(lectureContextFrom(new URL(link, "http://x").searchParams)).toEqual({
      course_id: 3,
      lecture_id: 12,
      video_time: 95,
    });
  });

  it("shows the video time as minutes and seconds, or hours when long", () => {
    expect(formatVideoTime(0)).toBe("0:00");
    expect(formatVideoTime(65)).toBe("1:05");
    expect(formatVideoTime(3723)).toBe("1:02:03");
  });
});

describe("the selected ticket", () => {
  it("is the path's id, else the notification's individualTicketSelect", () => {
    expect(selectedTicketId("7", new URLSearchParams("individualTicketSelect=9"))).toBe(7);
    expect(selectedTicketId(undefined, new URLSearchParams("redirect=true&individualTicketSelect=9"))).toBe(
      9,
    );
    expect(selectedTicketId(undefined, new URLSearchParams())).toBeNull();
    expect(selectedTicketId("abc", new URLSearchParams())).toBeNull();
    expect(selectedTicketId("0", new URLSearchParams())).toBeNull();
  });
});
