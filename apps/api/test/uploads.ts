/** Multipart uploads as a browser's form sends them, for the tests of the upload routes. */
import type { LightMyRequestResponse } from "fastify";
import { multipart } from "../src/catalog/catalog.fixtures";
import type { TestApp } from "./test-app";

/** POSTs `fields` and one file (or none) to `url` as one multipart form, with the caller's `auth` headers. */
export function postMultipart(
  t: TestApp,
  url: string,
  auth: object,
  fields: Record<string, string>,
  file: Parameters<typeof multipart>[1],
): Promise<LightMyRequestResponse> {
  const body = multipart(fields, file);
  return t.app.inject({
    method: "POST",
    url,
    headers: { ...(auth as Record<string, string>), ...body.headers },
    payload: body.payload,
  });
}
