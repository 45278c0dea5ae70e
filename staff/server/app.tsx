import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { getCookie } from "hono/cookie";
import type { ServerConfig } from "../../server/config";
import type { Store } from "../../server/db/store";
import type { Logger } from "../../server/logger";
import type { StaffAssets } from "./assets";
import { requireRole, type StaffContext, type StaffEnv } from "./context";
import { renderPage } from "./render";
import type { StaffStorage } from "./storage";
import { sessionCookieName } from "./cookies";
import { serveStaffAsset } from "./static";
import { NotFound } from "../app/pages/not-found";
import { TooLarge } from "../app/pages/too-large";
import { firstPageFor } from "./start-page";
import { mountAuthRoutes } from "./auth";
import { mountPeopleRoutes } from "./people";
import type { StaffMailer } from "./mail";
import type { RateLimiter } from "../../server/contact/rate-limit";
import { mountLeadRoutes, type LeadHooks } from "./leads/routes";

export type StaffDeps = {
  config: ServerConfig;
  store: Store;
  staff: StaffStorage;
  log: Logger;
  assets: StaffAssets;
  /** build/staff: the workspace's stylesheet and script. */
  assetsDir: string;
  now?: () => Date;
  /** Sign-in e-mails; by default SMTP_URL, else .eml previews in LEADS_MAIL_DIR (mail.ts). */
  mailer?: StaffMailer;
  /** Rate limiters of sign-in requests; by default in memory (PostgreSQL: the store's shared limiter). */
  createLimiter?: (options: { name: string; limit: number; windowMs: number }) => RateLimiter;
  /** Turns a rate-limit key (an address) into what is stored: a keyed hash on the store's daily salt. */
  limitKey?: (raw: string) => Promise<string>;
  /** The delivery side's hooks for the lead pages (events queued with a take or close, the worker's nudge). */
  leads?: LeadHooks;
};

/** The largest request body the workspace reads (bytes). */
export const STAFF_BODY_LIMIT = 64 * 1024;

/** The workspace's strict policy: only its own stylesheet and script, no inline anything, never framed. */
export const STAFF_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
].join("; ");

/**
 * The staff workspace (issue 37, decision 39), served on its own listener and origin (STAFF_URL). Route modules
 * mount themselves on it; this file holds what every request goes through: headers, the cross-site check, the
 * session, the audit log.
 */
export function createStaffApp(deps: StaffDeps) {
  const { config, staff, log, assets } = deps;
  const now = deps.now ?? (() => new Date());
  const staffUrl = () => config.staffUrl ?? "";
  const app = new Hono<StaffEnv>();

  app.use(async (c, next) => {
    const started = performance.now();
    await next();
    c.header("Cache-Control", c.res.headers.get("Cache-Control") ?? "no-store");
    if (!c.res.headers.has("Content-Security-Policy")) c.header("Content-Security-Policy", STAFF_POLICY);
    c.header("X-Frame-Options", "DENY");
    // Not no-referrer: with it Chromium sends `Origin: null` on the page's own forms (decision 35).
    c.header("Referrer-Policy", "same-origin");
    c.header("X-Content-Type-Options", "nosniff");
    c.header("Cross-Origin-Opener-Policy", "same-origin");
    c.header("Cross-Origin-Resource-Policy", "same-origin");
    c.header("X-Robots-Tag", "noindex, nofollow");
    if (staffUrl().startsWith("https://")) c.header("Strict-Transport-Security", "max-age=63072000");
    // A sign-in link's token opens a session: it stays out of the logs.
    const path = c.req.path.startsWith("/sign-in/") ? "/sign-in/…" : c.req.path;
    log.info({ msg: "staff request", method: c.req.method, path, status: c.res.status, ms: Math.round(performance.now() - started) });
  });

  app.get("/assets/*", (c) => serveStaffAsset(c, deps.assetsDir));

  // A request that changes something comes from the workspace's own pages or not at all: the exact origin, or the
  // browser's word that it is same-origin. A same-site page (a subdomain of the site) is not enough.
  app.use(async (c, next) => {
    if (c.req.method === "GET" || c.req.method === "HEAD" || c.req.method === "OPTIONS") return next();
    const origin = c.req.header("origin");
    const fetchSite = c.req.header("sec-fetch-site");
    const expected = staffUrl() ? new URL(staffUrl()).origin : undefined;
    const sameOrigin = (origin !== undefined && origin === expected) || (origin === undefined && fetchSite === "same-origin");
    if (!sameOrigin) {
      log.warn({ msg: "staff cross-site request refused", method: c.req.method, path: c.req.path, origin: origin ?? null, fetchSite: fetchSite ?? null });
      return c.text("This request did not come from the workspace's own pages: nothing was changed.", 403);
    }
    return next();
  });

  app.use(async (c, next) => {
    c.set("assets", assets);
    const sessionId = getCookie(c, sessionCookieName(staffUrl()));
    const found = sessionId ? await staff.sessionPerson(sessionId, now()) : null;
    c.set("person", found?.person ?? null);
    c.set("audit", (action, subject = null, detail = null) => staff.appendAudit({ at: now().toISOString(), actor: c.get("person")?.email ?? "server", action, subject, detail }));
    await next();
  });

  // No form of the workspace comes near this (a note of 2,000 four-byte characters, percent-encoded, is ~25 KB); the
  // sign-in endpoints are open to anyone, and this process also serves the site.
  app.use(
    bodyLimit({
      maxSize: STAFF_BODY_LIMIT,
      onError: (c) => renderPage(c as StaffContext, { title: "Too much to send", body: <TooLarge />, status: 413 }),
    }),
  );

  app.get("/", requireRole("any"), (c) => c.redirect(firstPageFor(c.get("person")!), 303));

  // Route modules mount here (sign-in and account, people and audit, leads, insights, deliveries).
  mountAuthRoutes(app, deps);
  mountPeopleRoutes(app, deps);
  mountLeadRoutes(app, deps);

  app.notFound((c) => renderPage(c, { title: "Page not found", body: <NotFound />, status: 404 }));
  app.onError((error, c) => {
    log.error({ msg: "staff unhandled error", path: c.req.path, error: error.message });
    return c.text("Something went wrong on our side. Nothing you sent was lost if the page says so; try again.", 500);
  });
  return app;
}
