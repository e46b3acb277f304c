import type { Server } from "node:http";
import { scheduleClaimChecks } from "../domain/claims/service";
import { scheduleRedelivery } from "../domain/mail/redelivery";
import { scheduleAutoDelivery } from "../domain/orders/auto-delivery";
import { scheduleReturnChecks } from "../domain/returns/service";
import { scheduleReconciliation } from "../domain/flows/reconcile-payments";
import { schedulePayouts } from "../domain/flows/run-payouts";
import { withAuthSecret } from "./auth-secret";
import { type Config, ConfigError, assertPaymentsReady, loadConfig } from "./config";
import { StartupError, describeError, prepareDatabase } from "./database";
import { type Logger, createLogger } from "./logger";

/**
 * Starts the shop: validates the environment, opens and migrates the database, seeds demo data
 * into an empty one, and serves pages, /api and uploads. `--dev` compiles pages with Vite on demand.
 * Any start-up failure prints one clear line and exits non-zero.
 */
async function main(): Promise<void> {
  const devServer = process.argv.includes("--dev");
  const config = await withAuthSecret(loadConfig());
  assertPaymentsReady(config);
  const logger = createLogger(config);
  const database = await prepareDatabase(config, logger);

  // React and Express pick their build from NODE_ENV when first imported (below): the shop serves
  // the production build whatever kind of shop it is (APP_ENV), and `--dev` the development one.
  process.env.NODE_ENV = devServer ? "development" : "production";
  const vite = devServer
    ? await (await import("vite")).createServer({ server: { middlewareMode: true }, appType: "custom" })
    : undefined;
  const { createApp, createServices, reactBuild } = await import("./app");
  const services = createServices({ config, database, logger });
  const app = createApp({ config, database, logger, vite }, services);

  const server = await listen(app.listen.bind(app), config.port, config.host);
  services.listeningOn(server);
  // Idle kept-alive connections stay open longer than clients and load balancers keep theirs, so
  // the server never closes one just as a client sends on it (the client would see ECONNRESET).
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  const stopReconciliation = scheduleReconciliation(
    { db: database.db, exclusively: database.exclusively, payments: services.payments, mailer: services.mailer, publicUrl: config.publicUrl },
    (error) => logger.error({ err: error }, "payment reconciliation failed"),
    config.reconcileEveryMs,
  );
  const stopRedelivery = scheduleRedelivery(database, services.mailer, (error) => logger.error({ err: error }, "e-mail redelivery failed"));
  const stopClaimChecks = scheduleClaimChecks(
    database,
    { db: database.db, mailer: services.mailer, publicUrl: config.publicUrl },
    (error) => logger.error({ err: error }, "warranty claim check failed"),
  );
  const stopReturnChecks = scheduleReturnChecks(
    database,
    { db: database.db, mailer: services.mailer, publicUrl: config.publicUrl },
    (error) => logger.error({ err: error }, "return check failed"),
  );
  const stopAutoDelivery = scheduleAutoDelivery(
    database,
    { db: database.db, mailer: services.mailer, publicUrl: config.publicUrl },
    (error) => logger.error({ err: error }, "automatic delivery failed"),
  );
  const stopPayouts = schedulePayouts(
    database,
    { db: database.db, payments: services.payments, mailer: services.mailer, publicUrl: config.publicUrl },
    (error) => logger.error({ err: error }, "vendor payouts failed"),
  );
  logger.info(
    { url: config.publicUrl, database: database.kind, payments: config.payments.mode, shop: config.env, react: reactBuild() },
    `Tokunbo is serving at ${config.publicUrl}`,
  );
  warnAboutDemoSettings(config, logger);
  if (config.payments.mode === "test") {
    logger.warn(`Payments are in test mode (no real money): the Paystack stand-in is at ${config.publicUrl}/paystack-standin`);
  }
  // One plain line for whoever started the shop, after the JSON log lines above (README.md).
  logger.flush(() => process.stdout.write(`Tokunbo is ready at ${config.publicUrl}\n`));

  const shutdown = (signal: string) => {
    logger.info({ signal }, "shutting down");
    // Open event streams would hold server.close() until the timeout; end them first.
    void services.live.close();
    void services.pageCache.close();
    server.close(() => {
      void Promise.all([stopReconciliation(), stopRedelivery(), stopClaimChecks(), stopReturnChecks(), stopAutoDelivery(), stopPayouts()])
        .then(() => database.close())
        .finally(() => process.exit(0));
    });
    setTimeout(() => process.exit(0), 5000).unref();
  };
  process.once("SIGTERM", () => shutdown("SIGTERM"));
  process.once("SIGINT", () => shutdown("SIGINT"));
}

/** A production site that exposes its outbox must say so loudly, every time it starts. */
function warnAboutDemoSettings(config: Config, logger: Logger): void {
  if (config.env === "production" && config.devMailbox) {
    logger.warn(
      `DEMO SITE: the mailbox at ${config.publicUrl}/dev/mailbox is ON in production. It shows every e-mail the shop sends, including ` +
        "sign-up and password-reset links that open accounts, to every admin (and, while no admin exists, to a browser on this machine). " +
        "Never run a shop with real customers like this: unset DEV_MAILBOX and DEMO_SITE.",
    );
  }
  if (config.devMailboxRefused) {
    logger.warn("DEV_MAILBOX is set but the mailbox stays off in production: set DEMO_SITE=true as well, only for a demonstration site.");
  }
}

function listen(start: (port: number, host: string) => Server, port: number, host: string): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = start(port, host);
    server.once("listening", () => resolve(server));
    server.once("error", (error: NodeJS.ErrnoException) => {
      reject(
        new StartupError(
          error.code === "EADDRINUSE"
            ? `Port ${port} is already in use: stop the other program or set PORT to a free port.`
            : `Cannot listen on ${host}:${port}: ${describeError(error)}`,
        ),
      );
    });
  });
}

main().catch((error: unknown) => {
  const known = error instanceof ConfigError || error instanceof StartupError;
  console.error(known ? (error as Error).message : `Tokunbo could not start: ${describeError(error)}`);
  process.exit(1);
});
