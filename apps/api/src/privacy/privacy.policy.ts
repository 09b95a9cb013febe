/**
 * Who may do what with personal data (spec: privacy): a learner asks for and downloads a copy of
 * their own data; the privacy desk (isGDPRManager) prepares exports and handles deletions; the
 * privacy team (isTicketGDPRManager) reads the tickets routed to privacy.
 */
import { Role } from "@aprendo/contract";
import { definePolicy, flags, roles } from "../http/policy";

export const privacyPolicy = definePolicy("privacy", {
  /** Ask for a copy of one's own data and download it. */
  exportOwn: roles(Role.learner),
  /** The desk: exports for a user, deletion requests, erasure and its cancellation (audited). */
  handleRequests: flags("isGDPRManager"),
  /** The privacy team's queue of tickets whose subject is routed to privacy. */
  readPrivacyTickets: flags("isTicketGDPRManager"),
});
