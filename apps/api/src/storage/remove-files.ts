/**
 * Deleting stored files after the rows that named them are gone (an erasure, a replaced image, a
 * rolled-back upload). The rows already changed, so a file that cannot be deleted does not undo
 * them: it is logged with its key and what was being done, for an operator to remove it by hand.
 */
import type { Deps } from "../context";

export async function removeStoredFiles(
  deps: Pick<Deps, "storage" | "log">,
  keys: readonly (string | null | undefined)[],
  /** What was being done and the ids involved (never personal data), e.g. `{ during: "account erasure", userId }`. */
  context: Record<string, unknown>,
): Promise<void> {
  await Promise.all(
    keys
      .filter((key): key is string => Boolean(key))
      .map((key) =>
        deps.storage.delete(key).catch((error: unknown) => {
          deps.log.error({ err: error, key, ...context }, "stored file not deleted");
        }),
      ),
  );
}
