/**
 * `npm start` ends here: start everything, print where to open the product and the demo accounts,
 * and on Ctrl-C drain requests and stop PostgreSQL cleanly. Start-up problems end with one clear
 * line and exit code 1, never a stack trace.
 */
import { type Config, ConfigError, loadConfig } from "./config/config";
import { startRuntime } from "./runtime";
import { demoAccounts } from "./seed/demo-accounts";

async function main() {
  const config = loadConfig();
  const runtime = await startRuntime(config);
  try {
    await runtime.app.listen({ port: config.port, host: config.host });
  } catch (error) {
    await runtime.stop();
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "EADDRINUSE")
      throw new ConfigError(
        `Port ${config.port} is already in use. Stop the other program or start with PORT=<another port>.`,
      );
    if (code === "EACCES")
      throw new ConfigError(
        `Port ${config.port} needs more privileges. Start with PORT=3000 or another port above 1024.`,
      );
    throw error;
  }
  printBanner(config, runtime.seeded);

  let stopping = false;
  // While PostgreSQL stops, a background connection (job queue, listener) may still hear
  // "terminating connection" (57P01); that is the stop itself, not a crash.
  process.on("uncaughtException", (error: NodeJS.ErrnoException) => {
    if (stopping && (error.code === "57P01" || error.code === "ECONNRESET")) return;
    console.error(`Unexpected error: ${error.stack ?? error.message}`);
    process.exit(1);
  });
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal} received: finishing requests and stopping the database...`);
    try {
      await runtime.stop();
      console.log("Stopped cleanly. Your data is kept for the next start.");
      process.exit(0);
    } catch (error) {
      console.error(`Stopped with an error: ${(error as Error).message}`);
      process.exit(1);
    }
  };
  process.on("SIGINT", () => void shutdown("SIGINT"));
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
}

function printBanner({ publicUrl, port, outboxApi, smtpUrl }: Config, seeded: boolean) {
  const url = publicUrl.includes(`:${port}`) ? publicUrl : `${publicUrl} (listening on port ${port})`;
  const width = Math.max(...demoAccounts.map((a) => a.label.length));
  const lines = [
    "",
    `  Aprendo is running: open ${url}`,
    `  API reference: ${publicUrl}/api/docs${seeded ? "   (demo data created on this first start)" : ""}`,
    "",
    "  Demo accounts (log in with the email or the username):",
    ...demoAccounts.map((a) => `    ${a.label.padEnd(width)}  ${a.email.padEnd(24)} ${a.password}`),
    "",
    outboxApi
      ? `  Mail and SMS are kept in the outbox: ${publicUrl}/api/dev/outbox`
      : smtpUrl
        ? "  Mail goes out through SMTP_URL."
        : "  Mail is kept in the outbox table (set SMTP_URL to send it).",
    "  Press Ctrl-C to stop.",
    "",
  ];
  console.log(lines.join("\n"));
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) console.error(`\n  Cannot start: ${error.message}\n`);
  else console.error(`\n  Cannot start: ${(error as Error)?.message ?? String(error)}\n`);
  process.exit(1);
});
