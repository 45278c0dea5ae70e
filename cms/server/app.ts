import { readFileSync } from "node:fs";
import { extname, join, normalize } from "node:path";
import { Hono, type Context } from "hono";
import { RateLimiterMemory, RateLimiterRes } from "rate-limiter-flexible";
import { clientIp, rateLimitKey } from "../../server/http/client-ip";
import { commonSecurityHeaders } from "../../server/http/security-headers";
import type { EditorServerConfig } from "./config";
import { editorPolicy, signedOutPage } from "./page";
import { duplicateCookie, duplicateRefusal } from "./sign-in";

/*
 * The live editor's routes: its page at /keystatic, its built assets, /signed-out, /healthz, and Keystatic's
 * sign-in routes at /api/keystatic/* (`api`, cms/server/sign-in.ts, which answers 404 or 405 itself). Every
 * other method is 405, logged at info: anyone can send one, so it is no error of ours. The API routes are
 * rate-limited per client address (TRUST_PROXY names the proxies whose X-Forwarded-For counts).
 */

type Log = { info(fields: Record<string, unknown>): void; warn(fields: Record<string, unknown>): void; error(fields: Record<string, unknown>): void };
const types: Record<string, string> = { ".js": "text/javascript; charset=utf-8", ".css": "text/css; charset=utf-8", ".svg": "image/svg+xml", ".png": "image/png", ".woff2": "font/woff2" };
const readOnly = ["GET", "HEAD"];

export function editorApp(options: { config: EditorServerConfig; log: Log; indexHtml: string; api: (request: Request) => Promise<Response> }) {
  const { config, log, indexHtml, api } = options;
  const policy = editorPolicy(config);
  const security = commonSecurityHeaders({ siteUrl: config.url.origin });
  const limiter = new RateLimiterMemory({ keyPrefix: "editor-api", points: config.apiRateLimit, duration: 60 });

  const notAllowed = (c: Context, allow: string[]) => {
    log.info({ msg: "editor method not allowed", method: c.req.method, path: c.req.path });
    return c.text("Method not allowed\n", 405, { allow: allow.join(", ") });
  };
  const html = (body: string) => new Response(body, { headers: { "content-type": "text/html; charset=utf-8", "cache-control": "no-store", "content-security-policy": policy } });

  const app = new Hono();
  app.use(async (c, next) => {
    await next();
    for (const [name, value] of Object.entries(security)) c.res.headers.set(name, value);
    if (!c.res.headers.has("content-security-policy")) c.res.headers.set("content-security-policy", "default-src 'none'; frame-ancestors 'none'");
  });
  // TRACE, CONNECT and the like never reach a route (a fetch Request cannot even be built with some of them).
  app.use(async (c, next) => (["GET", "HEAD", "POST"].includes(c.req.method) ? next() : notAllowed(c, c.req.path.startsWith("/api/") ? ["GET", "POST"] : readOnly)));
  // A second copy of a cookie the editor or its page reads was planted: refuse before anything reads either.
  app.use(async (c, next) => {
    const duplicate = duplicateCookie(c.req.header("cookie") ?? null);
    return duplicate ? duplicateRefusal(duplicate, log) : next();
  });

  app.get("/healthz", (c) => c.json({ status: "ok" }, 200, { "cache-control": "no-store" }));
  app.get("/", (c) => c.redirect("/keystatic"));
  app.get("/keystatic", () => html(indexHtml));
  app.get("/keystatic/*", () => html(indexHtml));
  app.get("/signed-out", (c) => html(signedOutPage(c.req.query("github") !== "unconfirmed")));
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
  for (const path of ["/healthz", "/", "/keystatic", "/keystatic/*", "/signed-out", "/assets/:file"]) app.all(path, (c) => notAllowed(c, readOnly));

  app.all("/api/keystatic/*", async (c) => {
    const address = clientIp(c, config.trustProxy);
    try {
      await limiter.consume(address ? rateLimitKey(address) : "unknown");
    } catch (error) {
      if (!(error instanceof RateLimiterRes)) throw error;
      log.info({ msg: "editor rate limit", path: c.req.path });
      return c.text("Too many requests: wait a minute and try again.\n", 429, { "retry-after": String(Math.ceil(error.msBeforeNext / 1000)), "cache-control": "no-store" });
    }
    // Keystatic builds GitHub's callback address from the request's origin: the public one, whatever the proxy.
    const url = new URL(c.req.path + new URL(c.req.url).search, config.url);
    // Keystatic's GitHub routes read no body (the browser commits through GitHub's API): none is read or passed on.
    const response = await api(new Request(url, { method: c.req.method, headers: c.req.raw.headers }));
    response.headers.set("cache-control", "no-store");
    return response;
  });
  app.notFound((c) => c.text("Not found\n", 404));
  app.onError((error, c) => {
    log.error({ msg: "editor error", path: c.req.path, error: (error as Error).message });
    return c.text("The editor could not answer; try again in a minute.", 502);
  });
  return app;
}
