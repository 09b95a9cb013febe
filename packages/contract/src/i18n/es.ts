/**
 * The Spanish catalogue, the module the web app loads for a page in Spanish (one language per page).
 * The web build replaces it with the Spanish messages alone, as JSON (apps/web/vite.config.ts):
 * each feature's file holds both languages, so importing them would bring both.
 */
import { messages } from "./index";

export const catalogue = messages.es;
