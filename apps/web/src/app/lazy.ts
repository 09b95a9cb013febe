/**
 * Lazy route modules. A page chunk that fails to load, or takes longer than 120 s, is a load failure
 * (spec section 8): the offline banner shakes and the route's error page says
 * "{file} failed to load; reload later and contact support if it persists".
 */
import { limits } from "@aprendo/contract/domain";
import type { ComponentType } from "react";
import { useOnline } from "../stores/online";

export class ChunkLoadError extends Error {
  override readonly name = "ChunkLoadError";
  constructor(
    readonly file: string,
    cause?: unknown,
  ) {
    super(`${file} failed to load`, { cause });
  }
}

/** Loads a chunk with the 120 s limit; a failure shakes the offline banner and names the file. */
export function loadChunk<T>(
  load: () => Promise<T>,
  file: string,
  timeoutMs: number = limits.chunkLoadTimeoutMs,
) {
  return new Promise<T>((resolve, reject) => {
    const fail = (cause?: unknown) => {
      useOnline.getState().shake();
      reject(new ChunkLoadError(file, cause));
    };
    const timer = setTimeout(() => fail(new Error("timeout")), timeoutMs);
    load().then(
      (module) => {
        clearTimeout(timer);
        resolve(module);
      },
      (error: unknown) => {
        clearTimeout(timer);
        fail(error);
      },
    );
  });
}

type PageModule = { default: ComponentType };

/** A lazy route whose module's default export is the page component. `file` names it in errors. */
export const page =
  (load: () => Promise<PageModule>, file = "page") =>
  async () => ({
    Component: (await loadChunk(load, file)).default,
  });

/** The route data the shell reads: the page title key (of the `shell` namespace). */
export type RouteHandle = { title?: string };

/** A route's `handle` naming its document title. */
export const titled = (title: string) => ({ handle: { title } satisfies RouteHandle });
