/** Who may do what with verifiable credentials: anyone verifies one or reads a public profile; a learner keeps their own public certificates profile. */
import { Role } from "@aprendo/contract";
import { definePolicy, roles } from "../http/policy";

export const credentialsPolicy = definePolicy("credentials", {
  /** Read, publish under a handle, or withdraw one's own public certificates profile. */
  manageOwnProfile: roles(Role.learner),
});
