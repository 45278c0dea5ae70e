import { Hono } from "hono";
import { loadConfig } from "../config";
import { startContactApi, testKeysWarning } from "../contact/create";
import { createLogger } from "../logger";

// Kept on globalThis: Vite re-evaluates this module on every change, and each evaluation would otherwise
// open another connection to the same SQLite file.
const cache = globalThis as typeof globalThis & { __devApi?: Promise<Hono> };

/** The API part of the app, for the Vite dev server. */
export async function createDevApi(): Promise<Hono> {
  cache.__devApi ??= (async () => {
    const config = loadConfig();
    const log = createLogger(config.LOG_LEVEL);
    if (config.usingTestKeys) console.warn(testKeysWarning());
    const { api: contactApi, delivery } = await startContactApi(config, log);
    console.info(delivery.summary());
    await delivery.start();
    const api = new Hono();
    api.route("/api/contact", contactApi);
    api.all("*", (c) => c.json({ ok: false, error: "Not found" }, 404));
    return api;
  })();
  return cache.__devApi;
}
