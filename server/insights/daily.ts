import { sourceSchema, type VisitSource } from "~/lib/contact-schema";
import { addDays } from "./period";
import type { CountRow, Dimension } from "./storage";

/*
 * Counts by company day, the same SQL on both engines: from the raw visit rows (kept 90 days) or from the daily
 * aggregates the rollup writes (visit_days, migrations SQLite 20 / PostgreSQL 18). A day's visitors are its
 * distinct visitor keys; a period's are the sum of its days' (a key is made with the day's salt, so the same
 * person on two days is two keys already: summing days keeps that definition, and aggregates can be added up).
 */

/** A company day (YYYY-MM-DD in COMPANY_TIME_ZONE) and the instants it runs between. */
export type Day = { day: string; start: Date; end: Date };
/** One row of one table, or `total` (name ""): the day's totals. */
export type DayRow = { day: string; dimension: Dimension | "total"; name: string; visitors: number; pageviews: number };
/** A filter on one row of one table, applied to every figure. */
export type Filter = { table: Dimension; name: string };
/** A period's counts: totals per day (for the chart) and each table's rows, added up over the days. */
export type Daily = { days: { day: string; visitors: number; pageviews: number }[]; tables: Record<Dimension, CountRow[]> };

export const DIMENSION_NAMES: Dimension[] = ["landingPages", "pages", "sources", "campaigns", "countries", "devices"];

/** What a lead's outcome can be (messages.outcome, migrations SQLite 17 / PostgreSQL 15); null: open. */
export type Outcome = "answered" | "won" | "lost" | "spam" | "duplicate";
/** What the figures need of a lead: when it came, where from, whether and when it was taken, what became of it. */
export type LeadFacts = { createdAt: string; source: VisitSource | null; country: string | null; device: string | null; firstTakenAt: string | null; outcome: Outcome | null };

/** Each engine's way to run a statement (`?` placeholders) and a few statements in one transaction. */
export type Sql = {
  query(sql: string, args: unknown[]): Promise<Record<string, unknown>[]>;
  transaction(statements: { sql: string; args: unknown[] }[]): Promise<void>;
  /** How a placeholder is read as an instant in a VALUES list ("?" or "?::timestamptz"). */
  instant: string;
  /** The engine's true for the entry column. */
  yes: string;
  /** A timestamp column as ISO 8601 text (SQLite stores it so; PostgreSQL's timestamptz formatted in UTC). */
  timestamp: (column: string) => string;
  /**
   * A statement that holds a lock on `key` until the transaction ends, where the engine lets two write
   * transactions run at once (PostgreSQL); none where writers take turns already (SQLite's write transactions).
   */
  lock?: (key: string) => { sql: string; args: unknown[] };
};

/** Between the fields of a row read as one value (pairs()). */
const RS = "\u001e";
/** The CAMPAIGN_SEPARATOR (storage.ts), repeated here to keep this module free of the engines' imports. */
const SEP = "\u001f";

/** How each table groups the raw rows (storage.ts's counts use the same). */
export const DIMENSIONS: Record<Dimension, { column: string; entryOnly: boolean; where?: string }> = {
  landingPages: { column: "path", entryOnly: true },
  pages: { column: "path", entryOnly: false },
  sources: { column: `COALESCE(source, '${SEP}' || utm_source, referrer, 'Direct')`, entryOnly: true },
  campaigns: {
    column: ["LOWER(utm_source)", "utm_medium", "utm_campaign", "utm_term", "utm_content"].map((column) => `COALESCE(${column}, '')`).join(` || '${SEP}' || `),
    entryOnly: true,
    where: "(utm_source IS NOT NULL OR utm_medium IS NOT NULL OR utm_campaign IS NOT NULL)",
  },
  countries: { column: "COALESCE(country, 'Unknown')", entryOnly: false },
  devices: { column: "device", entryOnly: false },
};

const num = (value: unknown) => Number(value ?? 0);
/** A boolean column as either engine gives it (SQLite 0/1, PostgreSQL true/false). */
const yes = (value: unknown) => value === true || Number(value) === 1;
const nextDay = (day: string) => addDays(day, 1);
const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;
const iso = (value: unknown) => (value == null ? null : value instanceof Date ? value.toISOString() : ISO.test(String(value)) ? String(value) : new Date(String(value)).toISOString());
const emptyTables = () => Object.fromEntries(DIMENSION_NAMES.map((name) => [name, [] as CountRow[]])) as Record<Dimension, CountRow[]>;
const outcomes = new Set<Outcome>(["answered", "won", "lost", "spam", "duplicate"]);

// Sources read before, by their stored text: a lead's never changes, and the dashboard reads the same leads
// request after request (parsing and checking them was a fifth of a year's request). Bounded, never mutated, and
// emptied every 10 minutes, so that an erased lead's source (messages -- erase) leaves memory soon too.
const sources = new Map<string, VisitSource | null>();
const SOURCES_KEPT_MS = 10 * 60_000;
let sourcesSince = Date.now();

function readSource(value: unknown): VisitSource | null {
  if (value == null) return null;
  const text = String(value);
  const seen = sources.get(text);
  if (seen !== undefined) return seen;
  let source: VisitSource | null = null;
  try {
    const parsed = sourceSchema.safeParse(JSON.parse(text));
    source = parsed.success ? parsed.data : null;
  } catch {
    source = null;
  }
  if (sources.size >= 20_000 || Date.now() - sourcesSince > SOURCES_KEPT_MS) {
    sources.clear();
    sourcesSince = Date.now();
  }
  sources.set(text, source);
  return source;
}

export class DailyCounts {
  constructor(private readonly sql: Sql) {}

  /** The rows a filter keeps: every page view of the visitors (keys, so of that day) who match it in the period. */
  private filterClause(filter: Filter | undefined, from: Date, to: Date): { where: string; args: unknown[] } {
    if (!filter) return { where: "", args: [] };
    const { column, entryOnly, where } = DIMENSIONS[filter.table];
    const conditions = ["at >= ?", "at < ?", `${column} = ?`, entryOnly ? `entry = ${this.sql.yes}` : "", where ?? ""].filter(Boolean).join(" AND ");
    return { where: ` AND v.visitor IN (SELECT visitor FROM visits WHERE ${conditions})`, args: [from.toISOString(), to.toISOString(), filter.name] };
  }

  /**
   * Counts of the raw rows of `days` (any days, in any order), with a filter on one row of one table. One pass: the
   * period's rows (those of the filter's visitors) are read once into a materialized list, which every table then
   * groups (reading the rows once per table cost six times as much). A visitor is counted once per day.
   */
  /** The `days` and `f` (the days' rows, each table's key as k_<table>) common table expressions of raw() and pairs(). */
  private rowsOf(days: Day[], filter: Filter | undefined): { ctes: string; args: unknown[] } {
    // The days as a list the visits join by range: each day's rows are found through the index on `at`.
    const list = `days(day, s, e) AS (VALUES ${days.map(() => `(?, ${this.sql.instant}, ${this.sql.instant})`).join(", ")})`;
    const listArgs = days.flatMap((d) => [d.day, d.start.toISOString(), d.end.toISOString()]);
    const from = new Date(Math.min(...days.map((d) => d.start.getTime())));
    const to = new Date(Math.max(...days.map((d) => d.end.getTime())));
    const filtered = this.filterClause(filter, from, to);
    const columns = DIMENSION_NAMES.map((name) => `${DIMENSIONS[name].column} AS k_${name}`).join(", ");
    const rows = `f AS MATERIALIZED (
      SELECT d.day AS day, v.visitor AS visitor, v.entry AS entry, ${columns}, CASE WHEN ${DIMENSIONS.campaigns.where} THEN 1 ELSE 0 END AS tagged
      FROM days d CROSS JOIN visits v WHERE v.at >= d.s AND v.at < d.e${filtered.where}
    )`;
    return { ctes: `${list}, ${rows}`, args: [...listArgs, ...filtered.args] };
  }

  /** Which of `f`'s rows count in a table (landing pages, sources and campaigns: a visit's first page only). */
  private tableCondition(name: Dimension): string {
    return [DIMENSIONS[name].entryOnly ? `entry = ${this.sql.yes}` : "", name === "campaigns" ? "tagged = 1" : ""].filter(Boolean).join(" AND ");
  }

  async raw(days: Day[], filter?: Filter): Promise<Daily> {
    if (days.length === 0) return { days: [], tables: emptyTables() };
    const { ctes, args } = this.rowsOf(days, filter);
    // A visitor once per day; of one day (today, a day's rollup) the key alone, without a string built per row.
    const visitorDays = days.length === 1 ? "visitor" : "day || ' ' || visitor";
    const groups = DIMENSION_NAMES.map((name) => {
      const condition = this.tableCondition(name);
      return `SELECT '${name}' AS dimension, k_${name} AS name, COUNT(DISTINCT ${visitorDays}) AS visitors, COUNT(*) AS pageviews FROM f${condition ? ` WHERE ${condition}` : ""} GROUP BY k_${name}`;
    });
    const result = await this.sql.query(
      `WITH ${ctes}
       SELECT 'total' AS dimension, day AS name, COUNT(DISTINCT visitor) AS visitors, COUNT(*) AS pageviews FROM f GROUP BY day
       ${groups.map((group) => `UNION ALL ${group}`).join("\n")}`,
      args,
    );
    const counts: Daily = { days: [], tables: emptyTables() };
    for (const row of result) {
      const dimension = String(row.dimension);
      const figures = { visitors: num(row.visitors), pageviews: num(row.pageviews) };
      if (dimension === "total") counts.days.push({ day: String(row.name), ...figures });
      else counts.tables[dimension as Dimension].push({ name: String(row.name), ...figures });
    }
    return counts;
  }

  /**
   * Counts of the aggregates of the days from `fromDay` to `toDay`. With a filter, only its own table has it
   * (aggregates keep one dimension at a time): the totals are that row's, and the other tables are empty. Without,
   * the tables of `months` (YYYY-MM, each wholly in the range and every day of it rolled up into its sums: see
   * rollups()) come from visit_months, the other days' from visit_days (by day: a week reads a week's rows).
   */
  async aggregated(fromDay: string, toDay: string, filter?: Filter, months: string[] = []): Promise<Daily> {
    if (fromDay > toDay) return { days: [], tables: emptyTables() };
    if (filter) {
      const rows = await this.sql.query("SELECT day, visitors, pageviews FROM visit_days WHERE dimension = ? AND name = ? AND day >= ? AND day <= ?", [filter.table, filter.name, fromDay, toDay]);
      const days = rows.map((row) => ({ day: String(row.day), visitors: num(row.visitors), pageviews: num(row.pageviews) }));
      const tables = emptyTables();
      if (days.length > 0) tables[filter.table] = [{ name: filter.name, visitors: days.reduce((sum, d) => sum + d.visitors, 0), pageviews: days.reduce((sum, d) => sum + d.pageviews, 0) }];
      return { days, tables };
    }
    // The ranges of days outside `months`: before the first, between two that are not next to each other, after the last.
    const whole = new Set(months);
    const ranges: [string, string][] = [];
    for (let day = fromDay; day <= toDay; day = nextDay(day)) {
      if (whole.has(day.slice(0, 7))) continue;
      const last = ranges[ranges.length - 1];
      if (last && nextDay(last[1]) === day) last[1] = day;
      else ranges.push([day, day]);
    }
    const parts = [
      ...ranges.map(() => "SELECT dimension, name, visitors, pageviews FROM visit_days WHERE day >= ? AND day <= ? AND dimension <> 'total'"),
      ...(months.length > 0 ? [`SELECT dimension, name, visitors, pageviews FROM visit_months WHERE month IN (${months.map(() => "?").join(", ")})`] : []),
    ];
    const [dayRows, tableRows] = await Promise.all([
      this.sql.query("SELECT day, visitors, pageviews FROM visit_days WHERE dimension = 'total' AND name = '' AND day >= ? AND day <= ?", [fromDay, toDay]),
      parts.length === 0
        ? Promise.resolve([])
        : this.sql.query(`SELECT dimension, name, SUM(visitors) AS visitors, SUM(pageviews) AS pageviews FROM (${parts.join(" UNION ALL ")}) rows GROUP BY dimension, name`, [...ranges.flat(), ...months]),
    ]);
    const tables = emptyTables();
    for (const row of tableRows) tables[String(row.dimension) as Dimension]?.push({ name: String(row.name), visitors: num(row.visitors), pageviews: num(row.pageviews) });
    return { days: dayRows.map((row) => ({ day: String(row.day), visitors: num(row.visitors), pageviews: num(row.pageviews) })), tables };
  }

  /**
   * A day's counts under every filter at once (visit_pairs): for each row a filter can name (filter, filter_name),
   * each table's rows and the day's totals (dimension 'total', name '') among the visitors it keeps. The same
   * figures raw([day], filter) gives: a filter keeps a visitor with one matching row that day, and a key is the day's.
   */
  async pairs(day: Day): Promise<(DayRow & { filter: Dimension; filterName: string })[]> {
    const { ctes, args } = this.rowsOf([day], undefined);
    // The day's rows are read once and paired here: in SQL the join of every visitor's filter rows with its table
    // rows cost seconds a day on SQLite, in a map a few tens of milliseconds.
    // One text value per page view (U+001E between fields; ingest's clean() keeps control characters out of values):
    // SQLite's client builds each value of a row apart, and nine a row cost more than the query itself.
    const fields = [`CASE WHEN entry = ${this.sql.yes} THEN '1' ELSE '0' END`, "CASE WHEN tagged = 1 THEN '1' ELSE '0' END", "visitor", ...DIMENSION_NAMES.map((name) => `k_${name}`)];
    const rows = (await this.sql.query(`WITH ${ctes} SELECT ${fields.join(` || '${RS}' || `)} AS r FROM f`, args)).map((row) => String(row.r).split(RS));
    // Per visitor: the rows a filter can name (a key per table and name) and each table row's page views.
    const visitors = new Map<string, { filters: Set<string>; tables: Map<string, number> }>();
    for (const [entry, tagged, visitor, ...keys] of rows) {
      let seen = visitors.get(visitor!);
      if (!seen) visitors.set(visitor!, (seen = { filters: new Set(), tables: new Map() }));
      const named = ["total\u0000"];
      for (const [i, name] of DIMENSION_NAMES.entries()) {
        if (DIMENSIONS[name].entryOnly && entry !== "1") continue;
        if (name === "campaigns" && tagged !== "1") continue;
        const key = `${name}\u0000${keys[i]}`;
        seen.filters.add(key);
        named.push(key);
      }
      for (const key of named) seen.tables.set(key, (seen.tables.get(key) ?? 0) + 1);
    }
    // Each (filter row, table row): the visitors the filter keeps who have the table row, and their page views there.
    const pairs = new Map<string, { visitors: number; pageviews: number }>();
    for (const { filters, tables } of visitors.values()) {
      for (const filter of filters) {
        for (const [table, pageviews] of tables) {
          const key = `${filter}\u0000${table}`;
          const pair = pairs.get(key);
          if (pair) {
            pair.visitors += 1;
            pair.pageviews += pageviews;
          } else pairs.set(key, { visitors: 1, pageviews });
        }
      }
    }
    return [...pairs].map(([key, figures]) => {
      const [filter, filterName, dimension, name] = key.split("\u0000") as [Dimension, string, Dimension | "total", string];
      return { filter, filterName, day: day.day, dimension, name, ...figures };
    });
  }

  /**
   * Counts of the days `days` (each with its pairs, pairedDays) under a filter, from visit_pairs: every table and
   * the totals, as raw() of those days with the filter would count them.
   */
  async filtered(days: string[], filter: Filter): Promise<Daily> {
    if (days.length === 0) return { days: [], tables: emptyTables() };
    // Each day read through the key (filter, filter_name, day); the tables added up here, not row by row in
    // JavaScript (SQLite's client builds an object per row: 90 days are some 20,000 rows).
    const list = days.map(() => "?").join(", ");
    const where = `filter = ? AND filter_name = ? AND day IN (${list})`;
    const args = [filter.table, filter.name, ...days];
    const rows = await this.sql.query(
      `SELECT day, 'total' AS dimension, '' AS name, visitors, pageviews FROM visit_pairs WHERE ${where} AND dimension = 'total'
       UNION ALL
       SELECT NULL, dimension, name, SUM(visitors), SUM(pageviews) FROM visit_pairs WHERE ${where} AND dimension <> 'total' GROUP BY dimension, name`,
      [...args, ...args],
    );
    const counts: Daily = { days: [], tables: emptyTables() };
    for (const row of rows) {
      const figures = { visitors: num(row.visitors), pageviews: num(row.pageviews) };
      const dimension = String(row.dimension);
      if (dimension === "total") counts.days.push({ day: String(row.day), ...figures });
      else counts.tables[dimension as Dimension]?.push({ name: String(row.name), ...figures });
    }
    return counts;
  }

  /**
   * What visit_rollups says of the days from `fromDay` to `toDay` that have been rolled up: whether each has its
   * pairs (visit_pairs) and whether it is in its month's sums (visit_months).
   */
  async rollups(fromDay: string, toDay: string): Promise<Map<string, { pairs: boolean; months: boolean }>> {
    const rows = await this.sql.query("SELECT day, pairs, months FROM visit_rollups WHERE day >= ? AND day <= ?", [fromDay, toDay]);
    return new Map(rows.map((row) => [String(row.day), { pairs: yes(row.pairs), months: yes(row.months) }]));
  }

  /** The days from `fromDay` to `toDay` that have their pairs (visit_pairs) written. */
  async pairedDays(fromDay: string, toDay: string): Promise<Set<string>> {
    const rows = await this.sql.query(`SELECT day FROM visit_rollups WHERE day >= ? AND day <= ? AND pairs = ${this.sql.yes}`, [fromDay, toDay]);
    return new Set(rows.map((row) => String(row.day)));
  }

  /** The days from `fromDay` to `toDay` that have been rolled up. */
  async rolledDays(fromDay: string, toDay: string): Promise<Set<string>> {
    const rows = await this.sql.query("SELECT day FROM visit_rollups WHERE day >= ? AND day <= ?", [fromDay, toDay]);
    return new Set(rows.map((row) => String(row.day)));
  }

  /**
   * Writes a day's aggregates from its raw rows, and marks it rolled up, in one transaction. Idempotent: an upsert
   * of the same counts, so two instances rolling the same day write the same rows (the second waits for the first).
   */
  async rollUp(day: Day, now: Date): Promise<void> {
    const counts = await this.raw([day]);
    const rows: DayRow[] = [
      ...counts.days.map((d) => ({ day: day.day, dimension: "total" as const, name: "", visitors: d.visitors, pageviews: d.pageviews })),
      ...DIMENSION_NAMES.flatMap((dimension) => counts.tables[dimension].map((row) => ({ day: day.day, dimension, ...row }))),
    ];
    const statements: { sql: string; args: unknown[] }[] = [];
    for (let i = 0; i < rows.length; i += 200) {
      const chunk = rows.slice(i, i + 200);
      statements.push({
        sql: `INSERT INTO visit_days (day, dimension, name, visitors, pageviews) VALUES ${chunk.map(() => "(?, ?, ?, ?, ?)").join(", ")}
              ON CONFLICT (dimension, name, day) DO UPDATE SET visitors = excluded.visitors, pageviews = excluded.pageviews`,
        args: chunk.flatMap((row) => [row.day, row.dimension, row.name, row.visitors, row.pageviews]),
      });
    }
    // A day without visits has no pairs either: not read again.
    const pairs = counts.days.length > 0 ? await this.pairs(day) : [];
    for (let i = 0; i < pairs.length; i += 200) {
      const chunk = pairs.slice(i, i + 200);
      statements.push({
        sql: `INSERT INTO visit_pairs (filter, filter_name, day, dimension, name, visitors, pageviews) VALUES ${chunk.map(() => "(?, ?, ?, ?, ?, ?, ?)").join(", ")}
              ON CONFLICT (filter, filter_name, day, dimension, name) DO UPDATE SET visitors = excluded.visitors, pageviews = excluded.pageviews`,
        args: chunk.flatMap((row) => [row.filter, row.filterName, row.day, row.dimension, row.name, row.visitors, row.pageviews]),
      });
    }
    // The day's month summed again from its days (an upsert of the same sums whoever runs it); read only once
    // every day of the month is in it (rollups()). Under PostgreSQL's READ COMMITTED, two instances rolling up two
    // days of one month at once would each sum without the other's day and the last to commit would win: the
    // month's lock makes the second wait, and its sum (a statement's snapshot starts after the wait) sees both.
    const month = day.day.slice(0, 7);
    if (this.sql.lock) statements.push(this.sql.lock(`visit_months ${month}`));
    statements.push({
      sql: `INSERT INTO visit_months (month, dimension, name, visitors, pageviews)
            SELECT ?, dimension, name, SUM(visitors), SUM(pageviews) FROM visit_days WHERE day >= ? AND day <= ? AND dimension <> 'total' GROUP BY dimension, name
            ON CONFLICT (dimension, name, month) DO UPDATE SET visitors = excluded.visitors, pageviews = excluded.pageviews`,
      args: [month, `${month}-01`, `${month}-31`],
    });
    statements.push({
      sql: `INSERT INTO visit_rollups (day, rolled_at, pairs, months) VALUES (?, ${this.sql.instant}, ${this.sql.yes}, ${this.sql.yes})
            ON CONFLICT (day) DO UPDATE SET pairs = ${this.sql.yes}, months = ${this.sql.yes}`,
      args: [day.day, now.toISOString()],
    });
    await this.sql.transaction(statements);
  }

  /** Deletes the aggregates per filter of the days before `day` (RAW_DAYS). */
  async deletePairsBefore(day: string): Promise<void> {
    await this.sql.query("DELETE FROM visit_pairs WHERE day < ?", [day]);
  }

  /** Deletes the aggregates of the days before `day` (INSIGHTS_RETENTION_DAYS). */
  async deleteAggregatesBefore(day: string): Promise<number> {
    await this.sql.transaction([
      { sql: "DELETE FROM visit_days WHERE day < ?", args: [day] },
      { sql: "DELETE FROM visit_pairs WHERE day < ?", args: [day] },
      { sql: "DELETE FROM visit_rollups WHERE day < ?", args: [day] },
      // A month whose first days are gone goes too: its sums hold them, and it is read by day from now on (its
      // first days have no rollup left, rollups()); a month that starts on `day` is kept whole.
      { sql: "DELETE FROM visit_months WHERE month < ?", args: [day.endsWith("-01") ? day.slice(0, 7) : addDays(`${day.slice(0, 7)}-28`, 7).slice(0, 7)] },
    ]);
    return 0;
  }

  /** The leads that arrived in [from, to), with what the figures need of them. */
  async leads(from: Date, to: Date): Promise<LeadFacts[]> {
    // One text value per lead, as pairs() reads rows (two years are 7,000 leads: SQLite's client builds each value
    // of a row apart). A nullable value comes after a "v" ("": null); JSON text holds no raw control character.
    const nullable = (column: string) => `COALESCE('v' || ${column}, '')`;
    const fields = [this.sql.timestamp("created_at"), nullable("source"), nullable("country"), nullable("device"), nullable(this.sql.timestamp("first_taken_at")), nullable("outcome")];
    const rows = await this.sql.query(`SELECT ${fields.join(` || '${RS}' || `)} AS r FROM messages WHERE created_at >= ? AND created_at < ? ORDER BY created_at`, [from.toISOString(), to.toISOString()]);
    const value = (field: string | undefined) => (field ? field.slice(1) : null);
    return rows.map((row) => {
      const [createdAt, source, country, device, firstTakenAt, outcome] = String(row.r).split(RS);
      return {
        createdAt: iso(createdAt) ?? "",
        source: readSource(value(source)),
        country: value(country),
        device: value(device),
        firstTakenAt: iso(value(firstTakenAt)),
        outcome: outcomes.has(value(outcome) as Outcome) ? (value(outcome) as Outcome) : null,
      };
    });
  }
}
