/**
 * `npm start` ends here: start everything, print where to open the product (and, in the demo, the
 * demo accounts), and on Ctrl-C drain requests and stop PostgreSQL cleanly. Start-up problems end
 * with one clear line and exit code 1, never a stack trace.
 */
import { type Config, loadConfig, printWarnings } from "./config/config";
import { exitWithStartError, listen, type Runtime, startRuntime, stopOnSignals } from "./runtime";

async function main() {
  const config = loadConfig();
  printWarnings(config.warnings);
  const runtime = await startRuntime(config);
  await listen(runtime, config);
  printBanner(config, runtime);
  stopOnSignals(runtime);
}

/**
 * The banner is for a person at a terminal, on stderr; under a service manager or in a container
 * stdout carries only the JSON log, so there the start is one log line instead.
 */
function printBanner(config: Config, runtime: Runtime) {
  const { seeded, demoAccounts, hasMasterAdministrator } = runtime;
  const { publicUrl, port, host, mode, modeReason, outboxApi, smtpUrl } = config;
  if (!process.stderr.isTTY) {
    runtime.app.log.info({ url: publicUrl, host, port, mode, modeReason, seeded }, "started");
    return;
  }
  const url = publicUrl.includes(`:${port}`) ? publicUrl : `${publicUrl} (listening on port ${port})`;
  const width = Math.max(0, ...demoAccounts.map((a) => a.label.length));
  const lines = [
    "",
    `  Aprendo is running: open ${url}`,
    `  Mode: ${mode === "demo" ? "local demo" : "production"} (${modeReason}), listening on ${host}:${port}`,
    `  API reference: ${publicUrl}/api/docs${seeded ? "   (demo data created on this first start)" : ""}`,
    "",
  ];
  if (demoAccounts.length > 0) {
    lines.push(
      "  Demo accounts (log in with the email or the username):",
      ...demoAccounts.map((a) => `    ${a.label.padEnd(width)}  ${a.email.padEnd(24)} ${a.password}`),
      "",
    );
    if (mode === "production")
      lines.push(
        "  !!! These demo accounts have published passwords: delete them or change their passwords.",
        "",
      );
  }
  if (!hasMasterAdministrator)
    lines.push("  No master administrator yet: create the first one with  npm run admin:create", "");
  lines.push(
    outboxApi
      ? `  Mail and SMS are kept in the outbox, readable from this machine: ${publicUrl}/api/dev/outbox`
      : smtpUrl
        ? "  Mail goes out through SMTP_URL."
        : "  Mail is kept in the outbox table (set SMTP_URL to send it).",
    "  Press Ctrl-C to stop.",
    "",
  );
  console.error(lines.join("\n"));
}

main().catch(exitWithStartError);
