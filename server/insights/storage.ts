import { randomUUID } from "node:crypto";
import type { Client, InArgs, InStatement } from "@libsql/client";
import type pg from "pg";
import type { Store } from "../db/store";
import { withPoolClient } from "../db/postgres-client";
import { PostgresStore } from "../db/postgres-store";
import { SqliteStore } from "../db/sqlite-store";
import { DailyCounts } from "./daily";
import type { VisitWriter } from "./sqlite-visit-writer";

/*
 * Where visit counts, the daily salts and the weekly report's outbox live: tables of the message database
 * (migrations SQLite 7, PostgreSQL 5), reached through the store's own connection. Kept apart from the Store
 * interface: counting is not about leads, and a count may be lost where a lead never may.
 */

/** One page view as stored: never an IP or a user agent. */
export type Visit = {
  at: Date;
  /** Truncated keyed hash of the day's salt, the IP and the user agent (salt.ts). */
  visitor: string;
  path: string;
  /** The first page of a visit (arrived from elsewhere), which carries its source and campaign. */
  entry: boolean;
  referrer: string | null;
  /** What the visit is counted under in the sources table (source-name.ts); null on a page that is not the first. */
  source: string | null;
  utmSource: string | null;
  utmMedium: string | null;
  utmCampaign: string | null;
  utmTerm: string | null;
  utmContent: string | null;
  country: string | null;
  device: string;
};

/** One group of a table: its name and counts (visitors distinct, page views all). */
export type CountRow = { name: string; visitors: number; pageviews: number };
export type Dimension = "landingPages" | "pages" | "sources" | "campaigns" | "countries" | "devices";
export type Counts = { visitors: number; pageviews: number; tables: Record<Dimension, CountRow[]> };

export type ReportRow = { week: string; status: "pending" | "sent" | "failed"; attempts: number; sentAt: string | null; lastError: string | null };
/** `previousSend`: when the week's report went before (a forced resend), else null. */
export type ReportClaim = { week: string; lease: string; attempt: number; previousSend: Date | null };

export interface InsightsStorage {
  /** The salt of `day` (YYYY-MM-DD in COMPANY_TIME_ZONE), made at random by whichever instance asks first; every instance gets the same. */
  saltFor(day: string, now: Date): Promise<string>;
  /** Deletes salts made before `cutoff` (47 hours ago: gone within 48 with the hourly sweep): the keys they made can no longer be linked to anyone. */
  deleteSaltsBefore(cutoff: Date): Promise<number>;
  insertVisits(visits: Visit[]): Promise<void>;
  /** Counts of the visits in [from, to). */
  counts(from: Date, to: Date): Promise<Counts>;
  deleteVisitsBefore(cutoff: Date): Promise<number>;
  /** When the oldest stored count was made, or null when there is none (counting never started). */
  firstVisitAt(): Promise<Date | null>;
  /** Queues the report of `week` (its Monday, YYYY-MM-DD) unless it is already there. Resolves to whether it was queued now. */
  queueReport(week: string, now: Date): Promise<boolean>;
  /** Queues it again even if it went (`--force`). */
  requeueReport(week: string, now: Date): Promise<void>;
  report(week: string): Promise<ReportRow | null>;
  /** Takes the due pending reports for `leaseMs` (one instance at a time per week). */
  claimReports(now: Date, leaseMs: number, week?: string): Promise<ReportClaim[]>;
  markReportSent(claim: ReportClaim, at: Date): Promise<void>;
  markReportFailed(claim: ReportClaim, error: string, retryAt: Date | null): Promise<void>;
  /** Counts by company day, raw or from the daily aggregates, the rollup, and the leads the figures need (daily.ts). */
  readonly daily: DailyCounts;
}

/** Joins a campaign's three utm_* values in its key (U+001F, a control character: never in a cleaned value). */
export const CAMPAIGN_SEPARATOR = "\u001f";

const DIMENSIONS: Record<Dimension, { column: string; entryOnly: boolean }> = {
  landingPages: { column: "path", entryOnly: true },
  pages: { column: "path", entryOnly: false },
  // The source named at ingest. Counts stored before it was (migrations SQLite 12, PostgreSQL 10) give their
  // utm_source after CAMPAIGN_SEPARATOR, or their referrer's origin, which the query names (query.ts).
  sources: { column: `COALESCE(source, '${CAMPAIGN_SEPARATOR}' || utm_source, referrer, 'Direct')`, entryOnly: true },
  // The five utm_* values joined by CAMPAIGN_SEPARATOR, which stored values cannot hold (ingest's clean() takes
  // control characters out), only for visits that carried at least one of source, medium and campaign. utm_source
  // lower-cased, as the sources table takes it (and the query a lead's).
  campaigns: { column: ["LOWER(utm_source)", "utm_medium", "utm_campaign", "utm_term", "utm_content"].map((column) => `COALESCE(${column}, '')`).join(` || '${CAMPAIGN_SEPARATOR}' || `), entryOnly: true },
  countries: { column: "COALESCE(country, 'Unknown')", entryOnly: false },
  devices: { column: "device", entryOnly: false },
};

/** The same SQL for both engines; `p(n)` writes the engine's n-th placeholder. */
function countQueries(p: (n: number) => string, entryTrue: string) {
  const range = `at >= ${p(1)} AND at < ${p(2)}`;
  const totals = `SELECT COUNT(DISTINCT visitor) AS visitors, COUNT(*) AS pageviews FROM visits WHERE ${range}`;
  const tables = Object.fromEntries(
    Object.entries(DIMENSIONS).map(([name, { column, entryOnly }]) => {
      const where = [range, entryOnly ? `entry = ${entryTrue}` : "", name === "campaigns" ? "(utm_source IS NOT NULL OR utm_medium IS NOT NULL OR utm_campaign IS NOT NULL)" : ""].filter(Boolean).join(" AND ");
      return [name, `SELECT ${column} AS name, COUNT(DISTINCT visitor) AS visitors, COUNT(*) AS pageviews FROM visits WHERE ${where} GROUP BY 1 ORDER BY 2 DESC, 3 DESC, 1 LIMIT 1000`];
    }),
  ) as Record<Dimension, string>;
  return { totals, tables };
}

const toRows = (rows: Record<string, unknown>[]): CountRow[] => rows.map((row) => ({ name: String(row.name), visitors: Number(row.visitors), pageviews: Number(row.pageviews) }));

const VISIT_COLUMNS = "at, visitor, path, entry, referrer, source, utm_source, utm_medium, utm_campaign, utm_term, utm_content, country, device";
// Rows per INSERT: well under either engine's limit on parameters.
const CHUNK = 200;

class SqliteInsights implements InsightsStorage {
  /**
   * `writeVisits`: where count batches go (a worker's connection, sqlite-visit-writer.ts); else this connection.
   * `clearWal`: empties the WAL after a delete, retried while a reader keeps it out (SqliteStore.clearWal).
   */
  constructor(
    private readonly db: Client,
    private readonly writeVisits?: (statements: InStatement[]) => Promise<void>,
    private readonly clearWal: () => Promise<void> = async () => {
      await this.db.execute("PRAGMA wal_checkpoint(TRUNCATE)");
    },
  ) {
    this.daily = new DailyCounts({
      query: async (sql, args) => (await this.db.execute({ sql, args: args as InArgs })).rows as unknown as Record<string, unknown>[],
      transaction: async (statements) => void (await this.db.batch(statements.map(({ sql, args }) => ({ sql, args: args as InArgs })), "write")),
      instant: "?",
      yes: "1",
      timestamp: (column) => column,
    });
  }

  readonly daily: DailyCounts;

  async saltFor(day: string, now: Date) {
    const [, row] = await this.db.batch(
      [
        { sql: "INSERT INTO insights_salts (day, salt, created_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING", args: [day, newSalt(), now.toISOString()] },
        { sql: "SELECT salt FROM insights_salts WHERE day = ?", args: [day] },
      ],
      "write",
    );
    return String(row!.rows[0]!.salt);
  }

  async deleteSaltsBefore(cutoff: Date) {
    const result = await this.db.execute({ sql: "DELETE FROM insights_salts WHERE created_at < ?", args: [cutoff.toISOString()] });
    // secure_delete zeroes the page; the checkpoint takes the old page out of the WAL (retried while a reader
    // holds an older snapshot, so the salt's bytes leave every file of the database as soon as it lets go).
    if (result.rowsAffected > 0) await this.clearWal();
    return result.rowsAffected;
  }

  async insertVisits(visits: Visit[]) {
    if (visits.length === 0) return;
    const statements = [];
    for (let i = 0; i < visits.length; i += CHUNK) {
      const chunk = visits.slice(i, i + CHUNK);
      statements.push({
        sql: `INSERT INTO visits (${VISIT_COLUMNS}) VALUES ${chunk.map(() => "(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)").join(", ")}`,
        args: chunk.flatMap((v) => [v.at.toISOString(), v.visitor, v.path, v.entry ? 1 : 0, v.referrer, v.source, v.utmSource, v.utmMedium, v.utmCampaign, v.utmTerm, v.utmContent, v.country, v.device]),
      });
    }
    if (this.writeVisits) await this.writeVisits(statements);
    else await this.db.batch(statements, "write");
  }

  async counts(from: Date, to: Date): Promise<Counts> {
    const { totals, tables } = countQueries(() => "?", "1");
    const args = [from.toISOString(), to.toISOString()];
    const [total, ...results] = await this.db.batch([{ sql: totals, args }, ...Object.values(tables).map((sql) => ({ sql, args }))], "read");
    return {
      visitors: Number(total!.rows[0]?.visitors ?? 0),
      pageviews: Number(total!.rows[0]?.pageviews ?? 0),
      tables: Object.fromEntries(Object.keys(tables).map((name, i) => [name, toRows(results[i]!.rows as unknown as Record<string, unknown>[])])) as Counts["tables"],
    };
  }

  async firstVisitAt() {
    const at = (await this.db.execute("SELECT MIN(at) AS at FROM visits")).rows[0]?.at;
    return at ? new Date(String(at)) : null;
  }

  async deleteVisitsBefore(cutoff: Date) {
    return (await this.db.execute({ sql: "DELETE FROM visits WHERE at < ?", args: [cutoff.toISOString()] })).rowsAffected;
  }

  async queueReport(week: string, now: Date) {
    const result = await this.db.execute({ sql: "INSERT INTO insights_reports (week, next_attempt_at) VALUES (?, ?) ON CONFLICT DO NOTHING", args: [week, now.toISOString()] });
    return result.rowsAffected > 0;
  }

  async requeueReport(week: string, now: Date) {
    await this.db.execute({
      sql: `INSERT INTO insights_reports (week, next_attempt_at) VALUES (?, ?)
            ON CONFLICT (week) DO UPDATE SET status = 'pending', attempts = 0, next_attempt_at = excluded.next_attempt_at, lease = NULL, locked_until = NULL, last_error = NULL`,
      args: [week, now.toISOString()],
    });
  }

  async report(week: string) {
    const row = (await this.db.execute({ sql: "SELECT week, status, attempts, sent_at, last_error FROM insights_reports WHERE week = ?", args: [week] })).rows[0];
    return row ? toReportRow(row as unknown as Record<string, unknown>) : null;
  }

  async claimReports(now: Date, leaseMs: number, week?: string) {
    const lease = randomUUID();
    const result = await this.db.execute({
      sql: `UPDATE insights_reports SET attempts = attempts + 1, lease = ?, locked_until = ?
            WHERE status = 'pending' AND next_attempt_at <= ? AND (locked_until IS NULL OR locked_until <= ?) AND (? IS NULL OR week = ?)
            RETURNING week, attempts, sent_at`,
      args: [lease, new Date(now.getTime() + leaseMs).toISOString(), now.toISOString(), now.toISOString(), week ?? null, week ?? null],
    });
    return result.rows.map((row) => ({ week: String(row.week), lease, attempt: Number(row.attempts), previousSend: row.sent_at ? new Date(String(row.sent_at)) : null }));
  }

  async markReportSent(claim: ReportClaim, at: Date) {
    await this.db.execute({
      sql: "UPDATE insights_reports SET status = 'sent', sent_at = ?, lease = NULL, locked_until = NULL, last_error = NULL WHERE week = ? AND lease = ?",
      args: [at.toISOString(), claim.week, claim.lease],
    });
  }

  async markReportFailed(claim: ReportClaim, error: string, retryAt: Date | null) {
    await this.db.execute({
      sql: "UPDATE insights_reports SET status = ?, next_attempt_at = COALESCE(?, next_attempt_at), last_error = ?, lease = NULL, locked_until = NULL WHERE week = ? AND lease = ?",
      args: [retryAt ? "pending" : "failed", retryAt?.toISOString() ?? null, error, claim.week, claim.lease],
    });
  }
}

/** `?` placeholders as PostgreSQL's numbered ones (the statements of daily.ts hold no `?` of their own). */
const numbered = (sql: string) => {
  let n = 0;
  return sql.replace(/\?/g, () => `$${++n}`);
};

class PostgresInsights implements InsightsStorage {
  constructor(private readonly pool: pg.Pool) {
    this.daily = new DailyCounts({
      query: async (sql, args) => (await this.pool.query(numbered(sql), args)).rows as Record<string, unknown>[],
      transaction: (statements) =>
        withPoolClient(this.pool, async (client) => {
          await client.query("BEGIN");
          try {
            for (const { sql, args } of statements) await client.query(numbered(sql), args);
            await client.query("COMMIT");
          } catch (error) {
            await client.query("ROLLBACK").catch(() => {});
            throw error;
          }
        }),
      instant: "?::timestamptz",
      yes: "true",
      // Two keys of 32 bits: a key space apart from the store's single-key locks (migrations, the confirmation cap).
      lock: (key) => ({ sql: "SELECT pg_advisory_xact_lock(1986622324, hashtext(?))", args: [key] }),
      timestamp: (column) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
    });
  }

  readonly daily: DailyCounts;

  async saltFor(day: string, now: Date) {
    await this.pool.query("INSERT INTO insights_salts (day, salt, created_at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING", [day, newSalt(), now]);
    return String((await this.pool.query<{ salt: string }>("SELECT salt FROM insights_salts WHERE day = $1", [day])).rows[0]!.salt);
  }

  async deleteSaltsBefore(cutoff: Date) {
    const result = await this.pool.query("DELETE FROM insights_salts WHERE created_at < $1", [cutoff]);
    // A deleted row stays in the table's file until it is vacuumed: VACUUM FULL rewrites the (tiny) table without it.
    if ((result.rowCount ?? 0) > 0) await this.pool.query("VACUUM FULL insights_salts");
    return result.rowCount ?? 0;
  }

  async insertVisits(visits: Visit[]) {
    await withPoolClient(this.pool, async (client) => {
      await client.query("BEGIN");
      // A count may be lost in a crash, a lead never: the counts' commit does not wait for its WAL to reach the
      // disk, so it never holds up the commit (and fsync) of a lead arriving at the same moment.
      await client.query("SET LOCAL synchronous_commit = off");
      for (let i = 0; i < visits.length; i += CHUNK) {
        const chunk = visits.slice(i, i + CHUNK);
        // One INSERT of thirteen arrays: a fixed statement whatever the batch's size.
        await client.query(
          `INSERT INTO visits (${VISIT_COLUMNS})
           SELECT * FROM unnest($1::timestamptz[], $2::text[], $3::text[], $4::boolean[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[], $10::text[], $11::text[], $12::text[], $13::text[])`,
          [
            chunk.map((v) => v.at),
            chunk.map((v) => v.visitor),
            chunk.map((v) => v.path),
            chunk.map((v) => v.entry),
            chunk.map((v) => v.referrer),
            chunk.map((v) => v.source),
            chunk.map((v) => v.utmSource),
            chunk.map((v) => v.utmMedium),
            chunk.map((v) => v.utmCampaign),
            chunk.map((v) => v.utmTerm),
            chunk.map((v) => v.utmContent),
            chunk.map((v) => v.country),
            chunk.map((v) => v.device),
          ],
        );
      }
      await client.query("COMMIT");
    });
  }

  async counts(from: Date, to: Date): Promise<Counts> {
    const { totals, tables } = countQueries((n) => `$${n}`, "true");
    const args = [from, to];
    const [total, ...results] = await Promise.all([this.pool.query(totals, args), ...Object.values(tables).map((sql) => this.pool.query(sql, args))]);
    return {
      visitors: Number(total.rows[0]?.visitors ?? 0),
      pageviews: Number(total.rows[0]?.pageviews ?? 0),
      tables: Object.fromEntries(Object.keys(tables).map((name, i) => [name, toRows(results[i]!.rows)])) as Counts["tables"],
    };
  }

  async firstVisitAt() {
    const at = (await this.pool.query<{ at: Date | null }>("SELECT MIN(at) AS at FROM visits")).rows[0]?.at;
    return at ? new Date(at) : null;
  }

  async deleteVisitsBefore(cutoff: Date) {
    return (await this.pool.query("DELETE FROM visits WHERE at < $1", [cutoff])).rowCount ?? 0;
  }

  async queueReport(week: string, now: Date) {
    return ((await this.pool.query("INSERT INTO insights_reports (week, next_attempt_at) VALUES ($1, $2) ON CONFLICT DO NOTHING", [week, now])).rowCount ?? 0) > 0;
  }

  async requeueReport(week: string, now: Date) {
    await this.pool.query(
      `INSERT INTO insights_reports (week, next_attempt_at) VALUES ($1, $2)
       ON CONFLICT (week) DO UPDATE SET status = 'pending', attempts = 0, next_attempt_at = excluded.next_attempt_at, lease = NULL, locked_until = NULL, last_error = NULL`,
      [week, now],
    );
  }

  async report(week: string) {
    const row = (await this.pool.query("SELECT week, status, attempts, sent_at, last_error FROM insights_reports WHERE week = $1", [week])).rows[0] as Record<string, unknown> | undefined;
    return row ? toReportRow(row) : null;
  }

  async claimReports(now: Date, leaseMs: number, week?: string) {
    const lease = randomUUID();
    // The lease runs on the database's clock, the same for every instance.
    const result = await this.pool.query<{ week: string; attempts: number; sent_at: Date | null }>(
      `UPDATE insights_reports SET attempts = attempts + 1, lease = $1, locked_until = now() + $2 * interval '1 millisecond'
       WHERE week IN (
         SELECT week FROM insights_reports
         WHERE status = 'pending' AND next_attempt_at <= $3 AND (locked_until IS NULL OR locked_until <= now()) AND ($4::text IS NULL OR week = $4)
         FOR UPDATE SKIP LOCKED
       )
       RETURNING week, attempts, sent_at`,
      [lease, leaseMs, now, week ?? null],
    );
    return result.rows.map((row) => ({ week: row.week, lease, attempt: Number(row.attempts), previousSend: row.sent_at ? new Date(row.sent_at) : null }));
  }

  async markReportSent(claim: ReportClaim, at: Date) {
    await this.pool.query("UPDATE insights_reports SET status = 'sent', sent_at = $1, lease = NULL, locked_until = NULL, last_error = NULL WHERE week = $2 AND lease = $3", [at, claim.week, claim.lease]);
  }

  async markReportFailed(claim: ReportClaim, error: string, retryAt: Date | null) {
    await this.pool.query(
      "UPDATE insights_reports SET status = $1, next_attempt_at = COALESCE($2, next_attempt_at), last_error = $3, lease = NULL, locked_until = NULL WHERE week = $4 AND lease = $5",
      [retryAt ? "pending" : "failed", retryAt, error, claim.week, claim.lease],
    );
  }
}

function toReportRow(row: Record<string, unknown>): ReportRow {
  const sentAt = row.sent_at == null ? null : new Date(row.sent_at as string | Date).toISOString();
  return { week: String(row.week), status: row.status as ReportRow["status"], attempts: Number(row.attempts), sentAt, lastError: row.last_error == null ? null : String(row.last_error) };
}

/** 32 random bytes, as hex: never derived from anything, so nothing can recompute it once it is deleted. */
function newSalt(): string {
  return Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString("hex");
}

/** The insights tables of an open message store. */
export function insightsStorage(store: Store, { sqliteWriter }: { sqliteWriter?: VisitWriter } = {}): InsightsStorage {
  if (store instanceof SqliteStore) return new SqliteInsights(store.db, sqliteWriter?.write, () => store.clearWal());
  if (store instanceof PostgresStore) return new PostgresInsights(store.pool);
  throw new Error(`No insights storage for the ${store.engine} store.`);
}
