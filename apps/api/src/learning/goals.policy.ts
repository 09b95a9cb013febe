/** Who may do what with learning goals: a learner reads their week and sets their own weekly goal and reminder mails. */
import { Role } from "@aprendo/contract";
import { definePolicy, roles } from "../http/policy";

export const goalsPolicy = definePolicy("goals", {
  setOwn: roles(Role.learner),
});
