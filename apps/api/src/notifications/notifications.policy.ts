/**
 * Who may do what with notifications: each signed-in account reads and marks its own inbox (learners
 * under /iu, administrators of every level under /admins) and opens its live stream; the global
 * notifications the staff publish are read by learners.
 */
import { Role } from "@aprendo/contract";
import { definePolicy, roles, signedIn } from "../http/policy";

export const notificationsPolicy = definePolicy("notifications", {
  /** A learner's own inbox: the list and "mark all read". */
  readLearnerInbox: roles(Role.learner),
  /** An administrator's own inbox, whatever the level. */
  readAdminInbox: roles(Role.admin, Role.headAdmin, Role.masterAdmin),
  /** Mark one of one's own notifications read, open one's live stream (any signed-in account). */
  followOwn: signedIn,
  /** Read a published global notification and mark it (or its modal) seen. */
  readGlobal: roles(Role.learner),
});
