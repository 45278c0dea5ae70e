import { z } from "zod";
import { RECAPTCHA_TEST_SITE_KEY } from "~/config/recaptcha";
import { site } from "~/config/site";
import { DEFAULT_DATABASE_URL } from "./db/store";
import { checkTimeZone } from "./delivery/lead-text";
import { DEFAULT_MAIL_DIR } from "./delivery/email";
import { checkWebhookSecret } from "./delivery/webhook";
import { trustProxyEnv } from "./http/client-ip";
import { DEFAULT_SALES_HOURS, parseHolidays, parseSalesHours, responseDeadlines } from "./leads/business-hours";
import { weakSecret } from "./contact/secret-check";
import { LINK_SECRET_MIN_CHARS, ephemeralLinkSecret } from "./leads/take-token";

/*
 * All runtime configuration, read once at start-up from environment variables (documented in docs/operations.md, "Configuration").
 * Bad values stop the server with a readable list rather than failing later.
 */

// Google's published test keys: the widget always passes. Fine for development, refused in production.
export { RECAPTCHA_TEST_SITE_KEY };
export const RECAPTCHA_TEST_SECRET_KEY = "6LeIxAcTAAAAAGG-vFI1TnRWxMZNFuojJ4WifJWe";

const list = z
  .string()
  .optional()
  .transform((value) => (value ?? "").split(",").map((item) => item.trim()).filter(Boolean));

const ms = (fallback: number) => z.coerce.number().int().min(1).max(600_000).default(fallback);

/* Issue 31: taking leads, reminders within business hours (docs/sales.md, "Taking a lead"; docs/contact-api.md). */
const blankIsUnset = (value: unknown) => (typeof value === "string" && value.trim() === "" ? undefined : value);
const readWith = <T>(parse: (text: string) => T) =>
  z.string().transform((text, context): T => {
    try {
      return parse(text);
    } catch (error) {
      context.addIssue({ code: "custom", message: `cannot read ${JSON.stringify(text)}: ${(error as Error).message}` });
      return z.NEVER;
    }
  });
const followUpEnv = {
  /** Signs the "take this lead" links (HMAC of the lead's public id): required in production. */
  LEADS_LINK_SECRET: z.preprocess(blankIsUnset, z.string().min(LINK_SECRET_MIN_CHARS, `must be at least ${LINK_SECRET_MIN_CHARS} characters (e.g. openssl rand -base64 32)`).optional()),
  /** Sales' hours, in COMPANY_TIME_ZONE: "Mon-Fri 09:00-18:00", "Mon-Fri 09:00-12:00,13:00-18:00; Sat 10:00-14:00", "Mon-Sun 00:00-24:00". */
  SALES_HOURS: z.preprocess(blankIsUnset, z.string().default(DEFAULT_SALES_HOURS)).pipe(readWith(parseSalesHours)),
  /**
   * Business minutes within which a lead should be taken; the reminder then, the escalation at twice. A fraction
   * down to 0.1 (6 s) is accepted so the reminder tests need not wait whole minutes (e2e/lead-reminders.spec.ts).
   */
  SALES_RESPONSE_MINUTES: z.preprocess(blankIsUnset, z.coerce.number().min(0.1).max(100_000).default(120)),
  /** Days without business hours: ISO dates separated by commas. */
  SALES_HOLIDAYS: z.preprocess(blankIsUnset, z.string().default("")).pipe(readWith(parseHolidays)),
  /** Who gets the one escalation e-mail when a lead is still not taken at twice its window; none when unset. */
  SALES_ESCALATION_TO: z.preprocess(blankIsUnset, list.pipe(z.array(z.email("must be a comma-separated list of e-mail addresses")))),
};

const envSchema = z.object({
  NODE_ENV: z.string().default("development"),
  HOST: z.string().default("0.0.0.0"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  // Empty counts as unset (a container's ENV carried from a build argument that was not given).
  // "localhost:3000" parses as a URL of scheme "localhost:": refused by its scheme, with what to write instead.
  SITE_URL: z.preprocess(
    (value) => (value === "" ? undefined : value),
    z
      .string()
      .superRefine((url, context) => {
        if (!/^https?:\/\//i.test(url)) context.addIssue({ code: "custom", message: `"${url}" must start with http:// or https:// (e.g. https://www.example.com or http://localhost:3000)` });
      })
      .pipe(z.url())
      .optional(),
  ),
  /*
   * The staff workspace (issue 37, decision 39): its own listener and its own origin, never the site's. "off" serves
   * no workspace; 0 takes a free port (tests), whose address then becomes STAFF_URL unless it is set.
   */
  STAFF_PORT: z.preprocess(blankIsUnset, z.union([z.literal("off"), z.coerce.number().int().min(0).max(65535)]).default(3001)),
  STAFF_HOST: z.preprocess(blankIsUnset, z.string().default("127.0.0.1")),
  STAFF_URL: z.preprocess(
    blankIsUnset,
    z
      .string()
      .superRefine((url, context) => {
        const origin = `"${url}" must be an origin: http:// or https://, a host and nothing after it (e.g. https://staff.example.com)`;
        if (!/^https?:\/\//i.test(url)) return context.addIssue({ code: "custom", message: origin });
        let parsed: URL;
        try {
          parsed = new URL(url);
        } catch {
          return context.addIssue({ code: "custom", message: origin });
        }
        // A query, fragment, path or password would end up in every mailed link (and break them).
        if (parsed.username || parsed.password) context.addIssue({ code: "custom", message: `"${url}" must not carry a user name or password: it is written into every sign-in link` });
        else if (parsed.pathname !== "/" || parsed.search || parsed.hash || /[?#]/.test(url)) context.addIssue({ code: "custom", message: origin });
      })
      .optional(),
  ),
  /** Where the workspace's own bundle (staff/vite.config.ts) is built. */
  STAFF_STATIC_DIR: z.string().default("build/staff"),
  /** Sign-in links asked for, per e-mail address and per client address, in 15 minutes (issue 37). */
  STAFF_SIGN_IN_LIMIT: z.preprocess(blankIsUnset, z.coerce.number().int().min(1).max(100_000).default(5)),
  STAFF_SIGN_IN_CLIENT_LIMIT: z.preprocess(blankIsUnset, z.coerce.number().int().min(1).max(100_000).default(30)),
  STATIC_DIR: z.string().default("build/client"),
  /** Earlier builds' /assets, served this many days after the deploy that replaced them (0: off). Decision 31. */
  PREVIOUS_ASSETS_DIR: z.string().default("data/previous-assets"),
  PREVIOUS_ASSETS_DAYS: z.coerce.number().min(0).max(365).default(7),
  DATABASE_URL: z
    .string()
    .regex(/^(file:|postgres(ql)?:\/\/)/i, "must be a file: URL (SQLite) or postgres://user:password@host:port/database")
    .default(DEFAULT_DATABASE_URL),
  RECAPTCHA_SECRET_KEY: z.string().optional(),
  RECAPTCHA_VERIFY_URL: z.url().default("https://www.google.com/recaptcha/api/siteverify"),
  RECAPTCHA_HOSTNAMES: list,
  CONTACT_RATE_LIMIT: z.coerce.number().int().min(1).default(5),
  ALLOWED_ORIGINS: list,
  TRUST_PROXY: trustProxyEnv,
  /** Unverified leads (siteverify down or refusing our secret) stored per hour, all visitors together. */
  CONTACT_UNVERIFIED_LIMIT: z.coerce.number().int().min(0).default(20),
  /** A request's headers must arrive within this (slow-loris), the whole request within REQUEST_TIMEOUT_MS. */
  HEADERS_TIMEOUT_MS: ms(20_000),
  REQUEST_TIMEOUT_MS: ms(30_000),
  KEEP_ALIVE_TIMEOUT_MS: ms(5_000),
  /** How long SIGTERM waits for running requests and deliveries before exiting anyway (status 1). */
  SHUTDOWN_GRACE_MS: ms(10_000),
  /** After SIGTERM, how long the site keeps answering (with /readyz 503) before it stops taking connections. */
  SHUTDOWN_DELAY_MS: z.coerce.number().int().min(0).max(600_000).default(0),
  /** Prometheus metrics on their own listener; off when unset. */
  METRICS_PORT: z.preprocess((value) => (value === "" ? undefined : value), z.coerce.number().int().min(0).max(65535).optional()),
  METRICS_HOST: z.string().default("127.0.0.1"),
  LOG_LEVEL: z.enum(["debug", "info", "silent"]).default("info"),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/[^/]+/, "must be smtp://[user:pass@]host:port or smtps://…")
    .optional(),
  LEADS_NOTIFY_TO: list.pipe(z.array(z.email("must be a comma-separated list of e-mail addresses"))),
  LEADS_NOTIFY_FROM: z.string().optional(),
  /** The one public address the visitor's confirmation names for replies: never the internal LEADS_NOTIFY_TO list. */
  LEADS_REPLY_TO: z.email("must be one e-mail address").default(site.salesEmail),
  LEADS_WEBHOOK_URL: z.url({ protocol: /^https?$/ }).optional(),
  LEADS_WEBHOOK_SECRET: z.string().optional(),
  LEADS_RETENTION_DAYS: z.coerce.number().int().min(1).optional(),
  LEADS_RETRY_BASE_SECONDS: z.coerce.number().positive().default(10),
  // How long an instance holds a delivery it took; after that another instance may take it (its holder died).
  LEADS_LEASE_SECONDS: z.coerce.number().min(1).default(60),
  LEADS_MAIL_DIR: z.string().default(DEFAULT_MAIL_DIR),
  /** "store-only": production without any delivery channel is intended (otherwise it refuses to start). */
  LEADS_DELIVERY: z.enum(["store-only"], "must be store-only (or unset)").optional(),
  /** The company's time zone: the e-mails give times in it, and name it. A region's name or UTC (regionZoneProblem). */
  COMPANY_TIME_ZONE: z
    .string()
    .default("UTC")
    .transform((zone, context) => {
      const problem = regionZoneProblem(zone);
      if (problem) {
        context.addIssue({ code: "custom", message: problem });
        return z.NEVER;
      }
      return canonicalZone(zone);
    }),
  /** The visitor's confirmation e-mail: off unless "on". */
  LEADS_CONFIRMATION: z.enum(["on", "off"]).default("off"),
  /** Confirmations queued per hour, all addresses and instances together: the form cannot become a mail cannon. */
  // Empty is unset: Number("") would be 0, and a blank line in a compose file would silently send none.
  LEADS_CONFIRMATION_HOURLY_LIMIT: z.preprocess((value) => (value === "" ? undefined : value), z.coerce.number().int().min(0).default(30)),
  /** A Slack-compatible incoming webhook (Slack, Mattermost, Discord's /slack) for the team chat alert. */
  LEADS_CHAT_WEBHOOK_URL: z.url({ protocol: /^https?$/ }).optional(),
  // Visit counts and the weekly insights report (server/insights, decision 34).
  /** "off": the pages carry no counting code (build time) and the server stores nothing (run time). */
  ANALYTICS: z.enum(["on", "off"], "must be on or off").default("on"),
  /** Days the visit counts are kept (the CNIL's limit for audience measurement is 25 months). */
  INSIGHTS_RETENTION_DAYS: z.coerce.number().int().min(1).max(760).default(395),
  /** Who gets the weekly report (Mondays 08:00 in COMPANY_TIME_ZONE); none when unset. */
  INSIGHTS_REPORT_TO: list.pipe(z.array(z.email("must be a comma-separated list of e-mail addresses"))),
  ...followUpEnv,
});

export type ServerConfig = ReturnType<typeof loadConfig>;

export function loadConfig(env: NodeJS.ProcessEnv = process.env) {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`).join("\n");
    throw new Error(`Invalid configuration:\n${problems}`);
  }
  const values = parsed.data;
  const usingTestKeys = !values.RECAPTCHA_SECRET_KEY || values.RECAPTCHA_SECRET_KEY === RECAPTCHA_TEST_SECRET_KEY;
  if (usingTestKeys && (values.NODE_ENV === "production" || isPublicSiteUrl(values.SITE_URL))) {
    const why = values.NODE_ENV === "production" ? "in production" : `for the public site ${values.SITE_URL}`;
    throw new Error(`RECAPTCHA_SECRET_KEY is not set (or is Google's test secret): refusing to start ${why} with Google's always-pass test keys.`);
  }
  if (values.SMTP_URL && values.LEADS_NOTIFY_TO.length === 0) {
    throw new Error("SMTP_URL is set but LEADS_NOTIFY_TO is not: set it to the address(es) that should receive each lead.");
  }
  if (values.LEADS_WEBHOOK_URL && !values.LEADS_WEBHOOK_SECRET) {
    throw new Error("LEADS_WEBHOOK_URL is set but LEADS_WEBHOOK_SECRET is not: every webhook is signed (whsec_… form).");
  }
  if (values.LEADS_WEBHOOK_SECRET) checkWebhookSecret(values.LEADS_WEBHOOK_SECRET);
  const production = values.NODE_ENV === "production";
  if (production && !values.SITE_URL) {
    throw new Error(
      "SITE_URL is not set: in production the server needs the site's public address (https://www.example.com), the one the pages were built for. It names the e-mails' sender and Message-ID domain (no-reply@localhost is refused or marked as spam) and turns on HSTS and the https redirect.",
    );
  }
  if (values.LEADS_CONFIRMATION === "on" && !values.SMTP_URL && (production || isPublicSiteUrl(values.SITE_URL))) {
    throw new Error("LEADS_CONFIRMATION=on needs SMTP_URL: the confirmation is an e-mail to the visitor.");
  }
  if (production && values.LEADS_CHAT_WEBHOOK_URL && new URL(values.LEADS_CHAT_WEBHOOK_URL).protocol === "http:" && !isLoopbackUrl(values.LEADS_CHAT_WEBHOOK_URL)) {
    throw new Error("LEADS_CHAT_WEBHOOK_URL must be https:// in production (leads carry personal data; http is allowed on loopback only).");
  }
  if (production && values.LEADS_WEBHOOK_URL && new URL(values.LEADS_WEBHOOK_URL).protocol === "http:" && !isLoopbackUrl(values.LEADS_WEBHOOK_URL)) {
    throw new Error("LEADS_WEBHOOK_URL must be https:// in production (leads carry personal data; http is allowed on loopback only).");
  }
  const hasChannel = Boolean(values.SMTP_URL || values.LEADS_WEBHOOK_URL);
  if (values.LEADS_DELIVERY === "store-only" && hasChannel) {
    throw new Error("LEADS_DELIVERY=store-only, but SMTP_URL or LEADS_WEBHOOK_URL is set: unset one or the other.");
  }
  // A public SITE_URL counts as production here too: a forgotten NODE_ENV must not turn sales' e-mails into files.
  if ((production || isPublicSiteUrl(values.SITE_URL)) && !hasChannel && values.LEADS_DELIVERY !== "store-only") {
    const where = production ? "" : ` for the public site ${values.SITE_URL} (NODE_ENV is not production: e-mails would only be written as previews)`;
    throw new Error(
      `No lead delivery channel is configured${where}: set SMTP_URL and LEADS_NOTIFY_TO, or LEADS_WEBHOOK_URL and LEADS_WEBHOOK_SECRET; or set LEADS_DELIVERY=store-only if leads are only to be stored (read with npm run messages).`,
    );
  }
  // Like the webhook secret: a link sales follow must not be forgeable (the API answers each visitor their lead's
  // public id, so a guessable secret lets them sign their own take link), nor change meaning at each restart. A
  // site on any address but this machine's is a live one, whatever NODE_ENV says.
  if (values.LEADS_LINK_SECRET) {
    const weak = weakSecret(values.LEADS_LINK_SECRET);
    if (weak) throw new Error(`LEADS_LINK_SECRET is too weak: ${weak} (whoever guesses it can take any lead): make one with openssl rand -base64 32.`);
  }
  const live = production || (values.SITE_URL !== undefined && !isLoopbackUrl(values.SITE_URL));
  if (live && !values.LEADS_LINK_SECRET && (values.SMTP_URL || values.LEADS_CHAT_WEBHOOK_URL)) {
    const where = production ? "in production" : `for the site ${values.SITE_URL} (not on this machine, whatever NODE_ENV says)`;
    throw new Error(`LEADS_LINK_SECRET is not set: ${where} the "take this lead" links in sales' e-mails and the chat alert are signed with it, and a secret made per process would break every link at the next restart (at least ${LINK_SECRET_MIN_CHARS} random characters, the same on every instance; e.g. openssl rand -base64 32).`);
  }
  // A window no calendar can close would leave every lead without a due time: refused here, not at each lead.
  const calendar = { hours: values.SALES_HOURS, timeZone: values.COMPANY_TIME_ZONE, holidays: values.SALES_HOLIDAYS };
  let respondBy: Date | undefined;
  try {
    respondBy = responseDeadlines(new Date(), values.SALES_RESPONSE_MINUTES, calendar).respondBy;
  } catch {
    respondBy = undefined;
  }
  if (!respondBy || respondBy.getTime() - Date.now() > MAX_WINDOW_MS) {
    throw new Error(
      `SALES_RESPONSE_MINUTES=${values.SALES_RESPONSE_MINUTES} cannot be met within SALES_HOURS="${env.SALES_HOURS ?? DEFAULT_SALES_HOURS}"${values.SALES_HOLIDAYS.size ? " and SALES_HOLIDAYS" : ""}: a lead arriving now would be due ${respondBy ? `only on ${respondBy.toISOString().slice(0, 10)}` : "never (nor escalated within ten years)"}. Widen the hours or shorten the window (a lead must be due within a year).`,
    );
  }
  if (values.SALES_ESCALATION_TO.length > 0 && !values.SMTP_URL && (production || isPublicSiteUrl(values.SITE_URL))) {
    throw new Error("SALES_ESCALATION_TO is set but SMTP_URL is not: the escalation is an e-mail.");
  }
  // Its origin as the URL standard spells it (scheme and host lower-cased), the one every check and link compares.
  const staffUrl = (values.STAFF_URL ? new URL(values.STAFF_URL).origin : undefined) ?? (typeof values.STAFF_PORT === "number" && values.STAFF_PORT !== 0 ? `http://localhost:${values.STAFF_PORT}` : undefined);
  if (values.STAFF_PORT !== "off") {
    if (production && !values.STAFF_URL) {
      throw new Error("STAFF_URL is not set: in production the staff workspace needs its public address (https://staff.example.com, an origin of its own), which its sign-in links and passkeys are bound to. Or set STAFF_PORT=off to serve no workspace.");
    }
    if (typeof values.STAFF_PORT === "number" && values.STAFF_PORT !== 0 && values.STAFF_PORT === values.PORT) {
      throw new Error(`STAFF_PORT=${values.STAFF_PORT} is also PORT: the workspace needs a port of its own (default 3001), or STAFF_PORT=off.`);
    }
    // Without SITE_URL the site is this server's own address (linkBase below): the workspace's must differ from it too.
    const siteOrigin = values.SITE_URL ? new URL(values.SITE_URL).origin : `http://${values.HOST === "0.0.0.0" || values.HOST === "::" ? "localhost" : values.HOST}:${values.PORT}`;
    if (staffUrl && new URL(staffUrl).origin === new URL(siteOrigin).origin) {
      throw new Error(`STAFF_URL=${staffUrl} is the public site's origin: the workspace must have an origin of its own (another host or port; best another registrable domain), so that no page of the site can act in it.`);
    }
    if (staffUrl && production && new URL(staffUrl).protocol !== "https:" && !isLoopbackUrl(staffUrl)) {
      throw new Error(`STAFF_URL=${staffUrl} must be https:// in production: its session cookie and sign-in links carry access to every lead.`);
    }
  }
  const siteHost = values.SITE_URL ? new URL(values.SITE_URL).hostname : "localhost";
  return {
    ...values,
    leadsFrom: values.LEADS_NOTIFY_FROM ?? `no-reply@${siteHost}`,
    siteUrl: values.SITE_URL?.replace(/\/+$/, ""),
    recaptchaSecret: values.RECAPTCHA_SECRET_KEY ?? RECAPTCHA_TEST_SECRET_KEY,
    usingTestKeys,
    /** Outside production without LEADS_LINK_SECRET, a secret for this process only: its links die with it. */
    linkSecret: values.LEADS_LINK_SECRET ?? ephemeralLinkSecret(),
    /**
     * The workspace's public address (no trailing slash), which sales' e-mails link to; undefined with STAFF_PORT=off,
     * or until a free port is taken (STAFF_PORT=0: server/index.ts sets it once listening, before anything mails).
     */
    staffUrl,
    /** Where the links in sales' e-mails and the chat alert point: SITE_URL, else this server's own address. */
    linkBase: values.SITE_URL?.replace(/\/+$/, "") ?? `http://${values.HOST === "0.0.0.0" || values.HOST === "::" ? "localhost" : values.HOST}:${values.PORT}`,
  };
}

/** The longest a lead may wait for its window's end: a calendar further off than this is a mistake. */
const MAX_WINDOW_MS = 366 * 24 * 3600_000;

// The region prefixes of the IANA database: a name under one follows that place's rules, daylight saving included.
const REGIONS = /^(Africa|America|Antarctica|Arctic|Asia|Atlantic|Australia|Europe|Indian|Pacific)\/[A-Za-z0-9_+-]+(\/[A-Za-z0-9_+-]+)*$/i;

// UTC's other names; GMT is UTC for every time an e-mail gives.
const UTC_NAMES = new Set(["utc", "etc/utc", "gmt", "etc/gmt"]);

/**
 * The zone spelt as its name is ("europe/berlin " → "Europe/Berlin"; GMT → UTC), for the e-mails that name it. Intl's
 * own spelling when it names the same ID; otherwise (ICU resolves Asia/Kolkata to Asia/Calcutta) the name written,
 * each word capitalised. Only for a zone regionZoneProblem accepts.
 */
export function canonicalZone(zone: string): string {
  const trimmed = zone.trim();
  if (UTC_NAMES.has(trimmed.toLowerCase())) return "UTC";
  const resolved = new Intl.DateTimeFormat("en", { timeZone: trimmed }).resolvedOptions().timeZone;
  if (resolved.toLowerCase() === trimmed.toLowerCase()) return resolved;
  return trimmed === trimmed.toLowerCase() || trimmed === trimmed.toUpperCase() ? trimmed.toLowerCase().replace(/(^|[/_-])([a-z])/g, (_, before: string, letter: string) => before + letter.toUpperCase()) : trimmed;
}

/**
 * Why COMPANY_TIME_ZONE cannot be the company's zone, or undefined: it must be UTC or a region's name, in any case.
 * An abbreviation or a legacy name (EST, CET, PST8PDT, US/Eastern, Etc/GMT+5) is a fixed offset or an old rule set
 * that does not follow the region's own (EST never changes to summer time; New York does). Judged on the name
 * written, not Intl's canonical one: recent ICU resolves EST to America/Panama and CET to Europe/Brussels.
 */
export function regionZoneProblem(zone: string): string | undefined {
  const trimmed = zone.trim();
  try {
    checkTimeZone(trimmed);
  } catch {
    return `"${trimmed}" is not a time zone: use a region's name such as Europe/Berlin or America/New_York, or UTC`;
  }
  if (UTC_NAMES.has(trimmed.toLowerCase()) || REGIONS.test(trimmed)) return undefined;
  return `"${trimmed}" is an abbreviation or a legacy name, which does not follow a region's rules (daylight saving): use the region's name, such as America/New_York, Europe/Berlin or America/Los_Angeles, or UTC`;
}

/**
 * Google's always-pass test keys are refused for any public site, not only with NODE_ENV=production: a
 * forgotten NODE_ENV must not ship a contact form that lets every bot through.
 */
export function isPublicSiteUrl(siteUrl: string | undefined): boolean {
  if (!siteUrl) return false;
  let host: string;
  try {
    host = new URL(siteUrl).hostname.toLowerCase();
  } catch {
    return true;
  }
  return !(host === "localhost" || host.endsWith(".localhost") || host === "127.0.0.1" || host === "[::1]");
}

/** A URL on this machine (localhost, 127.0.0.0/8, ::1). */
export function isLoopbackUrl(url: string): boolean {
  const host = new URL(url).hostname.toLowerCase();
  return host === "localhost" || host.endsWith(".localhost") || /^127\.\d+\.\d+\.\d+$/.test(host) || host === "[::1]";
}
