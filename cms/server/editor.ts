import { readFileSync } from "node:fs";
import { join } from "node:path";
import { serve } from "@hono/node-server";
import { makeGenericAPIRouteHandler } from "@keystatic/core/api/generic";
import { createLogger } from "../../server/logger";
import { httpServerOptions } from "../../server/http/server-process";
import { loadEditorConfig, sharesParentDomain } from "./config";
import { editorApp } from "./app";
import { editorPage } from "./page";
import { type KeystaticHandler, safeSignIn } from "./sign-in";

/*
 * The live editor (`npm run editor`, build/server/editor.mjs): Keystatic in GitHub mode on its own host, apart
 * from the site's process. It serves the editor's page at /keystatic, Keystatic's sign-in routes at
 * /api/keystatic/github/* (the browser then talks to GitHub's API itself, with the user's token), and /healthz.
 */

let config;
try {
  config = loadEditorConfig();
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
const log = createLogger(config.logLevel);

let indexHtml: string;
try {
  indexHtml = editorPage(readFileSync(join(config.staticDir, "index.html"), "utf8"), config);
} catch (error) {
  console.error(`Cannot read the editor's page in ${config.staticDir}: ${(error as Error).message}. Run \`npm run build\` first.`);
  process.exit(1);
}

// Keystatic reads only the storage kind on the server: the fields are the browser's business.
const keystatic = makeGenericAPIRouteHandler({
  config: { storage: { kind: "github", repo: config.repo } },
  clientId: config.clientId,
  clientSecret: config.clientSecret,
  secret: config.secret,
}) as unknown as KeystaticHandler;
const api = safeSignIn(keystatic, config, log);

const app = editorApp({ config, log, indexHtml, api });

// The site's limits: slow clients cannot hold connections open (server/http/server-process.ts).
const limits = { HEADERS_TIMEOUT_MS: 20_000, REQUEST_TIMEOUT_MS: 30_000, KEEP_ALIVE_TIMEOUT_MS: 5_000 };
const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host, serverOptions: httpServerOptions(limits) }, (info) => {
  // Whether the allow-list is on, and how long: a misspelt variable name or an empty list must show here.
  const allowedUsers = config.allowedUsers ? config.allowedUsers.length : "off: anyone with write access to the repository can sign in";
  log.info({ msg: "editor listening", url: config.url.origin, host: config.host, port: info.port, repo: config.repo, allowedUsers });
  if (!config.allowedUsers) log.warn({ msg: "EDITOR_ALLOWED_USERS is not set: anyone with write access to the repository can sign in to the editor" });
  if (sharesParentDomain(config.url.hostname, config.siteHost)) {
    log.warn({ msg: "the editor shares a parent domain with the site: a script of the site can plant cookies for the editor's host (see Security notes of the live editor in docs/operations.md)", editor: config.url.hostname, site: config.siteHost });
  }
});
// A port in use or an address this machine does not have: one clear line, not a stack trace.
server.on("error", (error: NodeJS.ErrnoException) => {
  const reason = error.code === "EADDRINUSE" ? "is in use" : error.code === "EADDRNOTAVAIL" || error.code === "ENOTFOUND" ? "is not an address of this machine" : `cannot be used (${error.message})`;
  console.error(`The editor cannot start: ${config.host}:${config.port} ${reason}. Set EDITOR_HOST and EDITOR_PORT.`);
  process.exit(1);
});
for (const signal of ["SIGTERM", "SIGINT"] as const) {
  process.on(signal, () => server.close(() => process.exit(0)));
}
