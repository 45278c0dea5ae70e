import { randomUUID } from "node:crypto";
import pg from "pg";
import { migrations as allMigrations, type Migration } from "./postgres-migrations";
import { withPoolClient } from "./postgres-client";
import { createPostgresRateLimiter } from "./postgres-rate-limit";
import { outboxStatsSql, toOutboxStats } from "./outbox-stats";
import { DELIVERY_COLUMNS, MESSAGE_COLUMNS, failedDelivery, inboxSearch, SEARCH_BATCH, sourceColumn, toHistory, toLeads, toMessage, type Row } from "./rows";
import { CHANNEL_NOT_CONFIGURED, CONFIRMATION_CAP_WINDOW_MS, CONFIRMATION_WINDOW_MS, PREVIEW_DUE_SLACK_MS, PREVIEW_RECORD_WINDOW_MS, UNDELIVERED, LEAD_CHANNELS_SQL, HELD_FOR_VERIFICATION_SQL, addressKey, leadKey, type Channel, type Delivered, type EarlierPreview, type Enqueue, type InboxQuery, type Lead, type Outcome, type NewMessage, type OutboxJob, type Store, type StoredMessage, type Take, type Verification } from "./store";

export type PostgresOptions = {
  /** Connections per instance (PG_POOL_MAX). Every instance has its own pool: keep the sum under max_connections. */
  poolMax?: number;
  /** Server-side limit per statement (PG_STATEMENT_TIMEOUT_MS); also the client-side wait for an answer. */
  statementTimeoutMs?: number;
  /** How long to wait for a connection, new or from the pool (PG_CONNECT_TIMEOUT_MS). */
  connectTimeoutMs?: number;
  /** Called when an idle pooled connection breaks (database restarted, network cut). Nothing else to do: the pool drops it. */
  onPoolError?: (error: Error) => void;
  /** How long start-up waits for another instance's migrations (PG_MIGRATION_WAIT_MS). */
  migrationWaitMs?: number;
  migrations?: Migration[];
};

export const isPostgresUrl = (url: string) => /^postgres(ql)?:\/\//i.test(url);

// Any constant will do, as long as nothing else in the database uses it: "arcline" in ASCII.
const MIGRATION_LOCK = 0x617263_6c696e65n;
// The hourly cap on confirmations, counted by one instance at a time: "confirm" in ASCII.
const CONFIRMATION_CAP_LOCK = 0x636f6e_6669726dn;

/** A pool with time limits everywhere, so a database that is down or stuck makes queries fail fast, never hang. */
export function createPool(url: string, { poolMax = 10, statementTimeoutMs = 5000, connectTimeoutMs = 3000, onPoolError }: PostgresOptions = {}) {
  const pool = new pg.Pool({
    connectionString: url,
    max: poolMax,
    connectionTimeoutMillis: connectTimeoutMs,
    statement_timeout: statementTimeoutMs,
    // The server's limit does not help when the server is gone; this one does (a little later, so the server's error wins).
    query_timeout: statementTimeoutMs + 1000,
    idle_in_transaction_session_timeout: statementTimeoutMs * 2,
    idleTimeoutMillis: 30_000,
    keepAlive: true,
    application_name: "arcline-contact",
  });
  // Without a listener, an idle client's error (e.g. the server restarting) would crash the process.
  pool.on("error", (error) => onPoolError?.(error));
  return pool;
}

export type MigrateOptions = {
  /** How long to wait for another instance's migrations (PG_MIGRATION_WAIT_MS) before giving up with a clear message. */
  lockWaitMs?: number;
  connectTimeoutMs?: number;
};

/**
 * Applies the migrations not yet recorded, one transaction each, holding an advisory lock meanwhile. On a
 * connection of its own, without the pool's time limits: a migration, or the wait for another instance's, may
 * take longer than any request is allowed to. The wait is bounded by `lockWaitMs`.
 */
export async function migrate(url: string, migrations: Migration[] = allMigrations, { lockWaitMs = 120_000, connectTimeoutMs = 3000 }: MigrateOptions = {}) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: connectTimeoutMs, application_name: "arcline-contact-migrate" });
  // An error on an idle client must not crash the process; the next query reports it.
  client.on("error", () => {});
  await client.connect();
  try {
    const deadline = Date.now() + lockWaitMs;
    // pg_try_advisory_lock in a loop rather than pg_advisory_lock: the wait has an end and says why.
    while (!(await client.query<{ locked: boolean }>("SELECT pg_try_advisory_lock($1) AS locked", [MIGRATION_LOCK.toString()])).rows[0]?.locked) {
      if (Date.now() >= deadline) {
        throw new Error(
          `Another instance has been migrating the database for over ${Math.round(lockWaitMs / 1000)} s (advisory lock ${MIGRATION_LOCK}); not starting. Start again once it is done, or raise PG_MIGRATION_WAIT_MS.`,
        );
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    try {
      await client.query("CREATE TABLE IF NOT EXISTS schema_migrations (version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL)");
      const applied = new Set((await client.query<{ version: number }>("SELECT version FROM schema_migrations")).rows.map((row) => row.version));
      for (const migration of [...migrations].sort((a, b) => a.version - b.version)) {
        if (applied.has(migration.version)) continue;
        try {
          await client.query("BEGIN");
          for (const statement of migration.statements) await client.query(statement);
          await client.query("INSERT INTO schema_migrations (version, name, applied_at) VALUES ($1, $2, now())", [migration.version, migration.name]);
          await client.query("COMMIT");
          for (const statement of migration.afterCommit ?? []) await client.query(statement);
        } catch (error) {
          await client.query("ROLLBACK").catch(() => {});
          throw new Error(`Migration ${migration.version} (${migration.name}) failed: ${(error as Error).message}`, { cause: error });
        }
      }
    } finally {
      await client.query("SELECT pg_advisory_unlock($1)", [MIGRATION_LOCK.toString()]).catch(() => {});
    }
  } finally {
    await client.end().catch(() => {});
  }
}

const ids = (rows: { id: string }[]) => rows.map((row) => Number(row.id)).sort((a, b) => a - b);

/** PostgreSQL, for several instances sharing one database: leads, outbox and rate limits. */
export class PostgresStore implements Store {
  readonly engine = "postgres" as const;

  constructor(readonly pool: pg.Pool) {}

  static async open(url: string, options: PostgresOptions = {}): Promise<PostgresStore> {
    await migrate(url, options.migrations, { lockWaitMs: options.migrationWaitMs, connectTimeoutMs: options.connectTimeoutMs });
    return new PostgresStore(createPool(url, options));
  }

  private async transaction<T>(work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
    // A connection that cannot even roll back, or whose backend died, is not given to the next request.
    return withPoolClient(this.pool, async (client) => {
      await client.query("BEGIN");
      const result = await work(client);
      await client.query("COMMIT");
      return result;
    });
  }

  async insertLead(message: NewMessage, deliveries: Enqueue[]) {
    const publicId = randomUUID();
    const now = new Date();
    return this.transaction(async (client) => {
      // ON CONFLICT DO NOTHING on the submission id's unique index: a resend arriving at another instance at the
      // same moment waits for the first transaction and then inserts nothing.
      const inserted = await client.query<{ id: string; public_id: string }>(
        `INSERT INTO messages (first_name, last_name, email, company, message, created_at, country, device, verification, verification_note, submission_id, public_id, source, respond_by, escalate_by)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15) ON CONFLICT DO NOTHING RETURNING id, public_id`,
        [
          message.firstName,
          message.lastName,
          message.email,
          message.company,
          message.message,
          message.createdAt,
          message.country,
          message.device,
          message.verification,
          message.verificationNote,
          message.submissionId ?? null,
          publicId,
          sourceColumn(message.source),
          message.respondBy ?? null,
          message.escalateBy ?? null,
        ],
      );
      const created = inserted.rows[0];
      if (created) {
        for (const { channel, externalId, oncePerDayTo, hourlyCap, dueAt } of deliveries) {
          if (oncePerDayTo !== undefined && hourlyCap !== undefined) {
            // One instance at a time counts and takes a turn (the lock ends with the transaction), so instances
            // queuing at the same moment cannot each see room for one more.
            await client.query("SELECT pg_advisory_xact_lock($1)", [CONFIRMATION_CAP_LOCK.toString()]);
            const recent = await client.query<{ n: string }>("SELECT COUNT(*) AS n FROM confirmation_sends WHERE queued_at > $1", [
              new Date(Date.parse(message.createdAt) - CONFIRMATION_CAP_WINDOW_MS),
            ]);
            if (Number(recent.rows[0]?.n ?? 0) >= hourlyCap) continue;
          }
          if (oncePerDayTo !== undefined) {
            // The address's record is taken only if older than the window. The upsert locks the row, so two
            // instances queuing for one address at the same moment take turns, and the second finds it fresh.
            const taken = await client.query(
              `INSERT INTO confirmation_sends (address_key, queued_at, public_id) VALUES ($1, $2, $3)
               ON CONFLICT (address_key) DO UPDATE SET queued_at = EXCLUDED.queued_at, public_id = EXCLUDED.public_id
               WHERE confirmation_sends.queued_at <= $4 RETURNING 1`,
              // Counted from when leads arrived (createdAt), the time the API stamps on each.
              [addressKey(oncePerDayTo), message.createdAt, publicId, new Date(Date.parse(message.createdAt) - CONFIRMATION_WINDOW_MS)],
            );
            if (taken.rowCount === 0) continue;
          }
          // Due "now" by this instance's clock, the clock claims compare with (not the database's).
          await client.query("INSERT INTO outbox (message_id, channel, external_id, next_attempt_at) SELECT id, $1, $2, $3 FROM messages WHERE public_id = $4", [
            channel,
            externalId,
            dueAt ?? now,
            publicId,
          ]);
        }
        return { id: Number(created.id), publicId: created.public_id, created: true };
      }
      // A new statement sees what the other transaction committed (READ COMMITTED).
      const existing = await client.query<{ id: string; public_id: string }>("SELECT id, public_id FROM messages WHERE submission_id = $1", [message.submissionId ?? null]);
      const row = existing.rows[0];
      if (!row) throw new Error("The message was neither stored nor found.");
      return { id: Number(row.id), publicId: row.public_id, created: false };
    });
  }

  async listLeads(filter: { email?: string } = {}): Promise<Lead[]> {
    const where = filter.email === undefined ? "" : "WHERE lower(email) = lower($1)";
    const args = filter.email === undefined ? [] : [filter.email];
    const messages = await this.pool.query(`SELECT ${MESSAGE_COLUMNS} FROM messages ${where} ORDER BY id`, args);
    const deliveries = await this.pool.query(
      `SELECT ${DELIVERY_COLUMNS} FROM outbox
       WHERE message_id IN (SELECT id FROM messages ${where}) ORDER BY message_id, channel`,
      args,
    );
    const takes = await this.pool.query(`SELECT message_id, taken_by, taken_at FROM lead_takes WHERE message_id IN (SELECT id FROM messages ${where}) ORDER BY message_id, id`, args);
    return toLeads(messages.rows, deliveries.rows, takes.rows);
  }

  async findLeads(text: string): Promise<Lead[]> {
    const key = leadKey(text);
    if (!key) return [];
    const messages = await this.pool.query(`SELECT ${MESSAGE_COLUMNS} FROM messages WHERE id = $1 OR left(public_id, 8) = $2 OR public_id = $3 ORDER BY id`, [
      key.id ?? null,
      key.reference ?? null,
      key.publicId ?? null,
    ]);
    const ids = messages.rows.map((row) => String(row.id));
    if (ids.length === 0) return [];
    const deliveries = await this.pool.query(`SELECT ${DELIVERY_COLUMNS} FROM outbox WHERE message_id = ANY($1::bigint[]) ORDER BY message_id, channel`, [ids]);
    const takes = await this.pool.query("SELECT message_id, taken_by, taken_at FROM lead_takes WHERE message_id = ANY($1::bigint[]) ORDER BY message_id, id", [ids]);
    return toLeads(messages.rows, deliveries.rows, takes.rows);
  }

  async takeLead(leadId: number, { takenBy, takenAt, takeover, event, notice }: Take & { takeover: boolean; event?: Enqueue; notice?: Enqueue }) {
    return this.transaction(async (client) => {
      // Who had it before this take (the row stays locked until the transaction ends): told by `notice`.
      const before = notice ? (await client.query<{ taken_by: string | null }>("SELECT taken_by FROM messages WHERE id = $1 FOR UPDATE", [leadId])).rows[0]?.taken_by : null;
      // The UPDATE locks the lead's row: two first takes at once take turns, and the second finds it taken.
      const taken = await client.query(
        `UPDATE messages SET taken_by = $1, taken_at = $2, first_taken_at = COALESCE(first_taken_at, $2) WHERE id = $3${takeover ? "" : " AND taken_at IS NULL"}`,
        [takenBy, takenAt, leadId],
      );
      if (!taken.rowCount) return false;
      await client.query("INSERT INTO lead_takes (message_id, taken_by, taken_at) VALUES ($1, $2, $3)", [leadId, takenBy, takenAt]);
      await client.query(
        `UPDATE outbox SET status = 'settled', last_error = 'lead taken', lease = NULL, locked_until = NULL
         WHERE message_id = $1 AND channel IN ('reminder', 'reminder_chat', 'escalation') AND status = 'pending'`,
        [leadId],
      );
      if (event) {
        // One lead.taken row per lead, made pending again with a new webhook-id by every take.
        await upsertEvent(client, leadId, event, takenAt);
      }
      if (notice && before && before !== takenBy) await upsertEvent(client, leadId, notice, takenAt);
      return true;
    });
  }

  async closeLead(leadId: number, { outcome, note, actor, at, event }: { outcome: Outcome; note?: string | null; actor: string; at: string; event?: Enqueue }) {
    return this.transaction(async (client) => {
      const closed = await client.query("UPDATE messages SET outcome = $1, closed_at = $2, closed_by = $3 WHERE id = $4 AND outcome IS NULL", [outcome, at, actor, leadId]);
      if (!closed.rowCount) return false;
      await client.query("INSERT INTO lead_events (message_id, kind, actor, at, outcome, note) VALUES ($1, 'close', $2, $3, $4, $5)", [leadId, actor, at, outcome, note || null]);
      await client.query(
        `UPDATE outbox SET status = 'settled', last_error = 'lead closed', lease = NULL, locked_until = NULL
         WHERE message_id = $1 AND channel IN ('reminder', 'reminder_chat', 'escalation') AND status = 'pending'`,
        [leadId],
      );
      if (event) await upsertEvent(client, leadId, event, at);
      return true;
    });
  }

  async reopenLead(leadId: number, { actor, at }: { actor: string; at: string }) {
    return this.transaction(async (client) => {
      const reopened = await client.query("UPDATE messages SET outcome = NULL, closed_at = NULL, closed_by = NULL WHERE id = $1 AND outcome IS NOT NULL", [leadId]);
      if (!reopened.rowCount) return false;
      await client.query("INSERT INTO lead_events (message_id, kind, actor, at) VALUES ($1, 'reopen', $2, $3)", [leadId, actor, at]);
      return true;
    });
  }

  async addNote(leadId: number, { actor, at, note }: { actor: string; at: string; note: string }) {
    const result = await this.pool.query("INSERT INTO lead_events (message_id, kind, actor, at, note) SELECT id, 'note', $1, $2, $3 FROM messages WHERE id = $4", [actor, at, note, leadId]);
    return (result.rowCount ?? 0) > 0;
  }

  async leadHistory(leadId: number) {
    const takes = await this.pool.query("SELECT taken_by, taken_at FROM lead_takes WHERE message_id = $1 ORDER BY id", [leadId]);
    const events = await this.pool.query("SELECT kind, actor, at, outcome, note FROM lead_events WHERE message_id = $1 ORDER BY id", [leadId]);
    return toHistory(takes.rows, events.rows);
  }

  async inboxLeads({ view, person, search, limit }: InboxQuery) {
    const where = [view === "closed" ? "outcome IS NOT NULL" : "outcome IS NULL"];
    const args: (string | number)[] = [];
    const arg = (value: string | number) => `$${args.push(value)}`;
    if (view === "not_taken") where.push("taken_at IS NULL");
    if (view === "mine") where.push(`lower(taken_by) = lower(${arg(person ?? "")})`);
    const found = inboxSearch(search);
    if (!found) {
      const result = await this.pool.query(`SELECT ${MESSAGE_COLUMNS} FROM messages WHERE ${where.join(" AND ")} ORDER BY id DESC LIMIT ${arg(limit)}`, args);
      return result.rows.map(toMessage);
    }
    const p = arg(found.like);
    where.push(`(lower(first_name || ' ' || last_name) LIKE ${p} ESCAPE '\\' OR lower(company) LIKE ${p} ESCAPE '\\' OR lower(email) LIKE ${p} ESCAPE '\\' OR left(public_id, 8) = ${arg(found.reference)})`);
    // Candidates a batch at a time, newest first; JavaScript decides (Unicode case, whatever the database's locale).
    const before = arg(Number.MAX_SAFE_INTEGER);
    const sql = `SELECT ${MESSAGE_COLUMNS} FROM messages WHERE ${where.join(" AND ")} AND id < ${before} ORDER BY id DESC LIMIT ${arg(SEARCH_BATCH)}`;
    const leads: StoredMessage[] = [];
    for (;;) {
      const rows = (await this.pool.query(sql, args)).rows.map(toMessage);
      for (const lead of rows) if (found.matches(lead) && leads.push(lead) === limit) return leads;
      if (rows.length < SEARCH_BATCH) return leads;
      args[Number(before.slice(1)) - 1] = rows.at(-1)!.id;
    }
  }

  async failedDeliveries(limit: number) {
    const rows = (await this.pool.query(`SELECT o.message_id, m.public_id, m.first_name, m.last_name, m.company, o.channel, o.attempts, o.last_error
            FROM outbox o JOIN messages m ON m.id = o.message_id WHERE o.status = 'failed' ORDER BY o.id DESC LIMIT $1`, [limit])).rows;
    return rows.map(failedDelivery);
  }

  async responseBacklog(now: Date) {
    const result = await this.pool.query<{ past: string; twice: string }>(
      `SELECT COUNT(*) FILTER (WHERE respond_by <= $1) AS past, COUNT(*) FILTER (WHERE escalate_by <= $1) AS twice
       FROM messages WHERE taken_at IS NULL AND outcome IS NULL AND respond_by IS NOT NULL`,
      [now],
    );
    return { pastWindow: Number(result.rows[0]?.past ?? 0), pastTwice: Number(result.rows[0]?.twice ?? 0) };
  }

  async overdueLeads(now: Date) {
    const result = await this.pool.query<{ id: string; public_id: string | null; escalate_by: Date; verification: Verification }>(
      `SELECT id, public_id, escalate_by, verification FROM messages
       WHERE taken_at IS NULL AND outcome IS NULL AND escalate_by IS NOT NULL AND escalate_by <= $1 ORDER BY escalate_by, id`,
      [now],
    );
    return result.rows.map((row) => ({ id: Number(row.id), publicId: row.public_id, escalateBy: new Date(row.escalate_by).toISOString(), verification: row.verification }));
  }

  async markVerified(leadId: number) {
    const result = await this.pool.query("UPDATE messages SET verification = 'verified' WHERE id = $1 AND verification = 'unverified'", [leadId]);
    return (result.rowCount ?? 0) > 0;
  }

  async claimDeliveries(channel: Channel, { now, leaseMs, limit }: { now: Date; leaseMs: number; limit: number }): Promise<OutboxJob[]> {
    const lease = randomUUID();
    // SKIP LOCKED: instances claiming at the same moment take different rows instead of waiting for each other.
    // Leases run on the database's clock, one clock for every instance: a fast clock on one machine cannot take
    // a lease another instance still holds.
    const claimed = await this.pool.query(
      `WITH due AS (
         SELECT id FROM outbox o
         WHERE channel = $1 AND status = 'pending' AND next_attempt_at <= $2 AND (locked_until IS NULL OR locked_until <= clock_timestamp()) AND NOT ${HELD_FOR_VERIFICATION_SQL}
         ORDER BY next_attempt_at, id LIMIT $3
         FOR UPDATE OF o SKIP LOCKED
       )
       UPDATE outbox SET attempts = outbox.attempts + 1, lease = $4, locked_until = clock_timestamp() + $5 * interval '1 millisecond'
       FROM due WHERE outbox.id = due.id
       RETURNING outbox.id, outbox.message_id, outbox.external_id, outbox.attempts`,
      [channel, now, limit, lease, leaseMs],
    );
    if (claimed.rows.length === 0) return [];
    const leads = await this.pool.query(`SELECT ${MESSAGE_COLUMNS} FROM messages WHERE id = ANY($1::bigint[])`, [claimed.rows.map((row) => String(row.message_id))]);
    const byId = new Map(leads.rows.map((row) => [Number(row.id), toMessage(row)]));
    return claimed.rows
      .map((row) => ({ row, lead: byId.get(Number(row.message_id)) }))
      .filter((job): job is { row: Row; lead: StoredMessage } => job.lead !== undefined)
      .sort((a, b) => Number(a.row.id) - Number(b.row.id))
      .map(({ row, lead }) => ({ id: Number(row.id), channel, externalId: String(row.external_id), attempt: Number(row.attempts), lease, lead }));
  }

  async markSent(job: OutboxJob, sentAt: Date, as: Delivered = "sent") {
    // A preview reached no one: it gets no sent_at.
    await this.pool.query("UPDATE outbox SET status = $1, sent_at = $2, last_error = NULL, lease = NULL, locked_until = NULL WHERE id = $3 AND lease = $4", [
      as,
      as === "sent" ? sentAt : null,
      job.id,
      job.lease,
    ]);
  }

  async markFailed(job: OutboxJob, error: string, retryAt: Date | null) {
    await this.pool.query(
      `UPDATE outbox SET status = $1, next_attempt_at = COALESCE($2, next_attempt_at), last_error = $3, lease = NULL, locked_until = NULL
       WHERE id = $4 AND lease = $5`,
      [retryAt ? "pending" : "failed", retryAt, error, job.id, job.lease],
    );
  }

  async releaseDeliveries(jobs: OutboxJob[]) {
    if (jobs.length === 0) return;
    await this.pool.query(
      `UPDATE outbox SET attempts = GREATEST(outbox.attempts - 1, 0), lease = NULL, locked_until = NULL
       FROM unnest($1::bigint[], $2::text[]) AS held (id, lease)
       WHERE outbox.id = held.id AND outbox.lease = held.lease AND outbox.status = 'pending'`,
      [jobs.map((job) => job.id), jobs.map((job) => job.lease)],
    );
  }

  async requeueFailed(leadId: number, now: Date) {
    const result = await this.pool.query("UPDATE outbox SET status = 'pending', attempts = 0, next_attempt_at = $1 WHERE message_id = $2 AND status = 'failed'", [
      now,
      leadId,
    ]);
    return result.rowCount ?? 0;
  }

  async settle(leadId: number) {
    const result = await this.pool.query(
      `UPDATE outbox SET status = 'settled', lease = NULL, locked_until = NULL
       WHERE message_id = $1 AND (status IN ('failed', 'previewed') OR (status = 'pending' AND last_error = $2 AND lease IS NULL))`,
      [leadId, CHANNEL_NOT_CONFIGURED],
    );
    return result.rowCount ?? 0;
  }

  async requeuePreviewed(channels: Channel[], now: Date) {
    if (channels.length === 0) return 0;
    const result = await this.pool.query("UPDATE outbox SET status = 'pending', attempts = 0, next_attempt_at = $1 WHERE status = 'previewed' AND channel = ANY($2::text[])", [
      now,
      channels,
    ]);
    return result.rowCount ?? 0;
  }

  async markEarlierPreviews(previews: EarlierPreview[]) {
    if (previews.length === 0) return 0;
    // A second of slack before the file's time for the file system's clock.
    const result = await this.pool.query(
      `UPDATE outbox o SET status = 'previewed', sent_at = NULL
       FROM unnest($1::bigint[], $2::timestamptz[]) AS p(lead_id, written_at)
       WHERE o.message_id = p.lead_id AND o.channel = 'email' AND o.status = 'sent'
         AND o.sent_at >= p.written_at - interval '1 second' AND o.sent_at <= p.written_at + $3 * interval '1 millisecond'
         AND o.next_attempt_at <= p.written_at + $4 * interval '1 millisecond'`,
      [previews.map((p) => p.leadId), previews.map((p) => p.writtenAt), PREVIEW_RECORD_WINDOW_MS, PREVIEW_DUE_SLACK_MS],
    );
    return result.rowCount ?? 0;
  }

  async queueUnreached(enqueue: () => Enqueue[], now: Date) {
    const unreached = await this.pool.query<{ id: string; channels: string[] }>(
      `SELECT m.id, ARRAY(SELECT channel FROM outbox WHERE message_id = m.id) AS channels FROM messages m
       WHERE NOT EXISTS (SELECT 1 FROM outbox WHERE message_id = m.id AND status = 'sent' AND channel <> 'confirmation')`,
    );
    const rows = unreached.rows.flatMap((row) =>
      enqueue()
        .filter(({ channel }) => !row.channels.includes(channel))
        .map(({ channel, externalId }) => ({ id: row.id, channel, externalId })),
    );
    if (rows.length === 0) return 0;
    const result = await this.pool.query(
      `INSERT INTO outbox (message_id, channel, external_id, next_attempt_at)
       SELECT id, channel, external_id, $4 FROM unnest($1::bigint[], $2::text[], $3::text[]) AS added (id, channel, external_id)
       WHERE EXISTS (SELECT 1 FROM messages WHERE messages.id = added.id)
       ON CONFLICT (message_id, channel) DO NOTHING`,
      [rows.map((row) => row.id), rows.map((row) => row.channel), rows.map((row) => row.externalId), now],
    );
    return result.rowCount ?? 0;
  }

  async flagUnconfigured(configured: Channel[]) {
    const result = await this.pool.query("UPDATE outbox SET last_error = $1 WHERE status = 'pending' AND NOT (channel = ANY($2::text[]))", [
      CHANNEL_NOT_CONFIGURED,
      configured,
    ]);
    // A mark left by an instance that lacked the channel: this one delivers it.
    await this.pool.query("UPDATE outbox SET last_error = NULL WHERE status = 'pending' AND last_error = $1 AND channel = ANY($2::text[])", [CHANNEL_NOT_CONFIGURED, configured]);
    return result.rowCount ?? 0;
  }

  /** Takes back only leases that have run out by the database's clock: a live one may be another running instance's. */
  async recoverLeases() {
    const result = await this.pool.query(
      "UPDATE outbox SET lease = NULL, locked_until = NULL WHERE lease IS NOT NULL AND status = 'pending' AND locked_until <= clock_timestamp()",
    );
    return result.rowCount ?? 0;
  }

  async nextDue(channel: Channel) {
    // GREATEST ignores NULL: an unleased row is due at next_attempt_at.
    const result = await this.pool.query<{ due: Date | null }>(
      `SELECT MIN(GREATEST(next_attempt_at, locked_until)) AS due FROM outbox o WHERE channel = $1 AND status = 'pending' AND NOT ${HELD_FOR_VERIFICATION_SQL}`,
      [channel],
    );
    return result.rows[0]?.due ?? null;
  }

  async outboxStats() {
    return toOutboxStats((await this.pool.query(outboxStatsSql("now()"))).rows);
  }

  async ping() {
    await this.pool.query("SELECT 1");
  }

  // Outbox rows go with their lead (ON DELETE CASCADE), in the same statement.
  async deleteLeadsBefore(cutoff: Date) {
    const result = await this.transaction(async (client) => {
      // A confirmation still pending, failed or previewed does not keep the visitor's data: only deliveries to the company do.
      const deleted = await client.query<{ id: string }>(
        `DELETE FROM messages WHERE created_at < $1
         AND NOT EXISTS (SELECT 1 FROM outbox WHERE message_id = messages.id AND status IN ${UNDELIVERED} AND channel IN ${LEAD_CHANNELS_SQL}) RETURNING id`,
        [cutoff],
      );
      await client.query("DELETE FROM confirmation_sends WHERE queued_at < $1", [cutoff]);
      // What is left that old is waiting for a delivery (or an operator).
      const kept = await client.query<{ n: string }>("SELECT COUNT(*) AS n FROM messages WHERE created_at < $1", [cutoff]);
      return { deleted: ids(deleted.rows), kept: Number(kept.rows[0]?.n ?? 0) };
    });
    if (result.deleted.length > 0) await this.vacuumLeads();
    return result;
  }

  async eraseByEmail(email: string) {
    const erased = await this.transaction(async (client) => {
      await client.query("DELETE FROM confirmation_sends WHERE address_key = $1", [addressKey(email)]);
      return ids((await client.query<{ id: string }>("DELETE FROM messages WHERE lower(email) = lower($1) RETURNING id", [email])).rows);
    });
    if (erased.length > 0) await this.vacuumLeads();
    return erased;
  }

  /**
   * A DELETE only marks rows dead, and a plain VACUUM only marks their space free: the bytes stay in the table
   * files until new rows happen to overwrite them (measured: an updated, then deleted outbox row was still there
   * after two VACUUMs). VACUUM FULL writes the tables into new files and removes the old ones, so no file of the
   * database holds an erased lead. It locks the tables while it runs (new leads wait; an erase among 10,000
   * leads took 0.6 s in all), so it waits at most 3 s for running transactions; if they keep it out, the rows stay in the files until
   * the next erase or retention sweep, and a warning says so. The write-ahead log, backups and replicas keep them
   * until they expire (docs/operations.md, "Personal data and retention"). No statement time-out: a large table may take longer than a query.
   */
  private async vacuumLeads() {
    try {
      // Never hand the pool a connection without its time limits: this one is closed afterwards.
      await withPoolClient(
        this.pool,
        async (client) => {
          await client.query("SET statement_timeout = 0");
          await client.query("SET lock_timeout = '3s'");
          // query_timeout per query is read by pg's client (lib/client.js) but missing from its types.
          await client.query({ text: "VACUUM FULL messages, outbox, confirmation_sends, lead_takes, lead_events", query_timeout: 600_000 } as pg.QueryConfig);
        },
        { release: "broken" },
      );
    } catch (error) {
      process.emitWarning(`VACUUM FULL after deleting leads did not run (${(error as Error).message}): their bytes stay in the table files until the next erase or retention sweep.`);
    }
  }

  sharedRateLimiter(options: { name: string; limit: number; windowMs?: number }) {
    return createPostgresRateLimiter(this.pool, options);
  }

  async close() {
    await this.pool.end();
  }
}

/** One event row per lead and channel (lead.closed, a take-over notice), made pending again with a new id by each event. */
async function upsertEvent(client: pg.PoolClient, leadId: number, event: Enqueue, at: string) {
  await client.query(
    `INSERT INTO outbox (message_id, channel, external_id, next_attempt_at) VALUES ($1, $2, $3, $4)
     ON CONFLICT (message_id, channel) DO UPDATE SET external_id = EXCLUDED.external_id, status = 'pending', attempts = 0,
       next_attempt_at = EXCLUDED.next_attempt_at, lease = NULL, locked_until = NULL, last_error = NULL, sent_at = NULL`,
    [leadId, event.channel, event.externalId, at],
  );
}
