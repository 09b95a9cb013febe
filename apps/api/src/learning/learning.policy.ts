/**
 * Who may do what while learning a title: learners study (notes, questions and answers, the e-book's
 * last page); learners and staff open a lecture (staff preview what learners see; whether a lecture
 * is open to this caller is the lecture access service's rule, with catalogPolicy's "see" and
 * "preview"); anyone watches a public preview lecture; files fetched by the player carry a media
 * token, checked in the handler; the lesson Q&A managers answer learners' questions in /af.
 */
import { Role } from "@aprendo/contract";
import { anyone, definePolicy, flags, roles } from "../http/policy";

export const learningPolicy = definePolicy("learning", {
  /** One's own notes, questions, answers, votes and follows, and the e-book page one is on. */
  study: roles(Role.learner),
  /** A lecture's page, progress, completion, quiz gate and resources, as a learner or staff previewing. */
  openLecture: roles(Role.learner, Role.admin, Role.headAdmin, Role.masterAdmin),
  /** A public preview lecture and its video and captions (a signed-in caller is known). */
  watchPreview: anyone,
  /** A lecture's video, captions or e-book fetched by the player: the media token in the URL decides. */
  fetchWithMediaToken: anyone,
  /** The back office's lesson Q&A: list, answer, hide questions. */
  answerQuestions: flags("isTicketLessonQAManager"),
});
