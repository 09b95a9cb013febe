/** Checkout (learner and guest), the confirmation after an extra step, and provider webhooks. */
import {
  checkoutInput,
  checkoutResult,
  commerceLimits,
  errorBody,
  guestCheckoutInput,
  idParam,
} from "@aprendo/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { currentUser } from "../http/authenticate";
import { AppError } from "../http/errors";
import { PaymentSignatureError } from "../payments/payments.port";
import { paymentProvider } from "../payments/payments.service";
import { checkout, confirmCheckout, confirmGuestCheckout } from "./checkout.service";
import { commercePolicy } from "./commerce.policy";
import { applyPaymentEvent } from "./webhooks.service";

const tags = ["commerce"];
const responses = {
  200: checkoutResult,
  201: checkoutResult,
  400: errorBody,
  401: errorBody,
  402: errorBody,
  403: errorBody,
  404: errorBody,
  409: errorBody,
  422: errorBody,
  429: errorBody,
};

function idempotencyKey(headers: Record<string, string | string[] | undefined>): string {
  const value = headers["idempotency-key"];
  const key = Array.isArray(value) ? value[0] : value;
  if (!key || key.length < commerceLimits.idempotencyKeyMin || key.length > commerceLimits.idempotencyKeyMax)
    throw new AppError("bad_request", "commerce.idempotencyKeyRequired");
  return key;
}

export const checkoutRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;
  const buyer = app.authorize(commercePolicy, "buy");

  app.post(
    "/iu/checkout",
    {
      onRequest: buyer,
      schema: {
        tags,
        summary: "Pay for the cart (Idempotency-Key header required)",
        body: checkoutInput,
        response: responses,
      },
    },
    async (request, reply) => {
      const answer = await checkout(deps, {
        buyer: { kind: "learner", userId: currentUser(request).id },
        body: request.body,
        key: idempotencyKey(request.headers),
        language: request.language,
      });
      return reply.status(answer.statusCode as 200).send(answer.body as never);
    },
  );

  app.post(
    "/iu/checkout/:orderId/confirm",
    {
      onRequest: buyer,
      schema: {
        tags,
        summary: "Finish a payment after the extra confirmation step",
        params: z.object({ orderId: idParam }),
        response: responses,
      },
    },
    async (request, reply) => {
      const answer = await confirmCheckout(
        deps,
        currentUser(request).id,
        request.params.orderId,
        request.language,
      );
      return reply.status(answer.statusCode as 200).send(answer.body as never);
    },
  );

  app.post(
    "/checkout",
    {
      config: { rateLimit: { max: 20, timeWindow: "1 minute" } },
      schema: {
        tags,
        summary: "Guest checkout: pay a sponsorship with an email (Idempotency-Key header required)",
        body: guestCheckoutInput,
        response: responses,
      },
    },
    async (request, reply) => {
      const answer = await checkout(deps, {
        buyer: { kind: "guest", email: request.body.email, name: request.body.name },
        body: request.body,
        key: idempotencyKey(request.headers),
        language: request.language,
      });
      return reply.status(answer.statusCode as 200).send(answer.body as never);
    },
  );

  app.post(
    "/checkout/:orderId/confirm",
    {
      config: { rateLimit: { max: 30, timeWindow: "1 minute" } },
      schema: {
        tags,
        summary:
          "Guest: finish a payment after the extra confirmation step (the return link's token, or Stripe's client secret)",
        params: z.object({ orderId: idParam }),
        body: z
          .object({
            confirm_token: z.string().min(1).max(100).optional(),
            client_secret: z.string().min(1).max(300).optional(),
          })
          .refine((b) => b.confirm_token || b.client_secret, { message: "validation.required" }),
        response: responses,
      },
    },
    async (request, reply) => {
      const answer = await confirmGuestCheckout(deps, request.params.orderId, request.body, request.language);
      return reply.status(answer.statusCode as 200).send(answer.body as never);
    },
  );

  // Provider webhooks read the raw body: the signature is over the exact bytes.
  await app.register(async (raw) => {
    raw.addContentTypeParser("application/json", { parseAs: "buffer" }, (_request, body, done) =>
      done(null, body),
    );
    for (const [path, header] of [
      ["/payments/stripe/webhook", "stripe-signature"],
      ["/payments/sandbox/webhook", "sandbox-signature"],
    ] as const) {
      raw.post(
        path,
        {
          config: { rateLimit: { max: 600, timeWindow: "1 minute" } },
          schema: { tags: ["payments"], summary: "Provider events (signature checked)", hide: false },
        },
        async (request, reply) => {
          const provider = paymentProvider(deps);
          if (!path.includes(provider.name)) throw new AppError("not_found");
          const signature = request.headers[header];
          // No body at all (no content type, or an empty one): nothing to check a signature over.
          if (!Buffer.isBuffer(request.body) || request.body.length === 0)
            return reply.status(400).send({ message: request.t("error.invalidBody") });
          let event: Awaited<ReturnType<typeof provider.webhook>>;
          try {
            event = await provider.webhook(request.body, Array.isArray(signature) ? signature[0] : signature);
          } catch (error) {
            if (error instanceof PaymentSignatureError)
              return reply.status(400).send({ message: request.t("error.invalidBody") });
            throw error;
          }
          await applyPaymentEvent(deps, event, request.language);
          return { received: true };
        },
      );
    }
  });
};
