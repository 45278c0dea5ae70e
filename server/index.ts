import { serve } from "@hono/node-server";
import { createApp } from "./app";
import { loadConfig } from "./config";
import { startContactApi, testKeysWarning } from "./contact/create";
import { createLogger } from "./logger";
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
const app = createApp({ config, site, log, contactApi: contact.api });

const server = serve({ fetch: app.fetch, hostname: config.HOST, port: config.PORT }, (info) => {
  log.info({ msg: "listening", url: `http://${info.address === "0.0.0.0" ? "localhost" : info.address}:${info.port}` });
});

const shutdown = (signal: string) => {
  log.info({ msg: "shutting down", signal });
  server.close(() => {
    contact.db.close();
    process.exit(0);
  });
  // Long enough for a submission that is waiting out siteverify's 5 s time-out to still be stored and answered.
  setTimeout(() => process.exit(0), 10_000).unref();
};
process.on("SIGINT", () => shutdown("SIGINT"));
process.on("SIGTERM", () => shutdown("SIGTERM"));
