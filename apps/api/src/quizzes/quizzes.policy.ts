/**
 * Who may do what with quizzes and exams: learners take them (their own attempts only, which the
 * attempts service looks up by owner); course managers write them; bulk uploaders load questions
 * from a file; user and course managers grant and revoke access to titles and exams; user managers
 * set a learner's exam accommodation (extra time).
 */
import { Role } from "@aprendo/contract";
import { definePolicy, flags, roles } from "../http/policy";

export const quizzesPolicy = definePolicy("quizzes", {
  /** Start, answer, extend, submit an attempt and read its result. */
  take: roles(Role.learner),
  /** Create, change, preview and delete quizzes and their questions. */
  author: flags("isCourseManager"),
  /** Load a quiz's questions from a CSV file. */
  bulkUpload: flags("isAbleToBulkUploadQuizzes"),
  /** Grant and revoke a learner's access to a title or an exam, and read that history. */
  manageAccess: flags("isUserManager", "isCourseManager"),
  /** Read and set a learner's exam accommodation. */
  setAccommodations: flags("isUserManager"),
});
