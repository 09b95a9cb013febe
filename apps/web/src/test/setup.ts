import { cleanup, configure } from "@testing-library/react";
import { afterAll, afterEach, beforeAll, vi } from "vitest";
import { drift, requests, server } from "./network";

// A page's first render loads its translations and chunks: on a busy 2-core machine that can take
// more than Testing Library's default second.
configure({ asyncUtilTimeout: 5_000 });

// Tests that stub fetch themselves (vi.stubGlobal) bypass MSW; every other request must be expected.
beforeAll(() =>
  server.listen({
    onUnhandledRequest: (request) => {
      const url = new URL(request.url);
      drift.push(new Error(`No handler expected ${request.method} ${url.pathname}${url.search}`));
    },
  }),
);
afterEach(() => {
  cleanup();
  // A test's fake clock, stubbed globals (its own fetch) and spies end with it, even when it failed
  // before undoing them: in the shared project the next file would inherit them.
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  server.resetHandlers();
  requests.length = 0;
  const drifted = drift.splice(0);
  if (drifted.length) throw drifted[0];
});
afterAll(() => server.close());
