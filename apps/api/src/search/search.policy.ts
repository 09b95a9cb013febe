/** Who may search: the learner's global search box (titles and products they may buy or open). */
import { Role } from "@aprendo/contract";
import { definePolicy, roles } from "../http/policy";

export const searchPolicy = definePolicy("search", {
  search: roles(Role.learner),
});
