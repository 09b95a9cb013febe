/**
 * Which page may embed the sandbox card form and receive its token. The form posts the token with
 * `postMessage` to exactly one origin, the page's own: the app sends it (`?origin=`), and it is
 * accepted only if the configuration allows it (Config.allowedOrigins: PUBLIC_URL, ALLOWED_ORIGINS,
 * the demo's loopback names). A page on any other origin gets a form that says why it cannot pay.
 */
import type { Config } from "../config/config";

const LOOPBACK = /^https?:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d+)?$/;

export type FrameOrigin = { allowed: true; origin: string } | { allowed: false; origin: string };

/**
 * `requested` is the parent page's `location.origin`. Without one (an old client), PUBLIC_URL's.
 * Outside NODE_ENV=production any loopback origin is accepted too: the Vite dev server runs on its
 * own port and proxies the API.
 */
export function frameOrigin(
  config: Pick<Config, "publicUrl" | "allowedOrigins" | "env">,
  requested: string | undefined,
): FrameOrigin {
  if (!requested) return { allowed: true, origin: new URL(config.publicUrl).origin };
  let origin: string;
  try {
    origin = new URL(requested).origin;
  } catch {
    return { allowed: false, origin: requested };
  }
  // An origin is the whole value: `https://a.example/path` or `null` is not one.
  if (origin === "null" || origin !== requested.replace(/\/$/, ""))
    return { allowed: false, origin: requested };
  if (config.allowedOrigins.includes(origin)) return { allowed: true, origin };
  if (config.env !== "production" && LOOPBACK.test(origin)) return { allowed: true, origin };
  return { allowed: false, origin };
}
