/**
 * Who may do what with certificates: a learner reads and downloads their own (the service looks them
 * up by owner); a user manager lists every certificate and revokes, suspends or reinstates one;
 * anyone verifies a code.
 */
import { Role } from "@aprendo/contract";
import { definePolicy, flags, roles } from "../http/policy";

export const certificatesPolicy = definePolicy("certificates", {
  /** One's own certificates, their PDF, credential and badge. */
  readOwn: roles(Role.learner),
  /** The back office's list, any certificate's PDF, revoke, suspend and reinstate. */
  manage: flags("isUserManager"),
});
