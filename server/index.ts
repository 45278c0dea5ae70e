import type { Server } from "node:http";
import { serve } from "@hono/node-server";
import { createApp } from "./app";
import { loadConfig } from "./config";
import { startContactApi, testKeysWarning } from "./contact/create";
import { redactDatabaseUrl } from "./db";
import { checkRecaptchaSecretAtStartup } from "./contact/secret-check";
import { createLogger } from "./logger";
import { startRetention } from "./retention";
import { applyHttpLimits, httpServerOptions, installShutdown } from "./server-process";
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
  console.error(`Cannot open the message database (DATABASE_URL=${redactDatabaseUrl(config.DATABASE_URL)}): ${(error as Error).message}`);
  process.exit(1);
}
try {
  await checkRecaptchaSecretAtStartup(config, log);
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
const { store, delivery } = contact;
const app = createApp({ config, site, log, contactApi: contact.api });
log.info({ msg: "lead delivery", summary: delivery.summary() });
await delivery.start();
const stopRetention = config.LEADS_RETENTION_DAYS ? startRetention(store, config.LEADS_RETENTION_DAYS, log, { mailDir: config.LEADS_MAIL_DIR }) : () => {};

const server = serve({ fetch: app.fetch, hostname: config.HOST, port: config.PORT, serverOptions: httpServerOptions(config) }, (info) => {
  log.info({ msg: "listening", url: `http://${info.address === "0.0.0.0" ? "localhost" : info.address}:${info.port}` });
});

applyHttpLimits(server as Server, config);
installShutdown(server as Server, {
  log,
  graceMs: config.SHUTDOWN_GRACE_MS,
  drain: (graceMs) => {
    stopRetention();
    return delivery.worker.stop(graceMs);
  },
  close: async () => {
    delivery.close();
    await store.close();
  },
});
