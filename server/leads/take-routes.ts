import { Hono, type Context } from "hono";
import { bodyLimit } from "hono/body-limit";
import type { Enqueue, Lead, Store } from "../db/store";
import type { Logger } from "../logger";
import { businessMsBetween, type Calendar } from "./business-hours";
import { TAKE_PAGE_POLICY, cleanName, notFoundPage, refusedPage, takePage } from "./take-page";
import { readTakeToken } from "./take-token";
import { leadReference } from "../delivery/lead-text";

/*
 * GET and POST /leads/take/<token>. A GET only reads (mail scanners open every link): the page. A POST from this
 * site's own page records the name: once, or over the current take with "Take it over". A POST from another
 * origin (Origin or Sec-Fetch-Site) changes nothing.
 */

export type TakeRoutesDeps = {
  store: Pick<Store, "findLeads" | "takeLead">;
  log: Logger;
  linkSecret: string;
  /** The site's public origin (SITE_URL), accepted as a form's Origin besides the request's own. */
  siteOrigin?: string;
  timeZone: string;
  calendar: Calendar;
  /** The lead.taken webhook's outbox row for a take, when the webhook is configured. */
  takeEvent?: () => Enqueue | undefined;
  /** A take was recorded: its event can go now. */
  onTaken?: () => void;
  /** The business time from a lead to its first take (lead_business_seconds_to_take). */
  recordTake?: (businessSeconds: number) => void;
  now?: () => Date;
};

const minutesToTake = (lead: Lead, calendar: Calendar) =>
  lead.firstTakenAt ? businessMsBetween(new Date(lead.createdAt), new Date(lead.firstTakenAt), calendar) / 60_000 : null;

function send(c: Context, html: string, status: 200 | 400 | 403 | 404 | 409) {
  c.header("Content-Type", "text/html; charset=utf-8");
  c.header("Cache-Control", "no-store");
  c.header("Content-Security-Policy", TAKE_PAGE_POLICY);
  // The token is in the URL: no Referer carries it to another site, and no search engine keeps the page. (Not
  // no-referrer: a browser then sends "Origin: null" with the page's own form, which is refused below.)
  c.header("Referrer-Policy", "same-origin");
  c.header("X-Robots-Tag", "noindex, nofollow");
  return c.req.method === "HEAD" ? c.body(null, status) : c.body(html, status);
}

/** A form from this site: a browser says where a POST comes from (Sec-Fetch-Site, Origin); one from elsewhere is refused. */
function fromThisSite(c: Context, siteOrigin: string | undefined): boolean {
  const fetchSite = c.req.header("sec-fetch-site");
  if (fetchSite && fetchSite !== "same-origin") return false;
  const origin = c.req.header("origin");
  if (origin === undefined) return true;
  return origin === new URL(c.req.url).origin || (siteOrigin !== undefined && origin === siteOrigin);
}

export function createTakeRoutes({ store, log, linkSecret, siteOrigin, timeZone, calendar, takeEvent, onTaken, recordTake, now = () => new Date() }: TakeRoutesDeps): Hono {
  const app = new Hono();

  const leadOf = async (token: string): Promise<Lead | undefined> => {
    const publicId = readTakeToken(token, linkSecret);
    return publicId ? (await store.findLeads(publicId))[0] : undefined;
  };

  app.on(["GET", "HEAD"], "/:token", async (c) => {
    const lead = await leadOf(c.req.param("token"));
    if (!lead) return send(c, notFoundPage(), 404);
    // After a take the POST redirects here (so a reload or Back does not send the form again): say what happened.
    const done = c.req.query("done");
    const notice = lead.takenBy && done === "taken" ? `Taken: it is yours, ${lead.takenBy}.` : lead.takenBy && done === "takeover" ? `You have taken it over, ${lead.takenBy}.` : undefined;
    return send(c, takePage({ lead, timeZone, businessMinutesToTake: minutesToTake(lead, calendar), notice }), 200);
  });

  app.post(
    "/:token",
    bodyLimit({ maxSize: 4096, onError: (c) => send(c, notFoundPage(), 400) }),
    async (c) => {
      if (!fromThisSite(c, siteOrigin)) {
        log.warn({ msg: "lead take refused: form from another origin", origin: c.req.header("origin") ?? null, fetchSite: c.req.header("sec-fetch-site") ?? null });
        return send(c, refusedPage(), 403);
      }
      const lead = await leadOf(c.req.param("token"));
      if (!lead) return send(c, notFoundPage(), 404);
      const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
      const takeover = form.action === "takeover";
      const cleaned = cleanName(form.name);
      if (!cleaned.ok) return send(c, takePage({ lead, timeZone, businessMinutesToTake: minutesToTake(lead, calendar), error: cleaned.error, name: typeof form.name === "string" ? form.name.slice(0, 200) : "" }), 400);
      // A take-over by the person who has it already (a double click, a form sent twice) changes nothing.
      if (takeover && lead.takenBy === cleaned.name) return c.redirect(`${c.req.path}?done=takeover`, 303);
      const takenAt = now().toISOString();
      const recorded = await store.takeLead(lead.id, { takenBy: cleaned.name, takenAt, takeover, event: takeEvent?.() });
      const [after] = await store.findLeads(String(lead.id));
      if (!after) return send(c, notFoundPage(), 404);
      if (!recorded) {
        // Someone took it first (or in the same moment): nothing changed, and the page says who.
        return send(c, takePage({ lead: after, timeZone, businessMinutesToTake: minutesToTake(after, calendar), notice: `Already taken by ${after.takenBy} (nothing changed). If you are answering it instead, take it over.`, name: cleaned.name }), 409);
      }
      log.info({ msg: "lead taken", lead: lead.id, takeover: (after.takes?.length ?? 0) > 1 });
      const first = (after.takes?.length ?? 0) === 1;
      if (first && after.firstTakenAt) recordTake?.(businessMsBetween(new Date(after.createdAt), new Date(after.firstTakenAt), calendar) / 1000);
      onTaken?.();
      // Post/redirect/get: a reload of the answer is a GET, which changes nothing.
      return c.redirect(`${c.req.path}?done=${takeover && !first ? "takeover" : "taken"}`, 303);
    },
  );

  app.all("/:token", (c) => {
    c.header("Allow", "GET, HEAD, POST");
    return c.text("Method Not Allowed", 405);
  });
  app.all("*", (c) => send(c, notFoundPage(), 404));
  return app;
}

/**
 * Issue 37: with the staff workspace, taking happens there, as the signed-in person. Links already mailed under
 * /leads/take/<token> keep working: a valid token answers a redirect to the lead's page in the workspace
 * (STAFF_URL/leads/<REFERENCE>), where a person not signed in signs in first; a POST (the old page's form) takes
 * nothing and goes to the same place. Anything else: the 404 page.
 */
export function createTakeRedirect({ store, linkSecret, staffUrl }: { store: Pick<Store, "findLeads">; linkSecret: string; staffUrl: () => string | undefined }): Hono {
  const app = new Hono();
  const target = async (token: string) => {
    const publicId = readTakeToken(token, linkSecret);
    const lead = publicId ? (await store.findLeads(publicId))[0] : undefined;
    const base = staffUrl();
    return lead && base ? `${base}/leads/${leadReference(lead)}` : undefined;
  };
  app.on(["GET", "HEAD", "POST"], "/:token", async (c) => {
    const to = await target(c.req.param("token"));
    if (!to) return send(c, notFoundPage(), 404);
    c.header("Cache-Control", "no-store");
    c.header("Referrer-Policy", "same-origin");
    c.header("X-Robots-Tag", "noindex, nofollow");
    return c.redirect(to, 303);
  });
  app.all("/:token", (c) => {
    c.header("Allow", "GET, HEAD, POST");
    return c.text("Method Not Allowed", 405);
  });
  app.all("*", (c) => send(c, notFoundPage(), 404));
  return app;
}
