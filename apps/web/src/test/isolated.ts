/**
 * The web test files that need a worker of their own (the `web-isolated` Vitest project); every other
 * file runs in the `web` project, where files share a worker, its jsdom and its imported modules
 * (`isolate: false`: jsdom and the app's imports once per worker instead of once per file).
 *
 * A file belongs here when it replaces a module (`vi.mock`, `vi.doMock`) or starts the module graph
 * again (`vi.resetModules`): a module another file already imported in a shared worker stays the
 * real one, and a reset graph leaves the next files with two copies of the stores. Stubbed globals,
 * fake timers and spies inside a test or hook are fine in the shared project: setup.ts undoes them
 * after every test. `isolation.test.ts` fails when a file needing isolation is not listed here.
 */
export const isolatedFiles = [
  "src/app/bootstrap.test.ts",
  "src/features/auth/pages/auth-pages.test.tsx",
  "src/features/commerce/card-form.test.tsx",
  "src/lib/toast.test.ts",
  "src/stores/cart.test.ts",
];
