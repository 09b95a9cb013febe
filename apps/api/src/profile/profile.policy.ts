/**
 * Who may do what with profiles: a learner reads and edits their own (contact changes confirmed by
 * code, identity and qualification files uploaded for review); a user manager reviews the pending
 * approval requests of those files.
 */
import { Role } from "@aprendo/contract";
import { definePolicy, flags, roles } from "../http/policy";

export const profilePolicy = definePolicy("profile", {
  editOwn: roles(Role.learner),
  /** List, open and approve or reject the files waiting for approval. */
  reviewApprovals: flags("isUserManager"),
});
