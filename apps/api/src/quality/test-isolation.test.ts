/**
 * API test files share a worker (`isolate: false`), except those that change process-wide
 * state, which get one each (`api-isolated`). This keeps the split true: a file that mocks a module,
 * writes the environment, fakes the clock or sets a global never runs in the shared project.
 * (Its own examples below make this file one of the isolated ones; it imports no app, so that is cheap.)
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { apiTestFiles, isolatedTestFiles, isolationReasons } from "../../test/isolation";
import shared from "../../vitest.config";
import isolated from "../../vitest.isolated.config";

const apiRoot = path.resolve(import.meta.dirname, "../..");

describe("which API test files need a worker of their own", () => {
  it.each([
    ['vi.mock("./receipts", async () => ({}));', "mocks a module"],
    ['vi.stubEnv("TZ", "UTC");', "stubs a global or an environment variable"],
    ['vi.stubGlobal("fetch", fake);', "stubs a global or an environment variable"],
    ["vi.useFakeTimers();", "fakes the clock"],
    ['process.env.OTEL_SERVICE_NAME = "aprendo-test";', "writes an environment variable"],
    ['process.env["AWS_REGION"] = "eu-west-2";', "writes an environment variable"],
    ["delete process.env.AWS_ACCESS_KEY_ID;", "writes an environment variable"],
    ['Object.assign(process.env, { A: "1" });', "writes an environment variable"],
    ['process.on("unhandledRejection", log);', "adds a process listener"],
    ["trace.setGlobalTracerProvider(provider);", "sets a process-global"],
    ["globalThis.fetch = fake;", "sets a process-global"],
  ])("%s: %s", (source, reason) => {
    expect(isolationReasons(source)).toContain(reason);
  });

  it.each([
    "const runs = Number(process.env.FUZZ_RUNS ?? 4);",
    "spawn(cli, { env: { PATH: process.env.PATH, ...env } });",
    'if (process.env.CERTIFICATE_PDF_OUT === "1") write();',
    'const spy = vi.spyOn(t.deps.log, "warn");',
  ])("reading the environment or spying on a per-app object is fine: %s", (source) => {
    expect(isolationReasons(source)).toEqual([]);
  });

  it("finds the files known to change process-wide state", () => {
    expect(isolatedTestFiles()).toEqual(
      expect.arrayContaining(["src/commerce/paid-notice.test.ts", "src/telemetry/telemetry.test.ts"]),
    );
  });

  it("runs every API test file in exactly one project, and none that needs isolation in the shared one", () => {
    const needIsolation = apiTestFiles().filter(
      (file) => isolationReasons(readFileSync(path.join(apiRoot, file), "utf8")).length > 0,
    );
    expect(shared.test?.isolate).toBe(false);
    expect(shared.test?.include).toEqual(["src/**/*.test.ts"]);
    expect(shared.test?.exclude).toEqual(expect.arrayContaining(needIsolation));
    expect(isolated.test?.isolate).toBe(true);
    expect(isolated.test?.include).toEqual(needIsolation);
  });
});
