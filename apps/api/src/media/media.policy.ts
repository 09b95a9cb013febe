/**
 * Who may do what with lecture video: course managers have a video converted to HLS again. Watching
 * is the lecture's rule (catalog.policy.ts, asked by the lecture access service) or its media token.
 */
import { anyone, definePolicy, flags } from "../http/policy";

export const mediaPolicy = definePolicy("media", {
  /** Make the HLS renditions of a lecture's video again. */
  transcode: flags("isCourseManager"),
  /** A public preview lecture's HLS files (a signed-in caller is known; the lecture access service decides). */
  watchPreview: anyone,
});
