import { Hono, type Context } from "hono";
import type { ServerConfig } from "./config";
import { pagePolicy, resourcePolicy, commonSecurityHeaders } from "./security-headers";
import type { StaticFile, StaticSite } from "./static-site";
import type { Logger } from "./logger";

export type AppDeps = {
  config: ServerConfig;
  site: StaticSite;
  log: Logger;
  /** Sub-app mounted at /api/contact. */
  contactApi?: Hono;
};

function sendFile(c: Context, file: StaticFile, status: 200 | 404, config: ServerConfig) {
  const isHtml = file.type.startsWith("text/html");
  c.header("Content-Type", file.type);
  c.header("Vary", "Accept-Encoding");
  c.header("Cache-Control", file.immutable ? "public, max-age=31536000, immutable" : "no-cache");
  c.header("Content-Security-Policy", isHtml ? pagePolicy(config, file.scriptHashes) : resourcePolicy);
  if (status === 200) {
    c.header("ETag", file.etag);
    if (c.req.header("if-none-match") === file.etag) return c.body(null, 304);
  }
  const accepts = c.req.header("accept-encoding") ?? "";
  let body = file.body;
  if (file.br && /\bbr\b/.test(accepts)) {
    body = file.br;
    c.header("Content-Encoding", "br");
  } else if (file.gzip && /\bgzip\b/.test(accepts)) {
    body = file.gzip;
    c.header("Content-Encoding", "gzip");
  }
  c.header("Content-Length", String(body.length));
  if (c.req.method === "HEAD") return c.body(null, status);
  return c.body(new Uint8Array(body), status);
}

export function createApp({ config, site, log, contactApi }: AppDeps) {
  const app = new Hono();
  const securityHeaders = commonSecurityHeaders(config);

  app.use(async (c, next) => {
    const started = performance.now();
    await next();
    for (const [name, value] of Object.entries(securityHeaders)) c.header(name, value);
    if (!c.res.headers.has("Content-Security-Policy")) c.header("Content-Security-Policy", resourcePolicy);
    log.info({
      msg: "request",
      method: c.req.method,
      path: c.req.path,
      status: c.res.status,
      ms: Math.round(performance.now() - started),
    });
  });

  // Behind a TLS proxy, a visitor who typed http:// is sent to the https:// site (and HSTS keeps them there).
  if (config.siteUrl?.startsWith("https://") && config.TRUST_PROXY > 0) {
    const siteUrl = config.siteUrl;
    app.use(async (c, next) => {
      if (c.req.header("x-forwarded-proto")?.split(",")[0]?.trim() !== "http") return next();
      const { pathname, search } = new URL(c.req.url);
      return c.redirect(`${siteUrl}${pathname}${search}`, 301);
    });
  }

  if (contactApi) app.route("/api/contact", contactApi);
  app.all("/api/*", (c) => c.json({ ok: false, error: "Not found" }, 404));

  app.on(["GET", "HEAD"], "*", (c) => {
    const file = site.lookup(c.req.path);
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
