/** Background job handlers of every feature, registered once at start. A feature adds its line here. */
import type { Deps } from "./context";

export async function registerWorkers(_deps: Deps): Promise<void> {}
