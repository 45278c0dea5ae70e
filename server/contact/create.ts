import type { Hono } from "hono";
import type { ServerConfig } from "../config";
import { openStore } from "../db";
import type { Store } from "../db/store";
import { createDelivery, type Delivery } from "../delivery";
import type { Logger } from "../logger";
import type { Metrics } from "../ops/metrics";
import { loadCountryLookup } from "../insights/country";
import { insightsStorage } from "../insights/storage";
import { createVisitorKeys } from "../insights/visitor-key";
import { createContactApi } from "./routes";

/**
 * Opens the message store, sets up lead delivery on it and builds the contact API: the same wiring for
 * `npm start` and `npm run dev`. The caller starts `delivery.worker` once it is ready to serve.
 */
export async function startContactApi(config: ServerConfig, log: Logger, metrics?: Metrics): Promise<{ api: Hono; store: Store; delivery: Delivery }> {
  const store = await openStore(config.DATABASE_URL, {
    onPoolError: (error) => log.warn({ msg: "database connection lost (it is reopened when needed)", error: error.message }),
  });
  const delivery = createDelivery(config, store, log, metrics);
  // On PostgreSQL every instance counts in the same table; SQLite means one instance, which counts in memory.
  const createLimiter = store.sharedRateLimiter?.bind(store);
  // The limits key an address by a keyed hash under the day's salt (shared by every instance, deleted within
  // 48 h), so the rate_limits table of PostgreSQL never holds an address.
  const keys = createVisitorKeys(insightsStorage(store), { site: config.siteUrl ?? "localhost", timeZone: config.COMPANY_TIME_ZONE });
  const api = createContactApi({
    config,
    store,
    log,
    enqueue: delivery.enqueue,
    deadlines: delivery.deadlines,
    onStored: delivery.worker.nudge,
    createLimiter,
    metrics,
    country: loadCountryLookup(),
    limitKey: (address) => keys.addressKey(address),
  });
  return { api, store, delivery };
}

/** The start-up warning for Google's always-pass test keys: loud, because they let every bot through. */
export function testKeysWarning(): string {
  const line = "=".repeat(78);
  return [
    line,
    "  WARNING: reCAPTCHA is using Google's public TEST keys: every check passes.",
    "  Set RECAPTCHA_SECRET_KEY (server) and VITE_RECAPTCHA_SITE_KEY (build) to real keys",
    "  before going live. With NODE_ENV=production the server refuses to start like this.",
    line,
  ].join("\n");
}
