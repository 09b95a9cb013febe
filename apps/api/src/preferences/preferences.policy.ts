/** Who may change their preferences: any signed-in account, for itself only (the route has no id). */
import { definePolicy, signedIn } from "../http/policy";

export const preferencesPolicy = definePolicy("preferences", {
  changeOwn: signedIn,
});
