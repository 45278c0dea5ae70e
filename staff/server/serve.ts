import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import { serve } from "@hono/node-server";
import { applyHttpLimits, httpServerOptions } from "../../server/http/server-process";
import type { ServerConfig } from "../../server/config";
import type { Store } from "../../server/db/store";
import type { Logger } from "../../server/logger";
import { readStaffAssets } from "./assets";
import { createStaffApp } from "./app";
import { staffStorage } from "./storage";
import { insightsStorage } from "../../server/insights/storage";
import { createVisitorKeys } from "../../server/insights/visitor-key";
import type { LeadHooks } from "./leads/routes";

export type StaffServer = {
  /** Starts answering, once the store is open; until then every request gets a 503. */
  ready(deps: { store: Store; leads?: LeadHooks }): void;
  close(): void;
};

/**
 * Binds the workspace's own listener (STAFF_HOST:STAFF_PORT), before the rest of the server starts: with STAFF_PORT=0
 * the address is known only now, and it becomes config.staffUrl unless STAFF_URL is set. Undefined with STAFF_PORT=off.
 */
export async function serveStaff(config: ServerConfig, log: Logger): Promise<StaffServer | undefined> {
  if (config.STAFF_PORT === "off") return undefined;
  let fetch: (request: Request, env: unknown) => Response | Promise<Response> = () => new Response("Starting", { status: 503, headers: { "Retry-After": "1" } });
  const server = await new Promise<Server>((resolve, reject) => {
    const bound = serve({ fetch: (request, env) => fetch(request, env), hostname: config.STAFF_HOST, port: config.STAFF_PORT as number, serverOptions: httpServerOptions(config) }, () => resolve(bound as Server));
    (bound as Server).once("error", reject);
  });
  // The site's limits: a slow client cannot hold the workspace's sockets either.
  applyHttpLimits(server, config);
  const { port } = server.address() as AddressInfo;
  config.staffUrl ??= `http://localhost:${port}`;
  // The address to open is STAFF_URL's (forms posted from any other spelling, 127.0.0.1 included, are refused as
  // cross-site); where the socket is bound comes second.
  log.info({ msg: "staff listening", url: config.staffUrl, bound: `${config.STAFF_HOST}:${port}` });
  return {
    ready({ store, leads }) {
      // Sign-in requests are limited like the contact form's: on PostgreSQL every instance counts in one table, keyed
      // by a hash on the day's salt (never an address in the table); on SQLite (one instance) in memory.
      const keys = createVisitorKeys(insightsStorage(store), { site: config.siteUrl ?? "localhost", timeZone: config.COMPANY_TIME_ZONE });
      const app = createStaffApp({
        config,
        store,
        staff: staffStorage(store),
        log,
        assets: readStaffAssets(config.STAFF_STATIC_DIR),
        assetsDir: config.STAFF_STATIC_DIR,
        createLimiter: store.sharedRateLimiter?.bind(store),
        limitKey: (raw) => keys.addressKey(raw),
        leads,
      });
      fetch = app.fetch;
    },
    close() {
      server.close();
      server.closeAllConnections();
    },
  };
}
