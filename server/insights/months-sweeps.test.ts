// @vitest-environment node
import { describe, expect, it } from "vitest";
import { calendar, directVisit, now, storesPerTest, zone } from "../../test/support/insights";
import type { PostgresStore } from "../db/postgres-store";
import { SqliteStore } from "../db/sqlite-store";
import type { Store } from "../db/store";
import { addDays, period, startOfDay } from "./period";
import { insightsFor } from "./query";
import { rollUpDays } from "./rollup";
import { insightsStorage, type Visit } from "./storage";

/*
 * The month sums (visit_months, SQLite 22 / PostgreSQL 20) under sweeps: two instances rolling up days of one month
 * at once (PostgreSQL's READ COMMITTED; daily.ts takes the month's lock), and the retention sweep, which keeps
 * nothing of a day past INSIGHTS_RETENTION_DAYS in them.
 */

const { engines, open: openStore } = storesPerTest("insights-months-sweeps-");

function visit(day: string, visitor: string, path: string, minute = 600): Visit {
  return {
    at: new Date(startOfDay(day, zone).getTime() + minute * 60_000),
    visitor,
    path,
    ...directVisit,
    country: "DE",
    device: "desktop",
  };
}

async function run(store: Store, sql: string, args: unknown[] = []): Promise<Record<string, unknown>[]> {
  if (store instanceof SqliteStore) return (await store.db.execute({ sql, args: args as never })).rows as unknown as Record<string, unknown>[];
  let n = 0;
  return (await (store as PostgresStore).pool.query(sql.replace(/\?/g, () => `$${++n}`), args)).rows;
}

const dayOf = (day: string) => ({ day, start: startOfDay(day, zone), end: startOfDay(addDays(day, 1), zone) });

describe("two instances on one PostgreSQL rolling up two days of one month at once", () => {
  it("leave the month's sums equal to its days' (and October's dashboard equal to the raw rows)", async () => {
    const store = await openStore("postgres");
    const pool = (store as PostgresStore).pool;
    const storage = insightsStorage(store);
    const days: string[] = [];
    for (let day = "2026-10-01"; day <= "2026-10-31"; day = addDays(day, 1)) days.push(day);
    await storage.insertVisits(days.flatMap((day) => [visit(day, `${day}-a`, "/"), visit(day, `${day}-b`, "/services")]));
    const october = period("2026-10-01", "2026-10-31", zone);
    const raw = await insightsFor(october, { storage, timeZone: zone, calendar, now });
    expect(raw.visitors).toBe(62);

    // Instance A's sweep at 30 October: 1-29 October rolled up.
    expect(await rollUpDays(storage, { timeZone: zone, now: new Date("2026-10-30T12:00:00Z") })).toHaveLength(29);
    // Then, while instance B lags a day behind instance A (B redoing 30 October, A on 31 October: what two
    // sweeps catching up do), their month statements overlap. A third connection holds the month's rows for a
    // moment, so both statements have read visit_days before either commits (the interleaving made certain).
    const holder = await pool.connect();
    try {
      await holder.query("BEGIN");
      await holder.query("SELECT * FROM visit_months WHERE month = '2026-10' FOR UPDATE");
      const both = Promise.all([storage.daily.rollUp(dayOf("2026-10-30"), now), storage.daily.rollUp(dayOf("2026-10-31"), now)]);
      for (let i = 0; i < 200; i++) {
        const waiting = await pool.query("SELECT count(*)::int AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND datname = current_database()");
        if (waiting.rows[0].n >= 2) break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      await holder.query("COMMIT");
      await both;
    } finally {
      holder.release();
    }

    const byDays = await run(store, "SELECT dimension, name, SUM(visitors)::int AS visitors FROM visit_days WHERE day LIKE '2026-10-%' AND dimension = 'pages' GROUP BY dimension, name ORDER BY name");
    const byMonth = await run(store, "SELECT dimension, name, visitors FROM visit_months WHERE month = '2026-10' AND dimension = 'pages' ORDER BY name");
    // Both rows 31 visitors, as visit_days says (without the lock: 30, one of the two days lost from the sums).
    expect.soft(byMonth).toEqual(byDays);
    // Every day of October is marked as in its month's sums, so the dashboard reads the month from them.
    const rolled = await run(store, "SELECT count(*)::int AS n FROM visit_rollups WHERE day LIKE '2026-10-%' AND months = true");
    expect.soft(rolled[0]!.n).toBe(31);
    const after = await insightsFor(october, { storage, timeZone: zone, calendar, now });
    expect(after.pages).toEqual(raw.pages);
  }, 60_000);
});

describe("the same race without any lock held (two rollups of the last two days of a month at once)", () => {
  it("leaves every month's sums equal to its days'", async () => {
    const store = await openStore("postgres");
    const storage = insightsStorage(store);
    const months = ["2026-01", "2026-02", "2026-03", "2026-04", "2026-05", "2026-06", "2026-07", "2026-08"];
    const lastDays = months.map((m) => addDays(`${m === "2026-08" ? "2026-09" : `2026-${String(Number(m.slice(5)) + 1).padStart(2, "0")}`}-01`, -1));
    await storage.insertVisits(lastDays.flatMap((last) => [last, addDays(last, -1), addDays(last, -2)].flatMap((day) => [visit(day, `${day}-a`, "/"), visit(day, `${day}-b`, "/services")])));
    for (const last of lastDays) {
      await storage.daily.rollUp(dayOf(addDays(last, -2)), now);
      await Promise.all([storage.daily.rollUp(dayOf(addDays(last, -1)), now), storage.daily.rollUp(dayOf(last), now)]);
    }
    const wrong = await run(store, `SELECT m.month, m.name, m.visitors, d.visitors AS days FROM visit_months m
      JOIN (SELECT substr(day, 1, 7) AS month, dimension, name, SUM(visitors)::int AS visitors FROM visit_days GROUP BY 1, 2, 3) d USING (month, dimension, name)
      WHERE m.visitors <> d.visitors ORDER BY m.month`);
    // None: without the month's lock, most months came out short of one of the two days.
    expect(wrong.map((row) => `${String(row.month)} ${String(row.name)} ${String(row.visitors)}/${String(row.days)}`)).toEqual([]);

  }, 60_000);
});

describe.each(engines)("retention of the month sums on %s", (engine) => {
  it("keeps nothing of a day past INSIGHTS_RETENTION_DAYS", async () => {
    const store = await openStore(engine);
    const storage = insightsStorage(store);
    // A page seen only on 1 October; other pages later that month.
    await storage.insertVisits([visit("2026-10-01", "x", "/only-on-1-october"), visit("2026-10-20", "y", "/"), visit("2026-10-21", "z", "/")]);
    await rollUpDays(storage, { timeZone: zone, now });
    // The sweep with the cutoff at 15 October (what retentionDays makes of it): every daily total before it goes.
    await storage.daily.deleteAggregatesBefore("2026-10-15");
    expect(await run(store, "SELECT name FROM visit_days WHERE name = '/only-on-1-october'")).toEqual([]);
    // Nothing of 1 October left anywhere, not even in October's sums (which would otherwise keep it until the
    // cutoff reaches November: up to a month past the retention the operations guide states).
    expect(await run(store, "SELECT month, name, visitors FROM visit_months WHERE name = '/only-on-1-october'")).toEqual([]);
  }, 60_000);
});
