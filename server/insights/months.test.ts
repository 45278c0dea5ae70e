// @vitest-environment node
import { describe, expect, it } from "vitest";
import { calendar, now, storesPerTest, zone } from "../../test/support/insights";
import type { PostgresStore } from "../db/postgres-store";
import { SqliteStore } from "../db/sqlite-store";
import type { Store } from "../db/store";
import { addDays, period, startOfDay } from "./period";
import { insightsFor } from "./query";
import { rollUpDays } from "./rollup";
import { insightsStorage, type Visit } from "./storage";

/*
 * Issue 37 item 4 (every dashboard request within 300 ms on SQLite), on both engines: a period's whole months are
 * read from their sums (visit_months), which give every figure the raw rows give; a month with a day not in its
 * sums (rolled up by an earlier version) is read by day.
 */

const { engines, open: openStore } = storesPerTest("insights-months-");

/** A few visitors on `day`: several pages, old-style and tagged sources, no country. */
function visitsOf(day: string, seed: number): Visit[] {
  let state = seed;
  const rand = () => ((state = (state * 1664525 + 1013904223) >>> 0) / 2 ** 32);
  const pick = <T,>(list: readonly T[]) => list[Math.floor(rand() * list.length)]!;
  const rows: Visit[] = [];
  for (let i = 0; i < 4; i++) {
    const source = pick(["Google", "Direct", null]);
    const tagged = rand() < 0.4;
    const country = pick(["DE", "FR", null]);
    const device = pick(["desktop", "phone"]);
    const start = startOfDay(day, zone).getTime() + Math.floor(rand() * 80_000_000);
    const pages = 1 + Math.floor(rand() * 3);
    for (let p = 0; p < pages; p++) {
      const entry = p === 0;
      rows.push({
        at: new Date(start + p * 30_000),
        visitor: `${day}-${i}`,
        path: pick(["/", "/services", "/contact"]),
        entry,
        referrer: entry && source === "Google" ? "https://www.google.com" : null,
        source: entry ? source : null,
        utmSource: entry && tagged ? pick(["google", "Newsletter"]) : null,
        utmMedium: entry && tagged ? "cpc" : null,
        utmCampaign: entry && tagged ? "spring" : null,
        utmTerm: null,
        utmContent: null,
        country,
        device,
      });
    }
  }
  return rows;
}

async function run(store: Store, sql: string, args: unknown[]): Promise<Record<string, unknown>[]> {
  if (store instanceof SqliteStore) return (await store.db.execute({ sql, args: args as never })).rows as unknown as Record<string, unknown>[];
  let n = 0;
  return (await (store as PostgresStore).pool.query(sql.replace(/\?/g, () => `$${++n}`), args)).rows;
}
const monthsStored = async (store: Store) => (await run(store, "SELECT DISTINCT month FROM visit_months ORDER BY month", [])).map((row) => String(row.month));

describe.each(engines)("a period's whole months from their sums on %s", (engine) => {
  it("gives every figure the raw rows give, and reads a month by day when one of its days is not in its sums", async () => {
    const store = await openStore(engine);
    const storage = insightsStorage(store);
    // Visits every third day from 1 September to 26 November: September and October whole, November in part.
    const days: string[] = [];
    for (let day = "2026-09-01"; day <= "2026-11-26"; day = addDays(day, 3)) days.push(day);
    await storage.insertVisits(days.flatMap((day, i) => visitsOf(day, i + 1)));
    const periods = [period("2026-09-01", "2026-11-26", zone), period("2026-09-15", "2026-11-26", zone), period("2026-10-01", "2026-10-31", zone)];
    const raw = [];
    for (const p of periods) raw.push(await insightsFor(p, { storage, timeZone: zone, calendar, now }));
    expect(raw[0]!.visitors).toBe(days.length * 4);

    expect(await rollUpDays(storage, { timeZone: zone, now })).toHaveLength(87);
    // The raw rows gone: the figures come from the aggregates, whole months from visit_months.
    await storage.deleteVisitsBefore(startOfDay("2026-11-27", zone));
    for (const [i, p] of periods.entries()) expect(await insightsFor(p, { storage, timeZone: zone, calendar, now })).toEqual(raw[i]);

    // October's sums are read: made wrong, October's figures are wrong...
    await run(store, "UPDATE visit_months SET visitors = visitors + 1000 WHERE month = ?", ["2026-10"]);
    expect((await insightsFor(periods[2]!, { storage, timeZone: zone, calendar, now })).pages).not.toEqual(raw[2]!.pages);
    // ...until one of its days is one an earlier version rolled up (not in the sums): October is then read by day.
    await run(store, "UPDATE visit_rollups SET months = ? WHERE day = ?", [engine === "sqlite" ? 0 : false, "2026-10-17"]);
    for (const [i, p] of periods.entries()) expect(await insightsFor(p, { storage, timeZone: zone, calendar, now })).toEqual(raw[i]);

    // Past the retention (here from 15 October): September's sums go with its days, and October's too, which still
    // counted its first half: nothing of a day is kept past the retention. October is read by day from now on.
    await run(store, "UPDATE visit_rollups SET months = ? WHERE day = ?", [engine === "sqlite" ? 1 : true, "2026-10-17"]);
    expect(await monthsStored(store)).toEqual(["2026-09", "2026-10", "2026-11"]);
    await storage.daily.deleteAggregatesBefore("2026-10-15");
    expect(await monthsStored(store)).toEqual(["2026-11"]);
    expect(await insightsFor(period("2026-09-01", "2026-09-30", zone), { storage, timeZone: zone, calendar, now })).toMatchObject({ visitors: 0, pages: [] });
    const october = await insightsFor(periods[2]!, { storage, timeZone: zone, calendar, now });
    expect(october.visitors).toBe(days.filter((day) => day >= "2026-10-15" && day <= "2026-10-31").length * 4);
    expect(october.pages.reduce((sum, row) => sum + row.visitors, 0)).toBeLessThan(1000);
    // A cutoff on the 1st of a month keeps that month's sums: every day of it is still within the retention.
    await storage.daily.deleteAggregatesBefore("2026-11-01");
    expect(await monthsStored(store)).toEqual(["2026-11"]);
  }, 60_000);
});
