/** Who may do what with the platform's configuration entries: anyone reads the public ones; configuration managers read and change them all. */
import { anyone, definePolicy, flags } from "../http/policy";

export const configurationsPolicy = definePolicy("configurations", {
  /** The public entries the pages need (a signed-in caller is known). */
  readPublic: anyone,
  /** Every entry in the back office, and changing one (audited). */
  manage: flags("isConfigManager"),
});
