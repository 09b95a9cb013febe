import { describe, expect, it } from "vitest";
import { cueText, parseWebVtt, vttSeconds } from "./webvtt";

describe("WebVTT", () => {
  it("reads cues with identifiers, settings, notes and tags", () => {
    const file = [
      "\uFEFFWEBVTT - lecture 1",
      "Kind: captions",
      "",
      "NOTE written by hand",
      "",
      "intro",
      "00:00.000 --> 00:02.500 align:start",
      "<v Ana>Hola &amp; bienvenidos</v>",
      "",
      "01:00:01.000 --> 01:00:03.000",
      "second",
      "line",
    ].join("\r\n");
    const result = parseWebVtt(file);
    expect(result).toEqual({
      ok: true,
      cues: [
        { start: 0, end: 2.5, text: "Hola & bienvenidos" },
        { start: 3601, end: 3603, text: "second line" },
      ],
    });
  });

  it("names the line of a broken timing, reversed times and cues after the video", () => {
    expect(parseWebVtt("WEBVTT\n\n00:01.000 -> 00:02.000\nx")).toEqual({
      ok: false,
      problem: { key: "captions.timing", params: { line: 3 } },
    });
    expect(parseWebVtt("WEBVTT\n\n1\n00:05.000 --> 00:02.000\nx")).toEqual({
      ok: false,
      problem: { key: "captions.order", params: { line: 4 } },
    });
    expect(parseWebVtt("WEBVTT\n\n00:05.000 --> 00:20.000\nx", 10)).toEqual({
      ok: false,
      problem: { key: "captions.afterEnd", params: { line: 3, duration: 10 } },
    });
    expect(parseWebVtt("1\n00:00.000 --> 00:01.000\nx")).toMatchObject({
      problem: { key: "captions.signature" },
    });
    expect(parseWebVtt("WEBVTT\n\nNOTE only a note\n")).toMatchObject({ problem: { key: "captions.empty" } });
  });

  it("reads timestamps and cue text", () => {
    expect(vttSeconds("00:61.000")).toBeNull();
    expect(vttSeconds("10:00.250")).toBe(600.25);
    expect(cueText("<i>one</i>\n <b>two</b> &lt;3")).toBe("one two <3");
  });
});
