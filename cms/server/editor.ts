import { readFileSync } from "node:fs";
import { extname, join, normalize } from "node:path";
import { serve } from "@hono/node-server";
import { makeGenericAPIRouteHandler } from "@keystatic/core/api/generic";
import { Hono } from "hono";
import { createLogger } from "../../server/logger";
import { commonSecurityHeaders } from "../../server/security-headers";
import { httpServerOptions } from "../../server/server-process";
import { loadEditorConfig } from "./config";
import { editorPage, editorPolicy, signedOutPage } from "./page";
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

const types: Record<string, string> = { ".js": "text/javascript; charset=utf-8", ".css": "text/css; charset=utf-8", ".svg": "image/svg+xml", ".png": "image/png", ".woff2": "font/woff2" };
const policy = editorPolicy(config);
const security = commonSecurityHeaders({ siteUrl: config.url.origin });

const app = new Hono();
app.use(async (c, next) => {
  await next();
  for (const [name, value] of Object.entries(security)) c.res.headers.set(name, value);
  if (!c.res.headers.has("content-security-policy")) c.res.headers.set("content-security-policy", "default-src 'none'; frame-ancestors 'none'");
});
app.get("/healthz", (c) => c.json({ status: "ok" }, 200, { "cache-control": "no-store" }));
app.get("/", (c) => c.redirect("/keystatic"));
const html = (body: string) => new Response(body, { headers: { "content-type": "text/html; charset=utf-8", "cache-control": "no-store", "content-security-policy": policy } });
app.get("/keystatic", () => html(indexHtml));
app.get("/keystatic/*", () => html(indexHtml));
app.get("/signed-out", () => html(signedOutPage));
app.get("/assets/:file", (c) => {
  const file = normalize(c.req.param("file"));
  const type = types[extname(file)];
  if (!type || file.includes("/") || file.startsWith(".")) return c.notFound();
  try {
    return new Response(readFileSync(join(config.staticDir, "assets", file)), { headers: { "content-type": type, "cache-control": "public, max-age=31536000, immutable" } });
  } catch {
    return c.notFound();
  }
});
app.all("/api/keystatic/*", async (c) => {
  // Keystatic builds GitHub's callback address from the request's origin: the public one, whatever the proxy.
  const url = new URL(c.req.path + new URL(c.req.url).search, config.url);
  // Keystatic's GitHub routes read no body (the browser commits through GitHub's API): none is read or passed on.
  const response = await api(new Request(url, { method: c.req.method, headers: c.req.raw.headers }));
  response.headers.set("cache-control", "no-store");
  return response;
});
app.onError((error, c) => {
  log.error({ msg: "editor error", path: c.req.path, error: (error as Error).message });
  return c.text("The editor could not answer; try again in a minute.", 502);
});

// The site's limits: slow clients cannot hold connections open (server/server-process.ts).
const limits = { HEADERS_TIMEOUT_MS: 20_000, REQUEST_TIMEOUT_MS: 30_000, KEEP_ALIVE_TIMEOUT_MS: 5_000 };
const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host, serverOptions: httpServerOptions(limits) }, (info) => {
  log.info({ msg: "editor listening", url: config.url.origin, port: info.port, repo: config.repo });
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
