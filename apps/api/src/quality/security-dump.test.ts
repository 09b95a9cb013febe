import { it } from "vitest";
import { writeFileSync } from "node:fs";
import { createTestApp } from "../../test/test-app";
it("dump", async () => {
  const t = await createTestApp();
  const doc = t.app.swagger() as { paths: Record<string, Record<string, any>> };
  const lines: string[] = [];
  for (const [p, ops] of Object.entries(doc.paths)) for (const [m, op] of Object.entries(ops)) {
    const body = op.requestBody?.content ? Object.keys(op.requestBody.content).join(",") + " " + JSON.stringify(Object.keys(op.requestBody.content["application/json"]?.schema?.properties ?? {})) : "";
    lines.push(`${m.toUpperCase()} ${p} ${body}`);
  }
  writeFileSync("/tmp/sec/routes.txt", lines.join("\n"));
  await t.close();
}, 60000);
