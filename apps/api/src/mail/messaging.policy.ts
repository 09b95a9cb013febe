/** Who may do what with outgoing mail and SMS: configuration managers read the outbox and retry a failed delivery. */
import { definePolicy, flags } from "../http/policy";

export const messagingPolicy = definePolicy("messaging", {
  manageOutbox: flags("isConfigManager"),
});
