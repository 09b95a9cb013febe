/** Who may do what with the library: a learner reads and downloads the e-books they own (the service checks the ownership). */
import { Role } from "@aprendo/contract";
import { definePolicy, roles } from "../http/policy";

export const libraryPolicy = definePolicy("library", {
  read: roles(Role.learner),
});
