/*
 * The dashboard's part of `npm run bench:insights` (bundled by bench/insights.mjs with esbuild, run in-process):
 * builds a year of visits at VISITS_PER_MONTH on one store, day by day as a live server would (each day's visits
 * written in batches, then the hourly sweep: the ended day rolled up, raw rows older than 90 days deleted), then
 * times the dashboard's query for each period of the picker and a few filters, and measures the disk it takes.
 */
import { openStore } from "../server/db";
import { SqliteStore } from "../server/db/sqlite-store";
import { PostgresStore } from "../server/db/postgres-store";
import type { Store } from "../server/db/store";
import { parseSalesHours } from "../server/leads/business-hours";
import type { Filter } from "../server/insights/daily";
import { addDays, localDate, period, startOfDay } from "../server/insights/period";
import { insightsFor } from "../server/insights/query";
import { sweepCounts } from "../server/insights/rollup";
import { insightsStorage, type Visit } from "../server/insights/storage";

export const VISITS_PER_MONTH = 100_000;
const zone = "Europe/Berlin";
const calendar = { hours: parseSalesHours("Mon-Fri 09:00-18:00"), timeZone: zone, holidays: new Set<string>() };

/** A small deterministic generator: the same year every run. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}
const pick = <T>(rand: () => number, list: readonly (readonly [T, number])[]): T => {
  const total = list.reduce((sum, [, weight]) => sum + weight, 0);
  let at = rand() * total;
  for (const [value, weight] of list) if ((at -= weight) < 0) return value;
  return list[list.length - 1]![0];
};

const sources = [
  ["Google", 35, "https://www.google.com", null],
  ["Direct", 30, null, null],
  ["LinkedIn", 8, "https://www.linkedin.com", "linkedin"],
  ["newsletter", 6, null, "newsletter"],
  ["Bing", 4, "https://www.bing.com", null],
  ["partner.example", 3, "https://partner.example", null],
  ["ChatGPT", 3, "https://chatgpt.com", null],
  ["X", 2, "https://x.com", null],
  ["DuckDuckGo", 2, "https://duckduckgo.com", null],
  ["Facebook", 2, "https://www.facebook.com", "facebook"],
  ["GitHub", 1, "https://github.com", null],
  ["blog.example", 1, "https://blog.example", null],
  ["news.example", 1, "https://news.example", null],
  ["Reddit", 1, "https://www.reddit.com", null],
  ["YouTube", 1, "https://www.youtube.com", null],
] as const;
const sourceWeights = sources.map(([, weight], i) => [i, weight] as const);
const paths = ["/", "/services", "/services/cloud-migration", "/services/ux-design", "/services/data-platforms", "/services/security", "/work", "/about", "/contact", "/careers", "/insights"].concat(
  Array.from({ length: 30 }, (_, i) => `/resources/article-${i + 1}`),
);
const pageWeights = paths.map((path, i) => [path, i < 11 ? 20 - i : 2] as const);
const countries = ["DE", "GB", "FR", "US", "NL", "AT", "CH", "ES", "IT", "PL", "SE", "BE", "DK", "IE", "PT", "CZ", "FI", "NO", "CA", "AU"].map((code, i) => [code, 40 - i * 2] as const);
const devices = [["desktop", 55], ["phone", 40], ["tablet", 5]] as const;
const campaigns = Array.from({ length: 40 }, (_, i) => [`campaign-${i + 1}`, 40 - i] as const);

/** One day's visits: VISITS_PER_MONTH / 30 visits of 1 to 6 pages (about 3.3 on average), each a visitor of its own. */
function dayVisits(day: string, rand: () => number, perMonth: number): Visit[] {
  const start = startOfDay(day, zone).getTime();
  const rows: Visit[] = [];
  const count = Math.round(perMonth / 30.4);
  for (let i = 0; i < count; i++) {
    const at = start + Math.floor(rand() * 86_000_000);
    const [name, , referrer, utm] = sources[pick(rand, sourceWeights)]!;
    const tagged = utm !== null || (name === "Google" && rand() < 0.3);
    const utmSource = tagged ? (utm ?? "google") : null;
    const country = pick(rand, countries);
    const device = pick(rand, devices);
    const visitor = `${day}-${i}`;
    const pages = 1 + Math.floor(rand() * 5.6); // 1 to 6, 3.3 on average
    for (let p = 0; p < pages; p++) {
      const entry = p === 0;
      rows.push({
        at: new Date(at + p * 40_000),
        visitor,
        path: pick(rand, pageWeights),
        entry,
        referrer: entry ? referrer : null,
        source: entry ? name : null,
        utmSource: entry ? utmSource : null,
        utmMedium: entry && tagged ? (utm === "newsletter" ? "email" : "cpc") : null,
        utmCampaign: entry && tagged ? pick(rand, campaigns) : null,
        utmTerm: null,
        utmContent: null,
        country,
        device,
      });
    }
  }
  return rows;
}

/**
 * The bytes the year takes: the files as they are after it, and what is in use (SQLite: pages not on the free
 * list, which the next days' rows reuse; PostgreSQL: after VACUUM FULL, without the deleted rows that autovacuum
 * would have made room for over a real year).
 */
async function diskBytes(store: Store, file: string | undefined): Promise<{ files: number; used: number }> {
  if (store instanceof SqliteStore && file) {
    await store.db.execute("PRAGMA wal_checkpoint(TRUNCATE)");
    const { statSync, existsSync } = await import("node:fs");
    const files = statSync(file).size + (existsSync(`${file}-wal`) ? statSync(`${file}-wal`).size : 0);
    const pragma = async (name: string) => Number(Object.values((await store.db.execute(`PRAGMA ${name}`)).rows[0] ?? {})[0] ?? 0);
    return { files, used: ((await pragma("page_count")) - (await pragma("freelist_count"))) * (await pragma("page_size")) };
  }
  if (store instanceof PostgresStore) {
    const size = async () => Number((await store.pool.query<{ bytes: string }>(TABLE_BYTES)).rows[0]!.bytes);
    const files = await size();
    for (const table of ["visits", "visit_days", "visit_rollups", "messages"]) await store.pool.query(`VACUUM FULL ${table}`);
    return { files, used: await size() };
  }
  return { files: NaN, used: NaN };
}

const TABLE_BYTES = "SELECT SUM(pg_total_relation_size(c.oid))::bigint AS bytes FROM pg_class c WHERE c.relname IN ('visits', 'visit_days', 'visit_rollups', 'messages') AND c.relkind = 'r'";

/** Each request's wall times and the CPU time (ms) the process spent on it (the machine's load adds to the first alone). */
export type Timed = { name: string; times: number[]; cpu: number[] };

/** Each SQL statement's time (ms) and count, per request: where a request's time goes (`--profile`). */
export type Profile = Map<string, Map<string, { ms: number; calls: number }>>;

/**
 * Builds the year on the store at `url` (or, with `built`, reuses the year built there at `built.now`: `--reuse`),
 * then times each request `rounds` times. `profile`: also what each request's SQL statements took.
 */
export async function benchDashboard(
  url: string,
  { rounds = 20, file, perMonth = VISITS_PER_MONTH, log = console.log, built: reused, profile }: { rounds?: number; file?: string; perMonth?: number; log?: (line: string) => void; built?: { now: string }; profile?: Profile } = {},
) {
  // PostgreSQL with room to wait: the year is written while other work may hold the machine's two cores, and a slow
  // request is a figure to print, not an error (the server's own limits are 3 s to connect, 5 s per statement).
  const store = url.startsWith("postgres") ? await PostgresStore.open(url, { connectTimeoutMs: 60_000, statementTimeoutMs: 120_000 }) : await openStore(url);
  const storage = insightsStorage(store);
  const rand = random(37);
  const now = reused ? new Date(reused.now) : new Date();
  const today = localDate(now, zone);
  const first = addDays(today, -364);
  const built = performance.now();
  let rows = 0;
  let leads = 0;
  try {
    for (let day = first; !reused && day <= today; day = addDays(day, 1)) {
      const visits = dayVisits(day, rand, perMonth).filter((visit) => visit.at < now);
      for (let i = 0; i < visits.length; i += 5000) await storage.insertVisits(visits.slice(i, i + 5000));
      rows += visits.length;
      // About 20 leads a day, a fifth from Google's campaign; outcomes of all kinds.
      for (let i = 0; i < 20; i++) {
        const createdAt = new Date(startOfDay(day, zone).getTime() + Math.floor(rand() * 86_000_000));
        if (createdAt > now) continue;
        const google = rand() < 0.4;
        const { id } = await store.insertLead(
          {
            firstName: "Bench",
            lastName: `Lead ${leads}`,
            email: `lead${leads}@example.com`,
            company: "",
            message: "Hello",
            createdAt: createdAt.toISOString(),
            country: pick(rand, countries),
            device: pick(rand, devices),
            verification: "verified",
            verificationNote: null,
            source: google ? { landingPage: "/services", referrer: "https://www.google.com", utm: { source: "google", medium: "cpc", campaign: "campaign-1" }, pages: ["/services", "/contact"] } : { landingPage: "/", pages: ["/", "/contact"] },
          },
          [],
        );
        const outcome = pick(rand, [["won", 2], ["lost", 3], ["answered", 3], ["spam", 1], ["duplicate", 1], [null, 4]] as const);
        if (outcome) await setOutcome(store, id, outcome);
        leads += 1;
      }
      // The hourly sweep of the next day, 01:00: that day rolled up, raw rows past 90 days gone.
      if (day < today) await sweepCounts(storage, { timeZone: zone, now: new Date(startOfDay(addDays(day, 1), zone).getTime() + 3600_000), retentionDays: 395 });
    }
    const buildSeconds = (performance.now() - built) / 1000;
    const disk = await diskBytes(store, file);
    if (reused) log(`  reused the year built at ${reused.now}; on disk: ${(disk.files / 1e6).toFixed(1)} MB, of which in use ${(disk.used / 1e6).toFixed(1)} MB`);
    else log(`  built a year: ${rows.toLocaleString("en-US")} page views (${leads.toLocaleString("en-US")} leads) in ${buildSeconds.toFixed(0)} s; on disk: ${(disk.files / 1e6).toFixed(1)} MB, of which in use ${(disk.used / 1e6).toFixed(1)} MB (visits of 90 days, daily aggregates of 365, the leads)`);

    const month = today.slice(0, 7);
    const lastMonthEnd = addDays(`${month}-01`, -1);
    const google: Filter = { table: "sources", name: "Google" };
    const requests: { name: string; from: string; to: string; filter?: Filter }[] = [
      { name: "Today", from: today, to: today },
      { name: "7 days", from: addDays(today, -6), to: today },
      { name: "30 days", from: addDays(today, -29), to: today },
      { name: "This month", from: `${month}-01`, to: today },
      { name: "Last month", from: `${lastMonthEnd.slice(0, 7)}-01`, to: lastMonthEnd },
      { name: "12 months", from: addDays(today, -364), to: today },
      { name: "30 days, source = Google", from: addDays(today, -29), to: today, filter: google },
      { name: "7 days, page = /contact", from: addDays(today, -6), to: today, filter: { table: "pages", name: "/contact" } },
      { name: "90 days, country = DE", from: addDays(today, -89), to: today, filter: { table: "countries", name: "DE" } },
      { name: "12 months, source = Google", from: addDays(today, -364), to: today, filter: google },
    ];
    const timed: Timed[] = requests.map(({ name }) => ({ name, times: [], cpu: [] }));
    // Each statement of the query module timed by the request it serves (the same SQL for both engines, daily.ts).
    let current: string | undefined;
    if (profile) {
      const sql = (storage.daily as unknown as { sql: { query: (sql: string, args: unknown[]) => Promise<Record<string, unknown>[]> } }).sql;
      const query = sql.query.bind(sql);
      const timedQuery = async (text: string, args: unknown[]) => {
        // CPU time, not wall time: on a shared machine a statement's wall time is mostly waiting for a core.
        const started = process.cpuUsage();
        try {
          return await query(text, args);
        } finally {
          if (current) {
            const label = text.replace(/\s+/g, " ").replace(/\(\?, \?(::timestamptz)?, \?(::timestamptz)?\)(, )?/g, "").slice(0, 110);
            const byStatement = profile.get(current) ?? new Map<string, { ms: number; calls: number }>();
            profile.set(current, byStatement);
            const seen = byStatement.get(label) ?? { ms: 0, calls: 0 };
            const used = process.cpuUsage(started);
            byStatement.set(label, { ms: seen.ms + (used.user + used.system) / 1000, calls: seen.calls + 1 });
          }
        }
      };
      // One statement at a time (what a single SQLite connection does anyway), so each is timed alone.
      let previous: Promise<unknown> = Promise.resolve();
      sql.query = (text, args) => {
        const run = previous.then(() => timedQuery(text, args));
        previous = run.catch(() => {});
        return run;
      };
    }
    // Rounds interleave the requests, as several marketers' clicks would.
    for (let round = 0; round < rounds + 2; round++) {
      for (const [i, request] of requests.entries()) {
        current = round >= 2 ? request.name : undefined;
        const started = performance.now();
        const cpu = process.cpuUsage();
        await insightsFor(period(request.from, request.to, zone), { storage, timeZone: zone, calendar, filter: request.filter, now });
        // The first two rounds warm the caches and the JIT: not counted.
        if (round >= 2) {
          timed[i]!.times.push(performance.now() - started);
          const used = process.cpuUsage(cpu);
          timed[i]!.cpu.push((used.user + used.system) / 1000);
        }
      }
    }
    return { timed, disk, rows, leads, now: now.toISOString() };
  } finally {
    await store.close();
  }
}

async function setOutcome(store: Store, id: number, outcome: string) {
  if (store instanceof SqliteStore) await store.db.execute({ sql: "UPDATE messages SET outcome = ? WHERE id = ?", args: [outcome, id] });
  else if (store instanceof PostgresStore) await store.pool.query("UPDATE messages SET outcome = $1 WHERE id = $2", [outcome, id]);
}
