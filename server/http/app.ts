import { Hono, type Context } from "hono";
import { etagMatches, pickEncoding, type Encoding } from "./accept-encoding";
import { fromTrustedProxy, untrustedForwardedWarning } from "./client-ip";
import type { ServerConfig } from "../config";
import { pagePolicy, resourcePolicy, commonSecurityHeaders } from "./security-headers";
import type { StaticFile, StaticSite } from "./static-site";
import type { Logger } from "../logger";
import { probePaths, type Health } from "../ops/health";

export type AppDeps = {
  config: ServerConfig;
  site: StaticSite;
  log: Logger;
  /** Sub-app mounted at /api/contact. */
  contactApi?: Hono;
  /** Sub-app mounted at /api/visit: visit counting (server/insights). */
  visitApi?: Hono;
  /** GET /healthz and /readyz. */
  health?: Pick<Health, "routes">;
  /** Sub-app mounted at /leads/take: the "take this lead" page (issue 31). */
  takeRoutes?: Hono;
};

function sendFile(c: Context, file: StaticFile, status: 200 | 404, config: ServerConfig) {
  const isHtml = file.type.startsWith("text/html");
  c.header("Content-Type", file.type);
  c.header("Vary", "Accept-Encoding");
  c.header("Cache-Control", file.immutable ? "public, max-age=31536000, immutable" : "no-cache");
  c.header("Content-Security-Policy", isHtml ? pagePolicy(config, file.scriptHashes) : resourcePolicy);
  const have: Encoding[] = [...(file.br ? (["br"] as const) : []), ...(file.gzip ? (["gzip"] as const) : [])];
  const encoding = pickEncoding(c.req.header("accept-encoding"), have);
  const body = (encoding && file[encoding]) || file.body;
  if (encoding) c.header("Content-Encoding", encoding);
  if (status === 200) {
    // Each encoding is a different representation, so it gets its own validator (RFC 9110 §8.8.3): a cache
    // must never answer a gzip request with a 304 for the brotli bytes it holds.
    const etag = encoding ? `${file.etag.slice(0, -1)}-${encoding}"` : file.etag;
    c.header("ETag", etag);
    if (etagMatches(c.req.header("if-none-match"), etag)) {
      c.header("Content-Encoding", undefined);
      return c.body(null, 304);
    }
  }
  c.header("Content-Length", String(body.length));
  if (c.req.method === "HEAD") return c.body(null, status);
  return c.body(new Uint8Array(body), status);
}

// What /count.js (the page's visit counting, scripts/vite-plugin-visit-count.ts) is while ANALYTICS=off: the same
// export, doing nothing, so no page sends a count and the server does not depend on the pages' build.
const noCounting: StaticFile = {
  body: Buffer.from("export function countPageView(){}\n"),
  type: "text/javascript; charset=utf-8",
  etag: `"no-counting"`,
  immutable: false,
  scriptHashes: [],
};

export function createApp({ config, site, log, contactApi, visitApi, health, takeRoutes }: AppDeps) {
  const app = new Hono();
  const securityHeaders = commonSecurityHeaders(config);
  const warnUntrustedForwarded = untrustedForwardedWarning(config.TRUST_PROXY, log.warn);

  app.use(async (c, next) => {
    const started = performance.now();
    warnUntrustedForwarded(c);
    await next();
    // Page view counts (up to thousands a second) are counted by outcome in the metrics, not logged one by one;
    // their empty answer has no document for the security headers to protect, and writing them was a large part
    // of each count's cost (decision 34).
    if (c.req.path === "/api/visit" && c.res.status === 204) return;
    // A route that chose a stricter header (the take page's Referrer-Policy) keeps it.
    for (const [name, value] of Object.entries(securityHeaders)) if (!c.res.headers.has(name)) c.header(name, value);
    if (!c.res.headers.has("Content-Security-Policy")) c.header("Content-Security-Policy", resourcePolicy);
    if (probePaths.has(c.req.path)) return;
    log.info({
      msg: "request",
      method: c.req.method,
      // A take link's token is a key to the lead: it stays out of the logs.
      path: c.req.path.startsWith("/leads/take/") ? "/leads/take/…" : c.req.path,
      status: c.res.status,
      ms: Math.round(performance.now() - started),
    });
  });

  // Before the https redirect: a balancer probing over plain http must get the answer, not a 301.
  health?.routes(app);

  // Behind a TLS proxy, a visitor who typed http:// is sent to the https:// site (and HSTS keeps them there).
  if (config.siteUrl?.startsWith("https://") && config.TRUST_PROXY.enabled) {
    const siteUrl = config.siteUrl;
    app.use(async (c, next) => {
      // Only a trusted proxy's word counts: anyone else could send X-Forwarded-Proto to bounce visitors around.
      if (!fromTrustedProxy(c, config.TRUST_PROXY)) return next();
      if (c.req.header("x-forwarded-proto")?.split(",")[0]?.trim() !== "http") return next();
      const { pathname, search } = new URL(c.req.url);
      return c.redirect(`${siteUrl}${pathname}${search}`, 301);
    });
  }

  if (contactApi) app.route("/api/contact", contactApi);
  if (visitApi) app.route("/api/visit", visitApi);
  if (takeRoutes) app.route("/leads/take", takeRoutes);
  app.all("/api/*", (c) => c.json({ ok: false, error: "Not found" }, 404));

  app.on(["GET", "HEAD"], "*", (c) => {
    // A page asked for in another spelling (capitals, trailing slash, /index.html, %2F) goes to its one address,
    // query kept; the client router matches case-sensitively, so it renders what the server answers.
    const url = new URL(c.req.url);
    const address = site.canonicalAddress(url.pathname);
    if (address !== undefined) return c.redirect(`${address}${url.search}`, 301);
    // A trimmed address ("/services"): the home page's section listing what the folder holds, query kept.
    const section = site.sectionOf(url.pathname);
    if (section !== undefined) return c.redirect(`/${url.search}#${section}`, 301);
    const file = c.req.path === "/count.js" && config.ANALYTICS === "off" ? noCounting : site.lookup(c.req.path);
    return file ? sendFile(c, file, 200, config) : sendFile(c, site.notFound, 404, config);
  });
  app.all("*", (c) => {
    c.header("Allow", "GET, HEAD");
    return c.text("Method Not Allowed", 405);
  });

  app.onError((error, c) => {
    log.error({ msg: "unhandled error", path: c.req.path, error: error.message });
    return c.json({ ok: false, error: "Internal server error" }, 500);
  });

  return app;
}
