// @vitest-environment node
import { describe, expect, it } from "vitest";
import { calendar, now, storesPerTest, zone } from "../../test/support/insights";
import { DIMENSION_NAMES, type Filter } from "./daily";
import { addDays, period, startOfDay } from "./period";
import { insightsFor } from "./query";
import { rollUpDays, sweepCounts } from "./rollup";
import { CAMPAIGN_SEPARATOR, insightsStorage, type Visit } from "./storage";

/*
 * Issue 37 item 4 (a filtered dashboard within 300 ms), on both engines: a filter within the raw 90 days reads the
 * aggregates per filter the rollup writes (visit_pairs), and every figure equals the raw rows' computation, for a
 * filter on any row of any table.
 */

const { engines, open: openStore } = storesPerTest("insights-pairs-");
const days = ["2026-11-23", "2026-11-24", "2026-11-25", "2026-11-26"];

/** A deterministic mix: several pages per visitor, visitors with two visits (two entries) a day, untagged and tagged, no country, old-style sources. */
function visitsOf(day: string, seed: number): Visit[] {
  let state = seed;
  const rand = () => ((state = (state * 1664525 + 1013904223) >>> 0) / 2 ** 32);
  const pick = <T,>(list: readonly T[]) => list[Math.floor(rand() * list.length)]!;
  const rows: Visit[] = [];
  for (let i = 0; i < 30; i++) {
    const visitor = `${day}-${i}`;
    const country = pick(["DE", "FR", null]);
    const device = pick(["desktop", "phone"]);
    const start = startOfDay(day, zone).getTime() + Math.floor(rand() * 80_000_000);
    const visits = rand() < 0.2 ? 2 : 1;
    for (let v = 0; v < visits; v++) {
      const tagged = rand() < 0.4;
      const source = pick(["Google", "Direct", "LinkedIn", null]);
      const pages = 1 + Math.floor(rand() * 4);
      for (let p = 0; p < pages; p++) {
        const entry = p === 0;
        rows.push({
          at: new Date(start + v * 3600_000 + p * 30_000),
          visitor,
          path: pick(["/", "/services", "/contact", "/work"]),
          entry,
          referrer: entry && source === "Google" ? "https://www.google.com" : null,
          source: entry ? source : null,
          utmSource: entry && tagged ? pick(["google", "Newsletter"]) : null,
          utmMedium: entry && tagged ? "cpc" : null,
          utmCampaign: entry && tagged ? pick(["brand", "spring"]) : null,
          utmTerm: null,
          utmContent: entry && tagged && rand() < 0.5 ? "a" : null,
          country,
          device,
        });
      }
    }
  }
  return rows;
}

describe.each(engines)("the dashboard's filters from aggregates per filter on %s", (engine) => {
  it("gives every filtered figure the raw rows give, for a filter on any row of any table, once the raw rows are gone", async () => {
    const store = await openStore(engine);
    const storage = insightsStorage(store);
    await storage.insertVisits(days.flatMap((day, i) => visitsOf(day, i + 1)));
    const week = period(days[0]!, days[days.length - 1]!, zone);
    const unfiltered = await insightsFor(week, { storage, timeZone: zone, calendar, now });
    // Every row a filter can name: each table's row names (a campaign by its five values), the sources by their stored name.
    const filters: Filter[] = DIMENSION_NAMES.flatMap((table) =>
      unfiltered[table].map((row) => ({ table, name: row.utm ? [row.utm.source, row.utm.medium, row.utm.campaign, row.utm.term, row.utm.content].join(CAMPAIGN_SEPARATOR) : row.name })),
    );
    expect(filters.length).toBeGreaterThan(20);
    const raw = new Map<Filter, unknown>();
    for (const filter of filters) raw.set(filter, await insightsFor(week, { storage, timeZone: zone, calendar, now, filter }));

    expect(await rollUpDays(storage, { timeZone: zone, now })).toEqual(days);
    expect([...(await storage.daily.pairedDays(days[0]!, "2026-11-30"))].sort()).toEqual(days);
    // The raw rows of those days gone: the figures can only come from the aggregates now.
    await storage.deleteVisitsBefore(startOfDay("2026-11-27", zone));
    for (const filter of filters) {
      const fromPairs = await insightsFor(week, { storage, timeZone: zone, calendar, now, filter });
      expect({ filter, figures: fromPairs }).toEqual({ filter, figures: raw.get(filter) });
    }
  }, 60_000); // about a hundred dashboard queries

  it("deletes the aggregates per filter with the raw rows, past 90 days", async () => {
    const store = await openStore(engine);
    const storage = insightsStorage(store);
    const old = addDays("2026-11-27", -95);
    await storage.insertVisits([...visitsOf(old, 7), ...visitsOf("2026-11-26", 8)]);
    await sweepCounts(storage, { timeZone: zone, now, retentionDays: 395 });
    const google: Filter = { table: "sources", name: "Google" };
    expect((await storage.daily.filtered([old], google)).days).toEqual([]);
    expect((await storage.daily.filtered(["2026-11-26"], google)).days).toHaveLength(1);
  }, 60_000); // rolls up 96 days: seconds on a loaded machine
});
