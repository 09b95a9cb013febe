/** What every feature reaches through `app.deps`: configuration, database and the outside-service ports. */
import type pg from "pg";
import type { Logger } from "pino";
import type { Config } from "./config/config";
import type { Db } from "./db/client";
import type { Jobs } from "./jobs/jobs";
import type { Mailer, SmsSender } from "./mail/outbox";
import type { Storage } from "./storage/storage";

export type Deps = {
  config: Config;
  db: Db;
  pool: pg.Pool;
  mail: Mailer;
  sms: SmsSender;
  storage: Storage;
  jobs: Jobs;
  /**
   * The app's logger, for failures after the fact (a job, a mail, a clean-up) that no request is
   * waiting to hear about: log with what was being done and the ids involved, never personal data.
   */
  log: Logger;
};

declare module "fastify" {
  interface FastifyInstance {
    deps: Deps;
  }
}
