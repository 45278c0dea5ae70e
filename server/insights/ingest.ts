import type { IncomingMessage } from "node:http";
import { Hono, type Context } from "hono";
import { isbot } from "isbot";
import { z } from "zod";
import { cleanAttribution } from "~/lib/attribution-text";
import { clientIp, rateLimitKey, type TrustProxy } from "../http/client-ip";
import { createAddressLimit, type AddressLimit } from "./address-limit";
import type { VisitRecorder } from "./recorder";
import { sourceName } from "./source-name";
import type { VisitorKeys } from "./visitor-key";

/*
 * POST /api/visit: one page view from the site's own pages (app/lib/visit-count.ts). Always answers 204 with
 * nothing in it, counted or not, so the page learns nothing and never waits. Not counted: bots and headless
 * browsers (isbot), a visitor asking not to be tracked (Sec-GPC: 1 or DNT: 1), prefetches and prerenders, and
 * requests that did not come from a page of this site (Sec-Fetch-Site), and past 30 distinct visitor keys per client
 * address and day ("limited": address-limit.ts), and past VIEWS_PER_VISITOR page views of one visitor key in a day
 * ("capped"), so one address adds at most 30 × 200 rows a day. Kept: the path (a page of the site), the referrer's origin, the
 * five utm_* values and the source they name (source-name.ts), a device class, the country and the visitor key;
 * never the IP or
 * the user agent.
 */

export const visitOutcomes = ["counted", "bot", "opted_out", "prefetch", "not_from_site", "invalid", "dropped", "off", "limited", "capped"] as const;
export type VisitOutcome = (typeof visitOutcomes)[number];

const MAX_BODY = 2048;
export const FIELD_MAX = 200;
export const devices = ["phone", "tablet", "desktop"] as const;

// The one attribution cleaning (controls, bidi and zero-width characters out, trimmed), cut to the limit: a
// hostile value is stored harmless and short.
const clean = (value: string) => cleanAttribution(value, FIELD_MAX);
const optionalText = z
  .string()
  .max(FIELD_MAX * 4)
  .optional()
  .transform((value) => (value === undefined ? null : clean(value) || null));

const bodySchema = z.object({
  p: z.string().max(FIELD_MAX * 4),
  e: z.union([z.literal(0), z.literal(1)]).default(0),
  r: optionalText,
  s: optionalText,
  m: optionalText,
  c: optionalText,
  // utm_term and utm_content (issue 36): creatives that differ only in these are told apart.
  t: optionalText,
  n: optionalText,
  d: z.enum(devices),
});

export const NOT_FOUND = "(not found)";
/** How much of a missing path the tables show: enough to recognise a campaign link's typo, not a place to write. */
export const NOT_FOUND_PATH_MAX = 80;

/**
 * A path that is not a page of the site, as the tables show it (issue 36 item 8): "(not found) /the/path", so
 * marketing can fix the link. Already cleaned of control characters; cut short, so made-up paths stay bounded.
 */
export function notFound(path: string): string {
  const shown = path.startsWith("/") ? path.slice(0, NOT_FOUND_PATH_MAX) : "";
  return shown ? `${NOT_FOUND} ${shown}${path.length > NOT_FOUND_PATH_MAX ? "…" : ""}` : NOT_FOUND;
}

/** The origin of an http(s) URL, or null. */
function origin(value: string | null): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === "https:" || url.protocol === "http:" ? url.origin.slice(0, FIELD_MAX) : null;
  } catch {
    return null;
  }
}

// isbot's pattern is long and visitors share a few hundred user agents: each is tested once (bounded memory;
// an agent over 512 characters is not a browser's and is not kept, so made-up ones cannot fill the cache's bytes).
const botVerdicts = new Map<string, boolean>();
function isBotAgent(agent: string): boolean {
  let verdict = botVerdicts.get(agent);
  if (verdict === undefined) {
    verdict = !agent || isbot(agent) || /headless|phantomjs|electron|puppeteer|playwright/i.test(agent);
    if (botVerdicts.size >= 5000) botVerdicts.clear();
    if (agent.length <= 512) botVerdicts.set(agent, verdict);
  }
  return verdict;
}

/** Why a request is not counted, from its headers alone; undefined when it may be. */
export function refusal(header: (name: string) => string | undefined): VisitOutcome | undefined {
  if (isBotAgent(header("user-agent") ?? "")) return "bot";
  if (header("sec-gpc")?.trim() === "1" || header("dnt")?.trim() === "1") return "opted_out";
  if (/prefetch|prerender/i.test(`${header("sec-purpose") ?? ""} ${header("purpose") ?? ""} ${header("x-moz") ?? ""}`)) return "prefetch";
  // Every browser that runs the site's code sends it; a script posting from elsewhere does not, or says so.
  if (header("sec-fetch-site") !== "same-origin") return "not_from_site";
  return undefined;
}

/** Page views counted per visitor key and day: far past any reader's, so made-up paths cannot flood the tables. */
export const VIEWS_PER_VISITOR = 200;
/** Visitor keys held per day (bounded memory); past it, new keys are counted unchecked, as address-limit.ts does. */
const MAX_VIEW_KEYS = 200_000;

export function createViewLimit({ perVisitor = VIEWS_PER_VISITOR, maxKeys = MAX_VIEW_KEYS }: { perVisitor?: number; maxKeys?: number } = {}) {
  let day = "";
  let views = new Map<string, number>();
  return {
    /** Whether one more page view of `visitor` may be counted on `today`. */
    admit(visitor: string, today: string): boolean {
      if (today !== day) {
        day = today;
        views = new Map();
      }
      const seen = views.get(visitor);
      if (seen === undefined && views.size >= maxKeys) return true;
      if ((seen ?? 0) >= perVisitor) return false;
      views.set(visitor, (seen ?? 0) + 1);
      return true;
    },
  };
}
export type ViewLimit = ReturnType<typeof createViewLimit>;

export type VisitApiOptions = {
  enabled: boolean;
  trustProxy: TrustProxy;
  keys: VisitorKeys;
  recorder: VisitRecorder;
  country: (ip: string) => string | null;
  /** Whether a path is a page of the site: anything else is counted as "(not found) /path", cut short (notFound). */
  isPage: (path: string) => boolean;
  onOutcome?: (outcome: VisitOutcome) => void;
  now?: () => Date;
  /** The per-address limit on distinct visitor keys; 30 a day by default. */
  addressLimit?: AddressLimit;
  /** The per-visitor-key limit on page views; VIEWS_PER_VISITOR a day by default. */
  viewLimit?: ViewLimit;
};

export function createVisitApi(given: VisitApiOptions) {
  const options = { ...given, addressLimit: given.addressLimit ?? createAddressLimit(), viewLimit: given.viewLimit ?? createViewLimit() };
  const app = new Hono();
  const answer = (c: Context, outcome: VisitOutcome) => {
    options.onOutcome?.(outcome);
    c.header("Cache-Control", "no-store");
    return c.body(null, 204);
  };
  app.post("/", async (c) => {
    let outcome: VisitOutcome;
    try {
      outcome = await count(c, options);
    } catch {
      outcome = "dropped";
    }
    return answer(c, outcome);
  });
  app.all("/", (c) => {
    c.header("Allow", "POST");
    return c.json({ ok: false, error: "Method not allowed" }, 405);
  });
  return app;
}

/**
 * The body as text, or undefined when it is over MAX_BODY: refused as it arrives, before it is held in memory.
 * Read from Node's own request where there is one: Hono's bodyLimit and a Web Request's stream (its headers, signal
 * and stream adapter) cost a count more than the rest of its work together (decision 34). A body over the limit is
 * left unread and the answer closes the connection, so nothing more of it is read and the next request of that
 * client starts on a clean connection.
 */
async function readBody(c: Context): Promise<string | undefined> {
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  const tooLarge = () => {
    c.header("Connection", "close");
    return undefined;
  };
  if (Number(c.req.header("content-length")) > MAX_BODY) return tooLarge();
  const stream: AsyncIterable<Uint8Array> | null = typeof incoming?.iterator === "function" ? incoming.iterator({ destroyOnReturn: false }) : c.req.raw.body;
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of stream ?? []) {
    size += chunk.length;
    if (size > MAX_BODY) return tooLarge();
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString("utf8");
}

async function count(c: Context, { enabled, trustProxy, keys, recorder, country, isPage, addressLimit, viewLimit, now = () => new Date() }: VisitApiOptions & { addressLimit: AddressLimit; viewLimit: ViewLimit }): Promise<VisitOutcome> {
  if (!enabled) return "off";
  const refused = refusal((name) => c.req.header(name));
  if (refused) return refused;
  const text = await readBody(c);
  if (text === undefined) return "invalid";
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return "invalid";
  }
  const parsed = bodySchema.safeParse(json);
  if (!parsed.success) return "invalid";
  const body = parsed.data;
  const path = clean(body.p.split(/[?#]/)[0] ?? "");
  const ip = clientIp(c, trustProxy) ?? "";
  const at = now();
  const visitor = await keys.key(ip, c.req.header("user-agent") ?? "", at);
  // An IPv6 client is its /48 here: one client can hold a whole /48 (65,536 /64s; 6to4 gives one to any IPv4 address).
  if (!addressLimit.admit(await keys.addressKey(ip ? rateLimitKey(ip, 48) : "", at), visitor, keys.day(at))) return "limited";
  if (!viewLimit.admit(visitor, keys.day(at))) return "capped";
  const entry = body.e === 1;
  const referrer = entry ? origin(body.r) : null;
  const utmSource = entry ? body.s : null;
  const stored = recorder.add({
    at,
    visitor,
    path: path.startsWith("/") && isPage(path) ? path : notFound(path),
    entry,
    // Only the first page of a visit says where it came from.
    referrer,
    // Named here with the rule the query applies to leads (source-name.ts), so a site's visitors are counted once in SQL.
    source: entry ? sourceName({ utmSource, referrer }) : null,
    utmSource,
    utmMedium: entry ? body.m : null,
    utmCampaign: entry ? body.c : null,
    utmTerm: entry ? body.t : null,
    utmContent: entry ? body.n : null,
    country: ip ? country(ip) : null,
    device: body.d,
  });
  return stored ? "counted" : "dropped";
}
