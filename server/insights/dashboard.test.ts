// @vitest-environment node
import { describe, expect, it } from "vitest";
import { calendar, directVisit, now, storesPerTest, zone } from "../../test/support/insights";
import { sampleMessage } from "../../test/support/store-engines";
import { PostgresStore } from "../db/postgres-store";
import { SqliteStore } from "../db/sqlite-store";
import type { Store } from "../db/store";
import type { Outcome } from "./daily";
import { addDays, period, startOfDay } from "./period";
import { insightsFor } from "./query";
import { rollUpDays, sweepCounts } from "./rollup";
import { insightsStorage, type Visit } from "./storage";

/*
 * Issue 37 item 4, on both engines: what became of leads in the figures (Spam and Duplicate left out), the daily
 * aggregates (the rollup counts what the raw rows count, once, whoever runs it), the retention of raw rows (90
 * days) and of aggregates, filters on one row applied to every figure, and the chart's points.
 */

const { engines, open: openStore } = storesPerTest("insights-dashboard-");

const visit = (day: string, over: Partial<Visit> = {}): Visit => ({
  at: new Date(startOfDay(day, zone).getTime() + 10 * 3600_000),
  visitor: `v-${day}`,
  path: "/",
  ...directVisit,
  country: "GB",
  device: "desktop",
  ...over,
});

/** A visit of two pages from Google (phone, France), and one of one page typed in (desktop, GB), on `day`. */
const dayOfVisits = (day: string): Visit[] => [
  visit(day, { visitor: `g-${day}`, source: "Google", referrer: "https://www.google.com", utmSource: "google", utmMedium: "cpc", utmCampaign: "brand", country: "FR", device: "phone", path: "/services" }),
  visit(day, { visitor: `g-${day}`, entry: false, source: null, country: "FR", device: "phone", path: "/contact" }),
  visit(day, { visitor: `d-${day}`, path: "/" }),
];

async function setOutcome(store: Store, id: number, outcome: Outcome) {
  if (store instanceof SqliteStore) await store.db.execute({ sql: "UPDATE messages SET outcome = ? WHERE id = ?", args: [outcome, id] });
  else if (store instanceof PostgresStore) await store.pool.query("UPDATE messages SET outcome = $1 WHERE id = $2", [outcome, id]);
}

describe.each(engines)("the dashboard's figures on %s", (engine) => {
  const open = async () => {
    const store = await openStore(engine);
    return { store, storage: insightsStorage(store) };
  };

  it("counts Won and Lost as ends, open and Answered as in progress, and leaves Spam and Duplicate out of every figure, saying how many", async () => {
    const { store, storage } = await open();
    await storage.insertVisits(dayOfVisits("2026-11-25"));
    const lead = async (outcome: Outcome | null, over: Partial<typeof sampleMessage> = {}) => {
      const { id } = await store.insertLead(
        { ...sampleMessage, email: `${outcome ?? "open"}-${Math.random()}@example.com`, createdAt: "2026-11-25T11:00:00.000Z", source: { landingPage: "/services", referrer: "https://www.google.com", utm: { source: "google", medium: "cpc", campaign: "brand" }, pages: ["/services", "/contact"] }, ...over },
        [],
      );
      if (outcome) await setOutcome(store, id, outcome);
      return id;
    };
    await lead("won");
    await lead("lost");
    await lead("answered");
    const openLead = await lead(null, { source: null, country: "DE", device: "phone" });
    await lead("spam");
    await lead("duplicate");
    await lead("spam", { createdAt: "2026-11-24T11:00:00.000Z" }); // the period before
    expect(await store.takeLead(openLead, { takenBy: "Ada", takenAt: "2026-11-25T11:30:00.000Z", takeover: false })).toBe(true);

    const insights = await insightsFor(period("2026-11-25", "2026-11-25", zone), { storage, timeZone: zone, calendar, now });
    expect(insights).toMatchObject({ visitors: 2, pageviews: 3, leads: 4, conversionRate: 2, won: 1, lost: 1, inProgress: 2, leftOut: { spam: 1, duplicate: 1 }, leadsTaken: 1, leadsNotTaken: 3 });
    expect(insights.previous).toMatchObject({ leads: 0, leftOut: { spam: 1, duplicate: 0 } });
    expect(insights.sources.find((row) => row.name === "Google")).toEqual({ name: "Google", visitors: 1, leads: 3, conversionRate: 3, won: 1, lost: 1, inProgress: 1 });
    // The lead without a recorded source (a visitor who asked not to be tracked) is Direct's: the sources add up.
    expect(insights.sources.find((row) => row.name === "Direct")).toMatchObject({ leads: 1, inProgress: 1 });
    expect(insights.sources.reduce((sum, row) => sum + row.leads, 0)).toBe(insights.leads);
    expect(insights.campaigns[0]).toMatchObject({ name: "google / cpc / brand", leads: 3, won: 1, lost: 1, inProgress: 1 });
    expect(insights.pages.find((row) => row.name === "/contact")).toMatchObject({ visitors: 1, leads: 3, won: 1 });
    expect(insights.countries.find((row) => row.name === "DE")).toEqual({ name: "DE", visitors: 0, leads: 1, conversionRate: 0, won: 0, lost: 0, inProgress: 1 });
    expect(insights.countries.find((row) => row.name === "GB")).toMatchObject({ visitors: 1, leads: 3 });
    expect(insights.series).toEqual([{ date: "2026-11-25", visitors: 2, leads: 4 }]);
  });

  it("rolls up each ended day to aggregates that count what the raw rows count, once, whoever runs it, and reads them after", async () => {
    const { store, storage } = await open();
    const days = ["2026-11-22", "2026-11-23", "2026-11-24"];
    await storage.insertVisits([...days.flatMap(dayOfVisits), visit("2026-11-23", { visitor: "x", path: "/services", source: "partner.example", referrer: "https://partner.example" })]);
    await store.insertLead({ ...sampleMessage, createdAt: "2026-11-23T12:00:00.000Z", source: { landingPage: "/services", referrer: "https://www.google.com", pages: ["/services"] } }, []);
    const week = period("2026-11-22", "2026-11-24", zone);
    const raw = await insightsFor(week, { storage, timeZone: zone, calendar, now });
    expect(raw).toMatchObject({ visitors: 7, pageviews: 10, leads: 1 });

    // Two instances at once, then again: the same rows, no error.
    const [a, b] = await Promise.all([rollUpDays(storage, { timeZone: zone, now }), rollUpDays(storage, { timeZone: zone, now })]);
    expect([...new Set([...a, ...b])].sort()).toEqual([...days, "2026-11-25", "2026-11-26"]);
    expect(await rollUpDays(storage, { timeZone: zone, now })).toEqual([]);
    expect([...(await storage.daily.rolledDays("2026-11-01", "2026-11-30"))].sort()).toEqual([...days, "2026-11-25", "2026-11-26"]);
    // Today (27th) is not rolled up; nor is a day that ended less than ten minutes ago.
    expect(await rollUpDays(storage, { timeZone: zone, now: new Date(startOfDay("2026-11-28", zone).getTime() + 5 * 60_000) })).toEqual([]);

    // The aggregates alone: the raw rows of those days are deleted, and the figures are the same.
    await storage.deleteVisitsBefore(startOfDay("2026-11-25", zone));
    expect((await storage.daily.raw([{ day: "2026-11-23", start: startOfDay("2026-11-23", zone), end: startOfDay("2026-11-24", zone) }])).days).toEqual([]);
    const aggregated = await insightsFor(week, { storage, timeZone: zone, calendar, now });
    expect(aggregated).toEqual(raw);
    expect(aggregated.series).toEqual([
      { date: "2026-11-22", visitors: 2, leads: 0 },
      { date: "2026-11-23", visitors: 3, leads: 1 },
      { date: "2026-11-24", visitors: 2, leads: 0 },
    ]);
  });

  // Rolls up and pairs a day for each of several months: seconds on a loaded machine.
  it("keeps raw rows 90 days and aggregates INSIGHTS_RETENTION_DAYS, and counts an old day from its aggregates", async () => {
    const { storage } = await open();
    const today = "2026-11-27";
    const old = addDays(today, -100);
    const kept = addDays(today, -89);
    const tooOld = addDays(today, -400);
    await storage.insertVisits([...dayOfVisits(tooOld), ...dayOfVisits(old), ...dayOfVisits(kept), ...dayOfVisits(today)]);
    const { rolledUp, deletedVisits } = await sweepCounts(storage, { timeZone: zone, now, retentionDays: 395 });
    expect(rolledUp).toContain(old);
    expect(rolledUp).toContain(kept);
    expect(deletedVisits).toBe(6);
    const rawDays = async (day: string) => (await storage.daily.raw([{ day, start: startOfDay(day, zone), end: startOfDay(addDays(day, 1), zone) }])).days;
    expect(await rawDays(old)).toEqual([]);
    expect(await rawDays(kept)).toEqual([{ day: kept, visitors: 2, pageviews: 3 }]);
    const oldDay = await insightsFor(period(old, old, zone), { storage, timeZone: zone, calendar, now });
    expect(oldDay).toMatchObject({ visitors: 2, pageviews: 3 });
    expect(oldDay.pages.map(({ name, visitors, pageviews }) => [name, visitors, pageviews])).toEqual([
      ["/", 1, 1],
      ["/contact", 1, 1],
      ["/services", 1, 1],
    ]);
    // Older than the retention: gone, aggregates too.
    expect(await storage.daily.rolledDays(tooOld, tooOld)).toEqual(new Set());
    expect(await insightsFor(period(tooOld, tooOld, zone), { storage, timeZone: zone, calendar, now })).toMatchObject({ visitors: 0, pageviews: 0 });
  }, 60_000);

  it("applies a filter on one row to every figure within the raw 90 days, and to its own table's aggregates before", async () => {
    const { store, storage } = await open();
    const old = addDays("2026-11-27", -120);
    await storage.insertVisits([...dayOfVisits("2026-11-25"), ...dayOfVisits(old)]);
    await store.insertLead({ ...sampleMessage, createdAt: "2026-11-25T12:00:00.000Z", source: { landingPage: "/services", referrer: "https://www.google.com", pages: ["/services"] } }, []);
    await store.insertLead({ ...sampleMessage, email: "d@example.com", createdAt: "2026-11-25T12:00:00.000Z", source: { landingPage: "/", pages: ["/"] } }, []);
    await sweepCounts(storage, { timeZone: zone, now, retentionDays: 395 });

    const google = { table: "sources" as const, name: "Google" };
    const recent = await insightsFor(period("2026-11-25", "2026-11-25", zone), { storage, timeZone: zone, calendar, now, filter: google });
    expect(recent).toMatchObject({ visitors: 1, pageviews: 2, leads: 1, filter: google, filterFullFrom: null });
    // The pages the Google visitor read, and nothing of the other visitor.
    expect(recent.pages.map(({ name, visitors, leads }) => [name, visitors, leads])).toEqual([
      ["/services", 1, 1],
      ["/contact", 1, 0],
    ]);
    // The lead was sent from a desktop: its row shows it, with no visitor counted there.
    expect(recent.devices.map(({ name, visitors, leads }) => [name, visitors, leads])).toEqual([
      ["phone", 1, 0],
      ["desktop", 0, 1],
    ]);
    const byPage = await insightsFor(period("2026-11-25", "2026-11-25", zone), { storage, timeZone: zone, calendar, now, filter: { table: "pages", name: "/contact" } });
    expect(byPage.sources.map(({ name, visitors, leads }) => [name, visitors, leads])).toEqual([["Google", 1, 0]]);
    expect(byPage.leads).toBe(0);

    // Older than 90 days only the sources' own daily row exists: its figures, the other tables empty, and said.
    const long = await insightsFor(period(old, "2026-11-25", zone), { storage, timeZone: zone, calendar, now, filter: google });
    expect(long.filterFullFrom).toBe(addDays("2026-11-27", -89));
    expect(long).toMatchObject({ visitors: 2, leads: 1 });
    expect(long.sources.map(({ name, visitors }) => [name, visitors])).toEqual([["Google", 2]]);
    expect(long.pages.map(({ name, visitors }) => [name, visitors])).toEqual([
      ["/services", 1],
      ["/contact", 1],
    ]);
    // A period of more than 92 days is charted by week (Monday), the first point at the period's first day.
    expect(long.interval).toBe("week");
    expect(long.series[0]!.date).toBe(old);
    expect(long.series.slice(1).every((point) => new Date(`${point.date}T00:00:00Z`).getUTCDay() === 1)).toBe(true);
    expect(long.series.reduce((sum, point) => sum + point.visitors, 0)).toBe(2);
  });
});
