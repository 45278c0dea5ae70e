import { serve } from "@hono/node-server";
import { createApp } from "./app";
import { loadConfig } from "./config";
import { startContactApi, testKeysWarning } from "./contact/create";
import { createLogger } from "./logger";
import { startRetention } from "./retention";
import { StaticSite } from "./static-site";

let config;
try {
  config = loadConfig();
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}

const log = createLogger(config.LOG_LEVEL);
const site = new StaticSite(config.STATIC_DIR);
if (config.usingTestKeys && config.LOG_LEVEL !== "silent") console.warn(testKeysWarning());

let contact;
try {
  contact = await startContactApi(config, log);
} catch (error) {
  // Without its database the server would acknowledge nothing it could keep: better not to start at all.
  console.error(`Cannot open the message database (DATABASE_URL=${config.DATABASE_URL}): ${(error as Error).message}`);
  process.exit(1);
}
const { store, delivery } = contact;
const app = createApp({ config, site, log, contactApi: contact.api });
log.info({ msg: "lead delivery", summary: delivery.summary() });
await delivery.worker.start();
const stopRetention = config.LEADS_RETENTION_DAYS ? startRetention(store, config.LEADS_RETENTION_DAYS, log) : () => {};

const server = serve({ fetch: app.fetch, hostname: config.HOST, port: config.PORT }, (info) => {
  log.info({ msg: "listening", url: `http://${info.address === "0.0.0.0" ? "localhost" : info.address}:${info.port}` });
});

// Long enough for a submission that is waiting out siteverify's 5 s time-out to still be stored and answered,
// and for deliveries in flight to finish.
const SHUTDOWN_GRACE_MS = 10_000;

const shutdown = async (signal: string) => {
  log.info({ msg: "shutting down", signal });
  stopRetention();
  // Stop taking requests and deliveries; give those in flight the grace period, side by side.
  const [requestsDone, unfinished] = await Promise.all([
    new Promise<boolean>((resolve) => {
      server.close(() => resolve(true));
      setTimeout(() => resolve(false), SHUTDOWN_GRACE_MS).unref();
    }),
    delivery.worker.stop(SHUTDOWN_GRACE_MS),
  ]);
  const cutOff = [...(requestsDone ? [] : ["HTTP requests"]), ...unfinished];
  if (cutOff.length > 0) log.error({ msg: "shutdown grace period over, still running (deliveries are retried on the next start)", running: cutOff });
  delivery.close();
  await store.close();
  process.exit(cutOff.length > 0 ? 1 : 0);
};
process.once("SIGINT", () => void shutdown("SIGINT"));
process.once("SIGTERM", () => void shutdown("SIGTERM"));
