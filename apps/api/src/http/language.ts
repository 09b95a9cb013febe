/** The request's language (spec section 7 headers) and the translator bound to it. */
import { type LanguageCode, messages, negotiateLanguage, translate } from "@aprendo/contract";
import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";

declare module "fastify" {
  interface FastifyRequest {
    language: LanguageCode;
    t: (message: string) => string;
  }
}

export function languageOf(request: FastifyRequest): LanguageCode {
  const header = (name: string) => {
    const v = request.headers[name];
    return Array.isArray(v) ? v[0] : v;
  };
  return negotiateLanguage({
    languageId: header("x-language-id"),
    languageCode: header("x-language-code"),
    acceptLanguage: header("accept-language"),
  });
}

export const languagePlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest("language", "en");
  app.decorateRequest("t", function (this: FastifyRequest, message: string) {
    return translate(messages, this.language, message);
  });
  app.addHook("onRequest", async (request) => {
    request.language = languageOf(request);
  });
});
