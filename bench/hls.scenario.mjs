// HLS segments (issue 24, point 2): many learners of one lecture fetching its segments, each request
// through the full access check (media token, session, enrolment and lock) and streamed from storage.
// The setup enrols 200 learners in title 1 (POST /bench/learners), opens lecture 1 as each to get
// their token-bearing playlist URL, reads the 360p playlist, and then rotates over every learner x
// segment URL, as a class watching the same lecture does.
const segmentUrls = [];
let next = 0;

export const hlsSegmentScenario = {
  name: "lecture video: GET /api/iu/lectures/1/hls/360p_NNN.m4s (HLS segments, 200 learners, access checked)",
  setup: async (base) => {
    const res = await fetch(`${base}/bench/learners`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ course_id: 1, count: 200 }),
    });
    if (!res.ok) throw new Error(`bench: POST /bench/learners answered ${res.status}`);
    const { learners } = await res.json();
    for (const learner of learners) {
      const lecture = await fetch(`${base}/api/iu/lectures/1`, {
        headers: { authorization: `Bearer ${learner.token}` },
      });
      if (!lecture.ok) throw new Error(`bench: GET /api/iu/lectures/1 answered ${lecture.status}`);
      const { video } = await lecture.json();
      if (!video?.hlsUrl) throw new Error("bench: lecture 1 has no HLS stream (was the demo seeded?)");
      const folder = new URL(video.hlsUrl, base);
      const master = await (await fetch(folder)).text();
      const variant = master.split("\n").find((line) => line.startsWith("360p.m3u8"));
      const playlist = await (await fetch(new URL(variant, folder))).text();
      for (const line of playlist.split("\n"))
        if (line.endsWith(".m4s") || line.includes(".m4s?")) {
          const url = new URL(line, folder);
          segmentUrls.push(url.pathname + url.search);
        }
    }
    return {};
  },
  requests: [
    {
      method: "GET",
      path: "/api/health",
      setupRequest: (req) => ({ ...req, path: segmentUrls[next++ % segmentUrls.length] }),
    },
  ],
};
