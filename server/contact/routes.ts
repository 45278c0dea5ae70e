import { createHmac, randomBytes, randomUUID } from "node:crypto";
import { Hono, type Context } from "hono";
import { bodyLimit } from "hono/body-limit";
import { utmKeys } from "~/lib/contact-fields";
import { contactLimits, isHoneypotFilled, sourceLimits, validateContact, type ContactField } from "~/lib/contact-schema";
import { clientIp, rateLimitKey } from "../http/client-ip";
import type { ServerConfig } from "../config";
import type { Enqueue, Store, Verification } from "../db/store";
import type { Logger } from "../logger";
import type { Metrics } from "../ops/metrics";
import { deviceClass } from "./device";
import { createRateLimiter, type RateLimiter } from "./rate-limit";
import { UNVERIFIED_WINDOW_MS, createUnverifiedCap } from "./unverified-cap";
import { verifyRecaptcha, type VerifyOutcome } from "./siteverify";
import type { SubmissionOutcome } from "../ops/metrics";

/**
 * The largest body a valid message can make: every text field at its limit at 4 bytes a character (UTF-8 takes
 * 3 for CJK, 4 for an emoji, which counts as 2 characters; JSON's \" and \n take 2), an ASCII reCAPTCHA token
 * and submission id at theirs, the largest source the form sends (paths are ASCII: the browser percent-encodes
 * them; utm values and the referrer are counted at 4 bytes a character), and room for the JSON around them.
 * The form's own limits are never refused as too large.
 */
export const MAX_BODY_BYTES =
  4 * (contactLimits.firstName + contactLimits.lastName + contactLimits.email + contactLimits.company + contactLimits.message) +
  contactLimits.recaptchaToken +
  contactLimits.submissionId +
  sourceLimits.path * (sourceLimits.pages + 1) +
  4 * (utmKeys.length * sourceLimits.utm + sourceLimits.referrer) +
  1536;

export type ContactApiDeps = {
  config: Pick<ServerConfig, "recaptchaSecret" | "RECAPTCHA_VERIFY_URL" | "RECAPTCHA_HOSTNAMES" | "CONTACT_RATE_LIMIT" | "ALLOWED_ORIGINS" | "TRUST_PROXY" | "CONTACT_UNVERIFIED_LIMIT">;
  store: Store;
  log: Logger;
  /** The outbox rows a new lead gets (one per delivery channel); none by default. */
  enqueue?: (lead: { email: string; verification: Verification; createdAt?: string }) => Enqueue[];
  /** A new lead's response deadlines in business time (issue 31): when to remind, when to escalate. */
  deadlines?: (createdAt: string) => { respondBy: string; escalateBy: string } | undefined;
  /** Called once a new lead is committed, so its deliveries start at once. */
  onStored?: () => void;
  rateLimiter?: RateLimiter;
  /** Makes the limiters (accepted messages, all attempts): in memory by default; shared by instances on PostgreSQL (create.ts). */
  createLimiter?: (options: { name: string; limit: number; windowMs?: number }) => RateLimiter;
  verify?: (token: string, remoteIp: string | undefined) => Promise<VerifyOutcome>;
  now?: () => Date;
  /** Counts each POST's outcome (contact_submissions_total). */
  metrics?: Pick<Metrics, "recordSubmission">;
  /** The visitor's country from their address (a lead keeps the country, never the address); none by default. */
  country?: (ip: string) => string | null;
  /**
   * What the rate limits key a client address by: a keyed hash, never the address (on PostgreSQL the limits are
   * rows of a table). By default an HMAC under a random key of this process; create.ts passes one under the day's
   * salt in the database, the same on every instance.
   */
  limitKey?: (address: string) => Promise<string>;
};

/** An HMAC of the address under a random key of this process: enough for limits kept in its own memory. */
function processLimitKey(): (address: string) => Promise<string> {
  const key = randomBytes(32);
  return async (address) => createHmac("sha256", key).update(address).digest("hex").slice(0, 32);
}

type ErrorStatus = 400 | 405 | 413 | 415 | 429 | 503;

const fail = (c: Context, status: ErrorStatus, error: string, field: ContactField | null = null) =>
  c.json({ ok: false, error, field }, status);

/**
 * POST /api/contact: validates a message with the form's own schema, checks the reCAPTCHA token with
 * Google, and stores the message. 201 {ok:true,id} (id: the lead's random public id) is sent only once the
 * row is committed.
 */
export function createContactApi({ config, store, log, enqueue = () => [], deadlines, onStored, rateLimiter, createLimiter = createRateLimiter, verify, now = () => new Date(), metrics, country = () => null, limitKey }: ContactApiDeps): Hono {
  const api = new Hono();
  const count = (outcome: SubmissionOutcome) => metrics?.recordSubmission(outcome);
  const limiter = rateLimiter ?? createLimiter({ limit: config.CONTACT_RATE_LIMIT, name: "contact" });
  // Rejected attempts are not counted above, so a looser cap on all attempts keeps one client from making us
  // call siteverify (and log) without end. Generous: people correcting typos never get near it.
  const attempts = createLimiter({ limit: Math.max(30, config.CONTACT_RATE_LIMIT * 6), name: "contact-attempts" });
  // Shared by every instance on PostgreSQL, like the limits above: several instances must not multiply it.
  const unverifiedCap = createUnverifiedCap(config.CONTACT_UNVERIFIED_LIMIT, createLimiter({ limit: config.CONTACT_UNVERIFIED_LIMIT, windowMs: UNVERIFIED_WINDOW_MS, name: "contact-unverified" }));
  const unavailable = (c: Context, error: unknown) => {
    log.error({ msg: "contact store failed", error: (error as Error).message });
    c.header("Retry-After", "30");
    count("unavailable");
    return fail(c, 503, "We could not store your message right now. Please try again in a moment.");
  };
  // A lead is never refused for its due time: without one it is stored (and the error logged), only not chased.
  const dueTimes = (createdAt: string) => {
    try {
      return deadlines?.(createdAt);
    } catch (error) {
      log.error({ msg: "lead stored without a response deadline", error: (error as Error).message });
      return undefined;
    }
  };
  const allowedOrigins = new Set(config.ALLOWED_ORIGINS.map((origin) => origin.replace(/\/+$/, "")));
  const hostnames = config.RECAPTCHA_HOSTNAMES.map((name) => name.toLowerCase());
  const verifyToken =
    verify ??
    ((token: string, remoteIp: string | undefined) =>
      verifyRecaptcha({ url: config.RECAPTCHA_VERIFY_URL, secret: config.recaptchaSecret, token, remoteIp, hostnames }));

  // Only a valid IP (or nothing, e.g. app.request() in tests: one shared bucket) ever becomes a key or a stored ip.
  const ipOf = (c: Context) => clientIp(c, config.TRUST_PROXY);
  const fallbackKey = processLimitKey();
  // The shared key needs the database: while it cannot be read, this process's key (each instance limits alone).
  const keyOf = async (ip: string | undefined) => {
    const address = ip ? rateLimitKey(ip) : "unknown";
    if (!limitKey) return fallbackKey(address);
    return limitKey(address).catch(() => fallbackKey(address));
  };

  // CORS only for the configured origins; everyone else gets no CORS headers and the browser keeps them out.
  // Same-origin posts and no-cors posts need none.
  api.use(async (c, next) => {
    const origin = c.req.header("origin");
    const allowed = origin !== undefined && allowedOrigins.has(origin);
    if (allowed && c.req.method === "OPTIONS") {
      c.header("Access-Control-Allow-Origin", origin);
      c.header("Access-Control-Allow-Methods", "POST");
      c.header("Access-Control-Allow-Headers", "Content-Type");
      c.header("Access-Control-Max-Age", "600");
      c.header("Vary", "Origin");
      return c.body(null, 204);
    }
    await next();
    if (allowed) c.header("Access-Control-Allow-Origin", origin);
    c.header("Vary", "Origin");
  });

  api.post(
    "/",
    async (c, next) => {
      // Every other outcome is counted where it is decided; an exception reaches here (or Hono's error handler).
      try {
        await next();
      } catch (error) {
        count("error");
        throw error;
      }
      if (c.error) count("error");
    },
    async (c, next) => {
      const type = (c.req.header("content-type") ?? "").split(";")[0]?.trim().toLowerCase();
      // text/plain is what a no-cors fetch sends (the browser drops the JSON type); the body is JSON either way.
      if (type !== "application/json" && type !== "text/plain") {
        count("invalid");
        return fail(c, 415, "Send the message as JSON (Content-Type application/json or text/plain).");
      }
      await next();
    },
    bodyLimit({
      maxSize: MAX_BODY_BYTES,
      onError: (c) => {
        count("invalid");
        return fail(c, 413, `The message is too large (over ${Math.floor(MAX_BODY_BYTES / 1024)} KB).`);
      },
    }),
    async (c) => {
      const ip = ipOf(c);
      const key = await keyOf(ip);
      const attempt = await attempts.reserve(key);
      const slot = attempt.ok ? await limiter.reserve(key) : attempt;
      if (!slot.ok) {
        c.header("Retry-After", String(slot.retryAfterSeconds));
        count("rate_limited");
        return fail(c, 429, "Too many messages from your network. Please wait a minute and try again.");
      }
      let accepted = false;
      try {
        let body: unknown;
        try {
          body = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(await c.req.arrayBuffer()));
        } catch {
          count("invalid");
          return fail(c, 400, "The request body is not valid JSON.");
        }

        // Bots get the same answer as people, so they never learn that the decoy gave them away: a random id
        // shaped like a lead's public id, after a round trip to the database like a real message's.
        if (isHoneypotFilled(body)) {
          try {
            await store.ping();
          } catch (error) {
            // A decoy must fail as a real message would during an outage: the documented 503, never a 500.
            return unavailable(c, error);
          }
          accepted = true;
          log.info({ msg: "contact honeypot", stored: false });
          count("spam");
          return c.json({ ok: true, id: randomUUID() }, 201);
        }

        const input = validateContact(body);
        if (!input.ok) {
          count("invalid");
          return fail(c, 400, input.error, input.field);
        }

        const outcome = await verifyToken(input.data.recaptchaToken, ip);
        if (outcome.kind === "rejected") {
          log.info({ msg: "contact recaptcha rejected", reason: outcome.reason });
          count("captcha_failed");
          return fail(c, 400, "The reCAPTCHA check failed or expired. Please complete the reCAPTCHA again and resend.", "recaptchaToken");
        }
        // Google's outage must not cost us a lead: keep the message, flagged, and let a person judge it.
        const verification: Verification = outcome.kind === "verified" ? "verified" : "unverified";
        if (outcome.kind === "unavailable") {
          (outcome.configError ? log.error : log.warn)({ msg: "contact recaptcha unavailable", reason: outcome.reason });
          const capped = await unverifiedCap(c);
          if (capped) {
            count("unavailable");
            return capped;
          }
        }

        // A source that fails the schema is left out: it never costs the lead.
        if (input.sourceProblem) log.debug?.({ msg: "contact source dropped", reason: input.sourceProblem });
        const { firstName, lastName, email, company, message, submissionId } = input.data;
        // A browser asking not to be tracked (Global Privacy Control, Do Not Track) sends no source; a request that
        // still does (another client, an old page) has it dropped here: the lead keeps what was typed, the country
        // and the device class (decision 36).
        const optedOut = c.req.header("sec-gpc")?.trim() === "1" || c.req.header("dnt")?.trim() === "1";
        const source = optedOut ? null : input.data.source;
        let id: number;
        let publicId: string;
        let created: boolean;
        const createdAt = now().toISOString();
        try {
          const stored = await store.insertLead(
            {
              firstName,
              lastName,
              email,
              company,
              message,
              submissionId,
              createdAt,
              country: ip ? country(ip) : null,
              device: deviceClass(c.req.header("user-agent")),
              verification,
              verificationNote: outcome.kind === "unavailable" ? outcome.reason : null,
              source,
              ...dueTimes(createdAt),
            },
            enqueue({ email, verification, createdAt }),
          );
          ({ id, publicId, created } = stored);
          if (created) onStored?.();
        } catch (error) {
          return unavailable(c, error);
        }
        accepted = true;
        count(created ? "accepted" : "duplicate");
        log.info({ msg: "contact stored", id, verification });
        // The lead's public id, never the row id: sequential ids would tell anyone how many leads come in.
        return c.json({ ok: true, id: publicId }, 201);
      } finally {
        if (!accepted) await slot.release();
      }
    },
  );

  api.all("/", (c) => {
    c.header("Allow", allowedOrigins.size > 0 ? "POST, OPTIONS" : "POST");
    return fail(c, 405, "Method not allowed: send the message with POST.");
  });

  return api;
}
