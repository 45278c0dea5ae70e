// @vitest-environment node
import { afterEach, describe, expect, it } from "vitest";
import { bothEngines, quietLog, sampleMessage } from "../../test/support/store-engines";
import type { Store } from "../db/store";
import { parseTrustProxy } from "../http/client-ip";
import { createVisitApi, type VisitApiOptions, type VisitOutcome } from "./ingest";
import { period } from "./period";
import { parseSalesHours, type Calendar } from "../leads/business-hours";
import { insightsFor, type Row } from "./query";
import { createVisitRecorder } from "./recorder";
import { insightsStorage, type InsightsStorage, type Visit } from "./storage";
import { createVisitorKeys, SALT_LIFETIME_MS } from "./visitor-key";
import { sendDueReports, startReportSchedule } from "./weekly-report";

/*
 * Counting on both engines, no mocks: the daily salt and its deletion (clock injected), the refusals, the
 * batch writer, the join to the leads, and the weekly report's once-per-week outbox.
 */

const engines = bothEngines("insights-db-");
const stores: Store[] = [];
afterEach(async () => {
  for (const store of stores.splice(0)) await store.close();
});

const browser = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36";
const pageHeaders = { "user-agent": browser, "sec-fetch-site": "same-origin", "content-type": "text/plain;charset=UTF-8", "x-forwarded-for": "81.2.69.142" };

// Sales' hours for the time to take (business-hours.ts): Monday to Friday, 09:00 to 18:00 in Berlin.
const calendar: Calendar = { hours: parseSalesHours("Mon-Fri 09:00-18:00"), timeZone: "Europe/Berlin", holidays: new Set() };

/** The visit API on a storage, behind a trusted loopback proxy, with its outcomes collected. */
function countingApi(storage: InsightsStorage, { country, isPage }: Pick<VisitApiOptions, "country" | "isPage">) {
  const outcomes: VisitOutcome[] = [];
  const recorder = createVisitRecorder({ storage, log: quietLog, flushMs: 10 });
  const api = createVisitApi({
    enabled: true,
    trustProxy: parseTrustProxy("loopback"),
    keys: createVisitorKeys(storage, { site: "x" }),
    recorder,
    country,
    isPage,
    onOutcome: (outcome) => outcomes.push(outcome),
  });
  return { api, recorder, outcomes };
}

const visit = (over: Partial<Visit> = {}): Visit => ({
  at: new Date("2026-11-18T10:00:00Z"),
  visitor: "v1",
  path: "/",
  entry: true,
  referrer: null,
  source: null,
  utmSource: null,
  utmMedium: null,
  utmCampaign: null,
  utmTerm: null,
  utmContent: null,
  country: null,
  device: "desktop",
  ...over,
});

/** A table's rows without the outcome figures (tested on their own below). */
const brief = (rows: Row[]) => rows.map(({ conversionRate: _rate, won: _won, lost: _lost, inProgress: _open, ...rest }) => rest);

describe.each(Object.keys(engines) as (keyof typeof engines)[])("insights on %s", (engine) => {
  const open = async () => {
    const store = await engines[engine]();
    stores.push(store);
    return { store, storage: insightsStorage(store) };
  };

  it("keys a visitor with the day's random salt, shared by every instance, and deletes that salt after 48 hours", async () => {
    const { storage } = await open();
    let clock = new Date("2026-11-18T09:00:00Z");
    const a = createVisitorKeys(storage, { site: "https://example.com", now: () => clock });
    const b = createVisitorKeys(storage, { site: "https://example.com", now: () => clock });
    const key = await a.key("81.2.69.142", browser);
    expect(key).toMatch(/^[0-9a-f]{16}$/);
    // Another instance on the same database makes the same key; another day, another key.
    expect(await b.key("81.2.69.142", browser)).toBe(key);
    expect(await a.key("81.2.69.142", browser, new Date("2026-11-19T09:00:00Z"))).not.toBe(key);
    const salt = await storage.saltFor("2026-11-18", clock);

    clock = new Date(clock.getTime() + SALT_LIFETIME_MS - 60_000);
    expect(await a.expire()).toBe(0);
    clock = new Date(clock.getTime() + 2 * 60_000);
    expect(await a.expire()).toBe(1);
    // The day's salt is gone: asking for it again makes a new one, so the old key cannot be made again.
    expect(await storage.saltFor("2026-11-18", clock)).not.toBe(salt);
    const fresh = createVisitorKeys(storage, { site: "https://example.com", now: () => new Date("2026-11-18T12:00:00Z") });
    expect(await fresh.key("81.2.69.142", browser)).not.toBe(key);
  });

  it("changes the salt at midnight in the company's time zone, not UTC: a Los Angeles visit across 16:00 is one visitor", async () => {
    const { storage } = await open();
    const la = createVisitorKeys(storage, { site: "https://example.com", timeZone: "America/Los_Angeles" });
    // 15:30 and 16:30 in Los Angeles (PST, UTC-8), on either side of UTC midnight: one company day, one key.
    const before = await la.key("81.2.69.142", browser, new Date("2026-11-18T23:30:00Z"));
    expect(await la.key("81.2.69.142", browser, new Date("2026-11-19T00:30:00Z"))).toBe(before);
    expect(la.day(new Date("2026-11-19T00:30:00Z"))).toBe("2026-11-18");
    // Midnight in Los Angeles (08:00 UTC) is where the key changes.
    expect(await la.key("81.2.69.142", browser, new Date("2026-11-19T07:59:00Z"))).toBe(before);
    expect(await la.key("81.2.69.142", browser, new Date("2026-11-19T08:01:00Z"))).not.toBe(before);
    // Another instance in the same zone makes the same key (the salt is the database's, per company day).
    const other = createVisitorKeys(storage, { site: "https://example.com", timeZone: "America/Los_Angeles" });
    expect(await other.key("81.2.69.142", browser, new Date("2026-11-18T20:00:00Z"))).toBe(before);
    // The hourly sweep deletes a salt within 48 hours of its making, and never during its day (at most 25 hours).
    expect(SALT_LIFETIME_MS + 3600_000).toBeLessThanOrEqual(48 * 3600_000);
    expect(SALT_LIFETIME_MS).toBeGreaterThan(25 * 3600_000);
  });

  it("counts a page view from a page of the site, and refuses bots, headless browsers, GPC, DNT, prefetches and other sites", async () => {
    const { storage } = await open();
    const { api, recorder, outcomes } = countingApi(storage, {
      country: (ip) => (ip === "81.2.69.142" ? "GB" : null),
      isPage: (path) => path === "/" || path === "/services/cloud",
    });
    const post = (headers: Record<string, string>, body: unknown = { p: "/", e: 1, r: "https://news.example/a?b=c", s: "news", m: "email", c: "launch", d: "phone" }) =>
      api.request("/", { method: "POST", headers, body: typeof body === "string" ? body : JSON.stringify(body) }, { incoming: { socket: { remoteAddress: "127.0.0.1" } } });

    expect((await post(pageHeaders)).status).toBe(204);
    const refused = [
      { ...pageHeaders, "user-agent": "Googlebot/2.1 (+http://www.google.com/bot.html)" },
      { ...pageHeaders, "user-agent": browser.replace("Chrome/", "HeadlessChrome/") },
      { ...pageHeaders, "user-agent": "" },
      { ...pageHeaders, "sec-gpc": "1" },
      { ...pageHeaders, dnt: "1" },
      { ...pageHeaders, "sec-purpose": "prefetch;prerender" },
      { ...pageHeaders, purpose: "prefetch" },
      { ...pageHeaders, "sec-fetch-site": "cross-site" },
      Object.fromEntries(Object.entries(pageHeaders).filter(([name]) => name !== "sec-fetch-site")),
    ];
    for (const headers of refused) expect((await post(headers)).status).toBe(204);
    // Hostile values: a made-up path, control characters and a huge campaign, a body that is not JSON.
    await post(pageHeaders, { p: "/wp-admin/../../etc/passwd", e: 0, d: "desktop" });
    await post(pageHeaders, { p: "/", e: 1, s: `x\u001b[2J${"y".repeat(500)}`, d: "desktop" });
    // Bidi overrides and zero-width characters go too (the one attribution cleaning, app/lib/attribution-text.ts).
    await post(pageHeaders, { p: "/", e: 1, s: "\u202Eelgoog\u200B", m: "\u2066cpc\uFEFF", c: "b\u200Drand", d: "desktop" });
    await post(pageHeaders, "not json");
    await post(pageHeaders, { p: "/".repeat(5000), d: "desktop" });
    expect(outcomes).toEqual(["counted", "bot", "bot", "bot", "opted_out", "opted_out", "prefetch", "prefetch", "not_from_site", "not_from_site", "counted", "counted", "counted", "invalid", "invalid"]);
    await recorder.flush();

    const counts = await storage.counts(new Date(Date.now() - 60_000), new Date(Date.now() + 60_000));
    expect(counts.pageviews).toBe(4);
    // A missing page is named (issue 36 item 8).
    expect(counts.tables.pages.map((row) => row.name).sort()).toEqual(["(not found) /wp-admin/../../etc/passwd", "/"]);
    // The source is the campaign's utm_source, lower-cased, whatever the referrer (issue 36 item 1).
    expect(counts.tables.sources.map((row) => row.name).sort()).toEqual(["elgoog", "news", `x[2j${"y".repeat(196)}`]);
    expect(counts.tables.campaigns.map((row) => row.name)).toContain("news\u001femail\u001flaunch\u001f\u001f");
    // Bidi overrides and zero-width characters are gone (issue 36 item 13).
    expect(counts.tables.campaigns.map((row) => row.name)).toContain("elgoog\u001fcpc\u001fbrand\u001f\u001f");
    const hostile = counts.tables.campaigns.find((row) => row.name.startsWith("x"))!;
    expect(hostile.name).toBe(`x[2j${"y".repeat(196)}\u001f\u001f\u001f\u001f`);
    expect(counts.tables.countries).toEqual([{ name: "GB", visitors: 1, pageviews: 4 }]);
    expect(counts.tables.devices.map((row) => row.name).sort()).toEqual(["desktop", "phone"]);
  });

  it("counts at most 30 distinct visitors per client address and company day; the rest are refused as limited", async () => {
    const { storage } = await open();
    const { api, recorder, outcomes } = countingApi(storage, { country: () => null, isPage: () => true });
    const post = (agent: string, forwardedFor = "81.2.69.142") =>
      api.request("/", { method: "POST", headers: { ...pageHeaders, "user-agent": agent, "x-forwarded-for": forwardedFor }, body: JSON.stringify({ p: "/", e: 1, s: "attack", d: "desktop" }) }, { incoming: { socket: { remoteAddress: "127.0.0.1" } } });
    for (let i = 0; i < 40; i++) await post(browser.replace("140.0.0.0", `140.0.${i}.0`));
    // A visitor already counted goes on counting; another address is counted; an IPv6 client is its /48, so
    // walking its /64s (a 6to4 client holds 65,536) gains nothing.
    await post(browser.replace("140.0.0.0", "140.0.0.0"));
    await post(browser, "81.2.69.143");
    for (let i = 0; i < 31; i++) await post(browser.replace("140.0.0.0", `140.0.${i}.0`), `2001:db8:1:${(i + 1).toString(16)}::1`);
    await recorder.flush();
    expect(outcomes.filter((outcome) => outcome === "counted")).toHaveLength(30 + 1 + 1 + 30);
    expect(outcomes.filter((outcome) => outcome === "limited")).toHaveLength(10 + 1);
    const counts = await storage.counts(new Date(Date.now() - 60_000), new Date(Date.now() + 60_000));
    expect(counts.visitors).toBe(61);
  });

  it("counts at most 200 page views per visitor key and day; past them they are refused as capped", async () => {
    const { storage } = await open();
    const { api, recorder, outcomes } = countingApi(storage, { country: () => null, isPage: () => false });
    const post = (agent: string, i: number) =>
      api.request("/", { method: "POST", headers: { ...pageHeaders, "user-agent": agent }, body: JSON.stringify({ p: `/made-up-${i}`, e: 1, c: `c${i}`, d: "desktop" }) }, { incoming: { socket: { remoteAddress: "127.0.0.1" } } });
    for (let i = 0; i < 205; i++) await post(browser, i);
    // Another visitor key of the same address has its own 200.
    await post(browser.replace("140.0.0.0", "140.0.1.0"), 999);
    await recorder.flush();
    expect(outcomes.filter((outcome) => outcome === "counted")).toHaveLength(200 + 1);
    expect(outcomes.filter((outcome) => outcome === "capped")).toHaveLength(5);
    const counts = await storage.counts(new Date(Date.now() - 60_000), new Date(Date.now() + 60_000));
    expect(counts.pageviews).toBe(201);
  });

  it("refuses a chunked body over 2,048 bytes as it arrives, without reading it whole", async () => {
    const { storage } = await open();
    const { api, recorder, outcomes } = countingApi(storage, { country: () => null, isPage: () => true });
    // 30 MB announced by nothing (no Content-Length): only what the server pulls is ever made.
    let pulled = 0;
    const chunk = new TextEncoder().encode(`{"p":"/","d":"phone","c":"${"x".repeat(1000)}`);
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += chunk.length;
        if (pulled > 30_000_000) controller.close();
        else controller.enqueue(chunk);
      },
    });
    const response = await api.request("/", { method: "POST", headers: pageHeaders, body, duplex: "half" } as RequestInit, { incoming: { socket: { remoteAddress: "127.0.0.1" } } });
    expect(response.status).toBe(204);
    expect(outcomes).toEqual(["invalid"]);
    expect(pulled).toBeLessThan(64 * 1024);
    await recorder.flush();
    expect((await storage.counts(new Date(Date.now() - 60_000), new Date(Date.now() + 60_000))).pageviews).toBe(0);
  });

  it("joins the leads of the period to the landing page, source and campaign of their visit", async () => {
    const { store, storage } = await open();
    await storage.insertVisits([
      visit({ visitor: "a", path: "/", referrer: "https://news.example", utmSource: "news", utmMedium: "email", utmCampaign: "launch", country: "GB", device: "phone" }),
      visit({ visitor: "a", path: "/services/cloud", entry: false, country: "GB", device: "phone" }),
      visit({ visitor: "b", path: "/services/cloud", referrer: null }),
      visit({ visitor: "c", at: new Date("2026-11-10T10:00:00Z") }),
    ]);
    await store.insertLead(
      { ...sampleMessage, createdAt: "2026-11-18T11:00:00.000Z", source: { landingPage: "/", referrer: "https://news.example", utm: { source: "news", medium: "email", campaign: "launch" }, pages: ["/", "/services/cloud"] } },
      [],
    );
    await store.insertLead({ ...sampleMessage, email: "b@example.com", createdAt: "2026-11-12T11:00:00.000Z" }, []);
    const insights = await insightsFor(period("2026-11-16", "2026-11-22", "Europe/Berlin"), { storage, timeZone: "Europe/Berlin", calendar });
    expect(insights).toMatchObject({ from: "2026-11-16", to: "2026-11-22", visitors: 2, pageviews: 3, leads: 1, conversionRate: 0.5 });
    expect(insights.previous).toEqual({
      from: "2026-11-09",
      to: "2026-11-15",
      visitors: 1,
      pageviews: 1,
      leads: 1,
      conversionRate: 1,
      won: 0,
      lost: 0,
      inProgress: 1,
      leftOut: { spam: 0, duplicate: 0 },
      leadsTaken: 0,
      medianMinutesToTake: null,
      leadsNotTaken: 1,
    });
    expect(brief(insights.landingPages)).toEqual([
      { name: "/", visitors: 1, pageviews: 1, leads: 1 },
      { name: "/services/cloud", visitors: 1, pageviews: 1, leads: 0 },
    ]);
    // Counts stored before ingest named sources (no `source`) are named in the query, as their leads are.
    expect(brief(insights.sources)).toEqual([
      { name: "news", visitors: 1, leads: 1 },
      { name: "Direct", visitors: 1, leads: 0 },
    ]);
    expect(brief(insights.campaigns)).toEqual([{ name: "news / email / launch", visitors: 1, leads: 1, utm: { source: "news", medium: "email", campaign: "launch", term: "", content: "" } }]);
    // A lead counts for every page its visit read, and for its country and device.
    expect(brief(insights.pages)).toEqual([
      { name: "/services/cloud", visitors: 2, pageviews: 2, leads: 1 },
      { name: "/", visitors: 1, pageviews: 1, leads: 1 },
    ]);
    expect(brief(insights.countries)).toEqual([
      { name: "GB", visitors: 1, leads: 1 },
      { name: "Unknown", visitors: 1, leads: 0 },
    ]);
    expect(brief(insights.devices)).toEqual([
      { name: "desktop", visitors: 1, leads: 1 },
      { name: "phone", visitors: 1, leads: 0 },
    ]);
  });

  it("counts a visit under its utm_source or referrer's site, Google as one row, and keeps utm_term and utm_content apart (issue 36 items 1, 8)", async () => {
    const { store, storage } = await open();
    const { api, recorder } = countingApi(storage, { country: () => null, isPage: (path) => path === "/" || path === "/services/cloud" });
    const post = (ip: string, body: Record<string, unknown>) =>
      api.request("/", { method: "POST", headers: { ...pageHeaders, "x-forwarded-for": ip }, body: JSON.stringify({ p: "/", e: 1, d: "phone", ...body }) }, { incoming: { socket: { remoteAddress: "127.0.0.1" } } });
    await post("81.2.69.1", { s: "google", m: "cpc", c: "brand", t: "crm software", n: "ad-a" });
    await post("81.2.69.2", { r: "https://www.google.de/search?q=x" });
    await post("81.2.69.3", { r: "http://www.google.com" });
    await post("81.2.69.4", { s: "google", m: "cpc", c: "brand", t: "crm software", n: "ad-b" });
    // A newsletter link opened in a mail app: no referrer, but it says where it came from.
    await post("81.2.69.5", { s: "Newsletter", m: "email", c: "november" });
    await post("81.2.69.6", {});
    await post("81.2.69.7", { p: "/black-friday" + "x".repeat(200), s: "partner" });
    await recorder.flush();
    await store.insertLead({ ...sampleMessage, createdAt: new Date().toISOString(), source: { landingPage: "/", utm: { source: "newsletter", medium: "email", campaign: "november" }, pages: ["/"] } }, []);
    await store.insertLead(
      { ...sampleMessage, email: "g@example.com", createdAt: new Date().toISOString(), source: { landingPage: "/blak-friday", referrer: "https://www.google.com", pages: ["/blak-friday"] } },
      [],
    );
    const today = new Date().toISOString().slice(0, 10);
    const site = { isPage: (path: string) => path === "/" || path === "/services/cloud", title: (path: string) => (path === "/" ? "Home" : undefined) };
    const insights = await insightsFor(period(today, today, "UTC"), { storage, timeZone: "UTC", calendar, site });
    expect(brief(insights.sources)).toEqual([
      { name: "Google", visitors: 4, leads: 1 },
      { name: "newsletter", visitors: 1, leads: 1 },
      { name: "Direct", visitors: 1, leads: 0 },
      { name: "partner", visitors: 1, leads: 0 },
    ]);
    expect(insights.campaigns.map(({ name, visitors, leads }) => [name, visitors, leads])).toEqual([
      ["newsletter / email / november", 1, 1],
      ["google / cpc / brand (term: crm software, content: ad-a)", 1, 0],
      ["google / cpc / brand (term: crm software, content: ad-b)", 1, 0],
      ["partner / - / -", 1, 0],
    ]);
    expect(insights.campaigns[2]!.utm).toEqual({ source: "google", medium: "cpc", campaign: "brand", term: "crm software", content: "ad-b" });
    // The missing page is named, cut short; the lead's landing page that is no page of the site is shown as not found.
    expect(brief(insights.landingPages)).toEqual([
      { name: "/", title: "Home", visitors: 6, pageviews: 6, leads: 1 },
      { name: `(not found) /black-friday${"x".repeat(67)}…`, visitors: 1, pageviews: 1, leads: 0 },
      { name: "(not found) /blak-friday", visitors: 0, pageviews: 0, leads: 1 },
    ]);
  });

  it("counts the period's leads taken and not, and the median business time to their first take", async () => {
    const { store, storage } = await open();
    const lead = async (createdAt: string, ...takes: [string, string, boolean?][]) => {
      const { id } = await store.insertLead({ ...sampleMessage, email: `${createdAt.replace(/\W/g, "")}@example.com`, createdAt }, []);
      for (const [takenBy, takenAt, takeover = false] of takes) expect(await store.takeLead(id, { takenBy, takenAt, takeover })).toBe(true);
    };
    // The week of Monday 16 November (Berlin, UTC+1; 09:00-18:00 there is 08:00-17:00 UTC).
    await lead("2026-11-18T11:00:00.000Z", ["Ada", "2026-11-18T12:20:00.000Z"]); // Wednesday: 80 min
    await lead("2026-11-19T10:00:00.000Z", ["Ada", "2026-11-19T10:10:00.000Z"], ["Bob", "2026-11-19T16:00:00.000Z", true]); // 10 min to the first take; the take-over counts not
    await lead("2026-11-20T16:30:00.000Z", ["Bob", "2026-11-23T08:30:00.000Z"]); // Friday 17:30 to Monday 09:30: 30 + 30 min, not the weekend's 64 h
    await lead("2026-11-22T20:00:00.000Z"); // Sunday 21:00, not taken
    await lead("2026-11-16T07:00:00.000Z"); // Monday 08:00, not taken
    // Outside the week: the week after (taken) and the week before (two taken: 30 and 60 min, median 45).
    await lead("2026-11-22T23:00:00.000Z", ["Ada", "2026-11-23T08:01:00.000Z"]);
    await lead("2026-11-12T10:00:00.000Z", ["Ada", "2026-11-12T10:30:00.000Z"]);
    await lead("2026-11-13T10:00:00.000Z", ["Ada", "2026-11-13T11:00:00.000Z"]);
    const insights = await insightsFor(period("2026-11-16", "2026-11-22", "Europe/Berlin"), { storage, timeZone: "Europe/Berlin", calendar });
    expect(insights).toMatchObject({ leads: 5, leadsTaken: 3, medianMinutesToTake: 60, leadsNotTaken: 2 });
    expect(insights.previous).toMatchObject({ leads: 2, leadsTaken: 2, medianMinutesToTake: 45, leadsNotTaken: 0 });
    // None taken: no median (JSON null), and every lead is not taken.
    const after = await insightsFor(period("2026-11-23", "2026-11-29", "Europe/Berlin"), { storage, timeZone: "Europe/Berlin", calendar });
    expect(after).toMatchObject({ leads: 1, leadsTaken: 1, medianMinutesToTake: 1, leadsNotTaken: 0 });
    const empty = await insightsFor(period("2026-10-01", "2026-10-07", "Europe/Berlin"), { storage, timeZone: "Europe/Berlin", calendar });
    expect(empty).toMatchObject({ leads: 0, leadsTaken: 0, medianMinutesToTake: null, leadsNotTaken: 0 });
  });

  it("keeps campaigns apart whose values joined with \" / \" would read the same", async () => {
    const { storage } = await open();
    await storage.insertVisits([visit({ visitor: "d", utmSource: "a / b", utmMedium: "c" }), visit({ visitor: "e", utmSource: "a", utmMedium: "b / c" })]);
    const insights = await insightsFor(period("2026-11-16", "2026-11-22", "UTC"), { storage, timeZone: "UTC", calendar });
    expect(insights.campaigns.map(({ name, visitors }) => ({ name, visitors }))).toEqual([
      { name: "a / b / c / -", visitors: 1 },
      { name: "a / b / c / -", visitors: 1 },
    ]);
  });

  it("schedules no report for a week that ended before the first count, and none with counting off", async () => {
    const { store, storage } = await open();
    const sent: string[] = [];
    const deps = { storage, store, settings: { to: ["m@example.com"], from: "no-reply@example.com", timeZone: "UTC", siteName: "Site", calendar }, send: async () => void sent.push("mail"), log: quietLog };
    // A fresh install started on Wednesday 25 November: last week's report is due, but nothing was counted then.
    const wednesday = () => new Date("2026-11-25T09:00:00Z");
    await startReportSchedule(deps, { now: wednesday })();
    expect(await storage.report("2026-11-16")).toBeNull();
    // Counts made on Wednesday, then the next Monday: that week is reported; with counting off it is not.
    await storage.insertVisits([visit({ at: new Date("2026-11-25T10:00:00Z") })]);
    const monday = () => new Date("2026-11-30T08:00:00Z");
    await startReportSchedule(deps, { now: monday, counting: false })();
    expect(await storage.report("2026-11-23")).toBeNull();
    await startReportSchedule(deps, { now: monday })();
    expect((await storage.report("2026-11-23"))?.status).toBe("sent");
    expect(sent).toHaveLength(1);
  });

  it("sends only the latest week when first enabled on a Monday before 08:00 (issue 36 item 5)", async () => {
    const { store, storage } = await open();
    const sent: string[] = [];
    const deps = { storage, store, settings: { to: ["m@example.com"], from: "no-reply@example.com", timeZone: "Europe/Berlin", siteName: "Site", calendar }, send: async (mail: { subject?: unknown }) => void sent.push(String(mail.subject)), log: quietLog };
    await storage.insertVisits([visit({ at: new Date("2026-11-10T10:00:00Z") })]);
    // Monday 30 November, 07:00 in Berlin: the week of the 16th was due a week ago, the week of the 23rd at 08:00.
    await startReportSchedule(deps, { now: () => new Date("2026-11-30T06:00:00Z") })();
    expect(sent).toEqual([]);
    expect(await storage.report("2026-11-16")).toBeNull();
    await startReportSchedule(deps, { now: () => new Date("2026-11-30T07:00:00Z") })();
    expect(sent).toEqual([expect.stringContaining("2026-11-23 to 2026-11-29")]);
    // On any other day, a week not yet sent is sent late (a server that was down on Monday).
    await startReportSchedule(deps, { now: () => new Date("2026-12-09T12:00:00Z") })();
    expect(sent).toHaveLength(2);
    expect(sent[1]).toContain("2026-11-30 to 2026-12-06");
  });

  it("sends a week's report once, whichever instance claims it, and again only when forced", async () => {
    const { store, storage } = await open();
    const sent: string[] = [];
    const ids: string[] = [];
    const deps = {
      storage,
      store,
      settings: { to: ["m@example.com"], from: "no-reply@example.com", timeZone: "UTC", siteName: "Site", calendar },
      send: async (mail: { text?: unknown; messageId?: string }) => void (sent.push(String(mail.text)), ids.push(String(mail.messageId))),
      log: quietLog,
    };
    const now = new Date("2026-11-23T08:00:00Z");
    expect(await storage.queueReport("2026-11-16", now)).toBe(true);
    expect(await storage.queueReport("2026-11-16", now)).toBe(false);
    const [first, second] = await Promise.all([sendDueReports(deps, now), sendDueReports(deps, now)]);
    expect([...first!, ...second!]).toEqual(["2026-11-16"]);
    expect(await sendDueReports(deps, now)).toEqual([]);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatch(/^Visitors: 0 \(no change, from 0\)$/m);
    expect(sent[0]).toMatch(/^Leads taken: 0\nMedian time to take: -\nLeads not taken: 0$/m);
    await storage.requeueReport("2026-11-16", now);
    expect(await sendDueReports(deps, now)).toEqual(["2026-11-16"]);
    expect((await storage.report("2026-11-16"))?.status).toBe("sent");
    // A forced resend is a new message (providers drop a Message-ID they have seen), and so is the next one.
    await storage.requeueReport("2026-11-16", new Date(now.getTime() + 1000));
    expect(await sendDueReports(deps, new Date(now.getTime() + 1000))).toEqual(["2026-11-16"]);
    expect(ids[0]).toBe("<insights-2026-11-16@example.com>");
    expect(new Set(ids).size).toBe(3);
  });
});
