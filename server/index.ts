import type { Server } from "node:http";
import { serve } from "@hono/node-server";
import { createApp } from "./http/app";
import { loadConfig } from "./config";
import { startContactApi, testKeysWarning } from "./contact/create";
import { redactDatabaseUrl } from "./db";
import { checkRecaptchaSecretAtStartup } from "./contact/secret-check";
import { createHealth } from "./ops/health";
import { startInsights } from "./insights";
import { createLogger } from "./logger";
import { createTakeRedirect, createTakeRoutes } from "./leads/take-routes";
import { createMetrics, serveMetrics } from "./ops/metrics";
import { startRetention } from "./ops/retention";
import { applyHttpLimits, httpServerOptions, installShutdown } from "./http/server-process";
import { StaticSite } from "./http/static-site";
import { keepPreviousAssets } from "./http/previous-assets";
import { join } from "node:path";
import { serveStaff } from "../staff/server/serve";

let config;
try {
  config = loadConfig();
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}

const log = createLogger(config.LOG_LEVEL);
// The workspace's listener first: with STAFF_PORT=0 its address is known only once bound, and every link mailed
// to sales points there (config.staffUrl).
let staff;
try {
  staff = await serveStaff(config, log);
} catch (error) {
  console.error(`Cannot serve the staff workspace on ${config.STAFF_HOST}:${config.STAFF_PORT}: ${(error as Error).message}`);
  process.exit(1);
}
const site = new StaticSite(config.STATIC_DIR);
// A tab opened before a deploy still finds the code of the page it goes to (decision 31).
if (config.PREVIOUS_ASSETS_DAYS > 0) {
  try {
    const { kept } = keepPreviousAssets({ buildAssets: join(config.STATIC_DIR, "assets"), dir: config.PREVIOUS_ASSETS_DIR, days: config.PREVIOUS_ASSETS_DAYS });
    site.servePrevious(config.PREVIOUS_ASSETS_DIR, kept);
  } catch (error) {
    // Not worth refusing to start over: open tabs then reload the page they are on after a deploy, as before.
    console.warn(`Cannot keep earlier builds' assets in ${config.PREVIOUS_ASSETS_DIR}: ${(error as Error).message}`);
  }
}
if (config.usingTestKeys && config.LOG_LEVEL !== "silent") console.warn(testKeysWarning());

const metrics = createMetrics();
let contact;
try {
  contact = await startContactApi(config, log, metrics);
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
const health = createHealth({ store, log });
metrics.watch({ outboxStats: () => store.outboxStats(), ready: async () => (await health.check()).ready, responseBacklog: () => store.responseBacklog(new Date()) });
// Visit counts (decision 34): only paths of real pages are counted by name.
const insights = startInsights({ config, store, log, metrics, isPage: (path) => site.lookup(path)?.type.startsWith("text/html") === true });
// With the staff workspace, a mailed take link leads to the lead's page there (issue 37); without it, the old take page.
const takeRoutes = staff
  ? createTakeRedirect({ store, linkSecret: config.linkSecret, staffUrl: () => config.staffUrl })
  : createTakeRoutes({
  store,
  log,
  linkSecret: config.linkSecret,
  siteOrigin: config.siteUrl ? new URL(config.siteUrl).origin : undefined,
  timeZone: config.COMPANY_TIME_ZONE,
  calendar: delivery.calendar,
  takeEvent: delivery.takeEvent,
  onTaken: delivery.worker.nudge,
  recordTake: metrics.recordTake,
  });
const app = createApp({ config, site, log, contactApi: contact.api, visitApi: insights.api, health, takeRoutes });
staff?.ready({ store, leads: { takeEvent: delivery.takeEvent, closeEvent: delivery.closeEvent, takeoverNotice: delivery.takeoverNotice, nudge: delivery.worker.nudge, recordTake: metrics.recordTake } });
let metricsServer: Server | undefined;
if (config.METRICS_PORT !== undefined) {
  try {
    const served = await serveMetrics(metrics, { port: config.METRICS_PORT, host: config.METRICS_HOST, log });
    metricsServer = served.server;
    log.info({ msg: "metrics", url: served.url });
  } catch (error) {
    console.error(`Cannot serve metrics on ${config.METRICS_HOST}:${config.METRICS_PORT}: ${(error as Error).message}`);
    process.exit(1);
  }
}

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
  delayMs: config.SHUTDOWN_DELAY_MS,
  onSignal: health.markStopping,
  drain: (graceMs) => {
    stopRetention();
    // The counts waiting in memory are written before the store closes.
    return Promise.all([delivery.worker.stop(graceMs), insights.stop()]).then(([stopped]) => stopped);
  },
  close: async () => {
    staff?.close();
    metricsServer?.close();
    metricsServer?.closeAllConnections();
    delivery.close();
    await store.close();
  },
});
