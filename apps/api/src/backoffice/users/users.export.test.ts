import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildAdmin } from "../../../test/factories";
import { createTestApp, type TestApp } from "../../../test/test-app";
import { csvField } from "./users.export";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const TOTAL = 50_000;

/** A full garbage collection, so the heap measured is what is really kept, not garbage not yet swept. */
function collectGarbage(): () => void {
  setFlagsFromString("--expose-gc");
  return runInNewContext("gc") as () => void;
}

describe("the users CSV export", () => {
  it("defuses spreadsheet formulas and quotes separators", () => {
    expect(csvField("=HYPERLINK(1)")).toBe(`"'=HYPERLINK(1)"`);
    expect(csvField('Ana "la" López, Jr')).toBe(`"Ana ""la"" López, Jr"`);
    expect(csvField(null)).toBe("");
  });

  it("streams 50,000 users with a bounded heap", { timeout: 120_000 }, async () => {
    await t.deps.db.execute(sql`
      INSERT INTO users (username, email, password_hash, first_name, last_name, date_of_birth, created_at)
      SELECT 'bulk' || g, 'bulk' || g || '@example.test', '!x', 'Nombre' || g, 'Apellido Muñoz', DATE '1990-01-01' + (g % 9000), now() - (g || ' minutes')::interval
      FROM generate_series(1, ${TOTAL}) g`);
    await t.deps.db.execute(
      sql`INSERT INTO user_profiles (user_id, country) SELECT id, 'ES' FROM users WHERE username LIKE 'bulk%'`,
    );
    const admin = await buildAdmin(t, ["isUserExportManager"]);
    const address = await t.app.listen({ port: 0, host: "127.0.0.1" });

    const gc = collectGarbage();
    gc();
    const baseline = process.memoryUsage().heapUsed;
    let peak = baseline;
    const response = await fetch(`${address}/api/af/users/export.csv?role=1&country=es`, {
      headers: admin.auth,
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/csv");
    expect(response.headers.get("content-disposition")).toMatch(/attachment; filename="users-.*\.csv"/);

    // Read the body as a stream, counting lines and sampling the heap; nothing is kept.
    const reader = response.body!.getReader();
    const decoder = new TextDecoder("utf-8", { ignoreBOM: true });
    let lines = 0;
    let bytes = 0;
    let first = "";
    let chunks = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      bytes += value.byteLength;
      const text = decoder.decode(value, { stream: true });
      if (!first) first = text.slice(0, 200);
      for (let i = text.indexOf("\n"); i !== -1; i = text.indexOf("\n", i + 1)) lines += 1;
      chunks += 1;
      if (chunks % 25 === 0) {
        gc();
        peak = Math.max(peak, process.memoryUsage().heapUsed);
      }
    }
    const growthMb = (peak - baseline) / 1024 / 1024;
    const sizeMb = bytes / 1024 / 1024;
    console.info(`export: ${lines - 1} rows, ${sizeMb.toFixed(1)} MB, heap growth ${growthMb.toFixed(1)} MB`);
    expect(first.startsWith("\uFEFFid,username,email")).toBe(true);
    expect(lines).toBe(TOTAL + 1);
    // Loading the rows at once would keep 50,000 row objects plus the whole text alive (several
    // times the file's size); streaming keeps only a batch or two of 1,000 rows, far less than the file.
    expect(sizeMb).toBeGreaterThan(5);
    expect(growthMb).toBeLessThan(sizeMb / 2);
  });
});
