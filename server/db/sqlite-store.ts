import { randomUUID } from "node:crypto";
import { mkdirSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { createClient, type Client, type Row } from "@libsql/client";
import { migrations as allMigrations, type Migration } from "./sqlite-migrations";
import { outboxStatsSql, toOutboxStats } from "./outbox-stats";
import { DELIVERY_COLUMNS, MESSAGE_COLUMNS, failedDelivery, inboxSearch, SEARCH_BATCH, sourceColumn, toHistory, toLeads, toMessage } from "./rows";
import { CHANNEL_NOT_CONFIGURED, CONFIRMATION_CAP_WINDOW_MS, CONFIRMATION_WINDOW_MS, PREVIEW_DUE_SLACK_MS, PREVIEW_RECORD_WINDOW_MS, UNDELIVERED, LEAD_CHANNELS_SQL, HELD_FOR_VERIFICATION_SQL, addressKey, leadKey, type Channel, type Delivered, type EarlierPreview, type Enqueue, type InboxQuery, type Lead, type Outcome, type NewMessage, type OutboxJob, type Store, type StoredMessage, type Take, type Verification } from "./store";

export type Database = Client;

/** The file behind a `file:` URL (relative paths are relative to the working directory), or undefined for :memory:. */
export function databaseFile(url: string): string | undefined {
  if (!url.startsWith("file:")) throw new Error(`DATABASE_URL must be a file: URL, got "${url}"`);
  const rest = url.slice("file:".length).split("?")[0] ?? "";
  if (rest === ":memory:" || rest === "") return undefined;
  return rest.startsWith("//") ? fileURLToPath(url.split("?")[0] ?? url) : resolve(rest);
}

/**
 * Opens the SQLite file (creating it and its folder on first start) and brings its schema up to date.
 * One connection: writes are single statements or batches, so there is nothing to gain from more, and the
 * per-connection pragmas below then hold for every query. (An interactive transaction would hold that one
 * connection, so every multi-statement write is a batch: one transaction that never yields.)
 */
export async function openDatabase(url: string, { migrations = allMigrations }: { migrations?: Migration[] } = {}): Promise<Database> {
  const file = databaseFile(url);
  if (file) mkdirSync(dirname(file), { recursive: true });
  const db = createClient({ url, concurrency: 1, timeout: 5000 });
  try {
    // WAL: readers (npm run messages) never block the server's writes. synchronous=FULL: a commit is on disk
    // before we acknowledge it, so an acknowledged message survives a crash or power loss.
    await db.execute("PRAGMA journal_mode = WAL");
    await db.execute("PRAGMA synchronous = FULL");
    await db.execute("PRAGMA busy_timeout = 5000");
    // secure_delete: deleted rows are overwritten with zeros, so an erased address is not left readable in
    // free space (see deleteWhere for the WAL).
    await db.execute("PRAGMA secure_delete = ON");
    await migrate(db, migrations);
    if (file) await scrubOnce(db);
  } catch (error) {
    db.close();
    throw error;
  }
  return db;
}

/**
 * secure_delete only zeroes what is deleted from now on: leads erased by an earlier version are still in the
 * file's free space. VACUUM rewrites the file without them, once per scrub level (user_version): 1, for leads
 * erased before secure_delete; 2, for the IP addresses and user agents that migration 16 removed from leads.
 * Cheap on a new file. If another process keeps it out, the next start tries again.
 */
const SCRUB_LEVEL = 2;
async function scrubOnce(db: Database) {
  if (Number((await db.execute("PRAGMA user_version")).rows[0]?.user_version ?? 0) >= SCRUB_LEVEL) return;
  try {
    await db.execute("VACUUM");
    await db.execute(`PRAGMA user_version = ${SCRUB_LEVEL}`);
    await db.execute("PRAGMA wal_checkpoint(TRUNCATE)");
  } catch (error) {
    process.emitWarning(`VACUUM of the database's free space did not run (${(error as Error).message}): the next start tries again.`);
  }
}

async function migrate(db: Database, migrations: Migration[]) {
  await db.execute("CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)");
  const isApplied = async (version: number) =>
    (await db.execute({ sql: "SELECT 1 FROM schema_migrations WHERE version = ?", args: [version] })).rows.length > 0;
  for (const migration of [...migrations].sort((a, b) => a.version - b.version)) {
    if (await isApplied(migration.version)) continue;
    try {
      // One batch = one transaction that never yields to the event loop: the bookkeeping row goes first, so
      // when two processes start on a new file at once, the second fails on its primary key and changes nothing.
      await db.batch(
        [
          { sql: "INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)", args: [migration.version, migration.name, new Date().toISOString()] },
          ...migration.statements,
        ],
        "write",
      );
    } catch (error) {
      if (await isApplied(migration.version)) continue;
      throw new Error(`Migration ${migration.version} (${migration.name}) failed: ${(error as Error).message}`, { cause: error });
    }
  }
}

/** One wal_checkpoint(TRUNCATE); whether it completed (SQLite reports a reader in the way only in its result). */
async function checkpoint(db: Database): Promise<boolean> {
  const row = (await db.execute("PRAGMA wal_checkpoint(TRUNCATE)")).rows[0];
  return Number(row?.busy ?? 1) === 0;
}

/** First retry of a checkpoint a reader kept out, then doubling up to the last. */
export const CHECKPOINT_RETRY_MS = { first: 250, max: 60_000 };

/** One event row per lead and channel (lead.taken, lead.closed, a take-over notice), made pending again with a new id by each event. */
const REPENDING_EVENT = `ON CONFLICT (message_id, channel) DO UPDATE SET external_id = excluded.external_id, status = 'pending', attempts = 0,
  next_attempt_at = excluded.next_attempt_at, lease = NULL, locked_until = NULL, last_error = NULL, sent_at = NULL`;

/** SQLite, the zero-setup default: one file, one server instance. */
export class SqliteStore implements Store {
  readonly engine = "sqlite" as const;
  private closed = false;
  private retrying?: Promise<void>;

  /** `url`: kept so that visit counts can open their own connection to the same file (insights). */
  constructor(
    readonly db: Database,
    readonly url?: string,
  ) {}

  static async open(url: string, options?: { migrations?: Migration[] }): Promise<SqliteStore> {
    return new SqliteStore(await openDatabase(url, options), url);
  }

  async insertLead(message: NewMessage, deliveries: Enqueue[]) {
    const publicId = randomUUID();
    const now = new Date().toISOString();
    const results = await this.db.batch(
      [
        {
          sql: `INSERT INTO messages (first_name, last_name, email, company, message, created_at, country, device, verification, verification_note, submission_id, public_id, source, respond_by, escalate_by)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING`,
          args: [
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
        },
        // Finds nothing (so queues nothing) when the insert above was a resend that changed nothing.
        ...deliveries.flatMap(({ channel, externalId, oncePerDayTo, hourlyCap, dueAt }) => {
          if (oncePerDayTo === undefined) {
            return [{ sql: "INSERT INTO outbox (message_id, channel, external_id, next_attempt_at) SELECT id, ?, ?, ? FROM messages WHERE public_id = ?", args: [channel, externalId, dueAt ?? now, publicId] }];
          }
          // The address's record is taken by this lead only if it is older than the window (and the hour's cap is
          // not reached); the row is queued only if it was.
          const key = addressKey(oncePerDayTo);
          // Counted from when leads arrived (createdAt), the time the API stamps on each.
          const at = Date.parse(message.createdAt);
          const windowStart = new Date(at - CONFIRMATION_WINDOW_MS).toISOString();
          // Every record queued within the hour is one confirmation (an address gets one a day). The batch is one write transaction: no race.
          const cap = hourlyCap === undefined ? "" : " AND (SELECT COUNT(*) FROM confirmation_sends WHERE queued_at > ?) < ?";
          const capArgs = hourlyCap === undefined ? [] : [new Date(at - CONFIRMATION_CAP_WINDOW_MS).toISOString(), hourlyCap];
          return [
            {
              sql: `INSERT INTO confirmation_sends (address_key, queued_at, public_id) SELECT ?, ?, ? WHERE EXISTS (SELECT 1 FROM messages WHERE public_id = ?)${cap}
                    ON CONFLICT (address_key) DO UPDATE SET queued_at = excluded.queued_at, public_id = excluded.public_id WHERE confirmation_sends.queued_at <= ?`,
              args: [key, message.createdAt, publicId, publicId, ...capArgs, windowStart],
            },
            {
              sql: `INSERT INTO outbox (message_id, channel, external_id, next_attempt_at) SELECT id, ?, ?, ? FROM messages
                    WHERE public_id = ? AND EXISTS (SELECT 1 FROM confirmation_sends WHERE address_key = ? AND public_id = ?)`,
              args: [channel, externalId, now, publicId, key, publicId],
            },
          ];
        }),
        {
          sql: "SELECT id, public_id FROM messages WHERE public_id = ? OR (submission_id IS NOT NULL AND submission_id = ?)",
          args: [publicId, message.submissionId ?? null],
        },
      ],
      "write",
    );
    const row = results.at(-1)?.rows[0];
    if (!row) throw new Error("The message was neither stored nor found.");
    return { id: Number(row.id), publicId: String(row.public_id), created: row.public_id === publicId };
  }

  async listLeads(filter: { email?: string } = {}): Promise<Lead[]> {
    const where = filter.email === undefined ? "" : "WHERE lower(email) = lower(?)";
    const args = filter.email === undefined ? [] : [filter.email];
    const messages = await this.db.execute({ sql: `SELECT ${MESSAGE_COLUMNS} FROM messages ${where} ORDER BY id`, args });
    const deliveries = await this.db.execute({
      sql: `SELECT ${DELIVERY_COLUMNS} FROM outbox
            WHERE message_id IN (SELECT id FROM messages ${where}) ORDER BY message_id, channel`,
      args,
    });
    const takes = await this.db.execute({
      sql: `SELECT message_id, taken_by, taken_at FROM lead_takes WHERE message_id IN (SELECT id FROM messages ${where}) ORDER BY message_id, id`,
      args,
    });
    return toLeads(messages.rows, deliveries.rows, takes.rows);
  }

  async findLeads(text: string): Promise<Lead[]> {
    const key = leadKey(text);
    if (!key) return [];
    const messages = await this.db.execute({
      sql: `SELECT ${MESSAGE_COLUMNS} FROM messages WHERE id = ? OR substr(public_id, 1, 8) = ? OR public_id = ? ORDER BY id`,
      args: [key.id ?? null, key.reference ?? null, key.publicId ?? null],
    });
    const ids = messages.rows.map((row) => Number(row.id));
    if (ids.length === 0) return [];
    const list = ids.map(() => "?").join(",");
    const deliveries = await this.db.execute({ sql: `SELECT ${DELIVERY_COLUMNS} FROM outbox WHERE message_id IN (${list}) ORDER BY message_id, channel`, args: ids });
    const takes = await this.db.execute({ sql: `SELECT message_id, taken_by, taken_at FROM lead_takes WHERE message_id IN (${list}) ORDER BY message_id, id`, args: ids });
    return toLeads(messages.rows, deliveries.rows, takes.rows);
  }

  async takeLead(leadId: number, { takenBy, takenAt, takeover, event, notice }: Take & { takeover: boolean; event?: Enqueue; notice?: Enqueue }) {
    // One batch, one transaction: the take, its history row, the follow-ups settled and the event queued only if
    // the UPDATE changed the lead (changes() counts the last INSERT/UPDATE/DELETE of this connection).
    const results = await this.db.batch(
      [
        {
          sql: `UPDATE messages SET taken_by = ?, taken_at = ?, first_taken_at = COALESCE(first_taken_at, ?) WHERE id = ?${takeover ? "" : " AND taken_at IS NULL"}`,
          args: [takenBy, takenAt, takenAt, leadId],
        },
        { sql: "INSERT INTO lead_takes (message_id, taken_by, taken_at) SELECT ?, ?, ? WHERE changes() > 0", args: [leadId, takenBy, takenAt] },
        ...(event
          ? [
              {
                // One lead.taken row per lead, made pending again with a new webhook-id by every take.
                sql: `INSERT INTO outbox (message_id, channel, external_id, next_attempt_at)
                      SELECT ?, ?, ?, ? WHERE changes() > 0
                      ${REPENDING_EVENT}`,
                args: [leadId, event.channel, event.externalId, takenAt],
              },
            ]
          : []),
        {
          sql: `UPDATE outbox SET status = 'settled', last_error = 'lead taken', lease = NULL, locked_until = NULL
                WHERE message_id = ? AND channel IN ('reminder', 'reminder_chat', 'escalation') AND status = 'pending'
                AND EXISTS (SELECT 1 FROM messages WHERE id = ? AND taken_at IS NOT NULL)`,
          args: [leadId, leadId],
        },
        ...(notice
          ? [
              {
                // Only when this take (the latest row) replaced someone else's: read from the history, not changes().
                sql: `INSERT INTO outbox (message_id, channel, external_id, next_attempt_at)
                      SELECT ?, ?, ?, ? FROM (SELECT taken_by, taken_at FROM lead_takes WHERE message_id = ? ORDER BY id DESC LIMIT 1) latest
                      WHERE latest.taken_by = ? AND latest.taken_at = ?
                      AND (SELECT taken_by FROM lead_takes WHERE message_id = ? ORDER BY id DESC LIMIT 1 OFFSET 1) <> ?
                      ${REPENDING_EVENT}`,
                args: [leadId, notice.channel, notice.externalId, takenAt, leadId, takenBy, takenAt, leadId, takenBy],
              },
            ]
          : []),
      ],
      "write",
    );
    return (results[1]?.rowsAffected ?? 0) > 0;
  }

  async closeLead(leadId: number, { outcome, note, actor, at, event }: { outcome: Outcome; note?: string | null; actor: string; at: string; event?: Enqueue }) {
    // One transaction: the close, its history row, the chasers settled and the event queued only if the lead was open.
    const results = await this.db.batch(
      [
        { sql: "UPDATE messages SET outcome = ?, closed_at = ?, closed_by = ? WHERE id = ? AND outcome IS NULL", args: [outcome, at, actor, leadId] },
        { sql: "INSERT INTO lead_events (message_id, kind, actor, at, outcome, note) SELECT ?, 'close', ?, ?, ?, ? WHERE changes() > 0", args: [leadId, actor, at, outcome, note || null] },
        ...(event
          ? [
              {
                sql: `INSERT INTO outbox (message_id, channel, external_id, next_attempt_at)
                      SELECT ?, ?, ?, ? WHERE changes() > 0
                      ${REPENDING_EVENT}`,
                args: [leadId, event.channel, event.externalId, at],
              },
            ]
          : []),
        {
          sql: `UPDATE outbox SET status = 'settled', last_error = 'lead closed', lease = NULL, locked_until = NULL
                WHERE message_id = ? AND channel IN ('reminder', 'reminder_chat', 'escalation') AND status = 'pending'
                AND EXISTS (SELECT 1 FROM messages WHERE id = ? AND outcome IS NOT NULL)`,
          args: [leadId, leadId],
        },
      ],
      "write",
    );
    return (results[1]?.rowsAffected ?? 0) > 0;
  }

  async reopenLead(leadId: number, { actor, at }: { actor: string; at: string }) {
    const results = await this.db.batch(
      [
        { sql: "UPDATE messages SET outcome = NULL, closed_at = NULL, closed_by = NULL WHERE id = ? AND outcome IS NOT NULL", args: [leadId] },
        { sql: "INSERT INTO lead_events (message_id, kind, actor, at) SELECT ?, 'reopen', ?, ? WHERE changes() > 0", args: [leadId, actor, at] },
      ],
      "write",
    );
    return (results[1]?.rowsAffected ?? 0) > 0;
  }

  async addNote(leadId: number, { actor, at, note }: { actor: string; at: string; note: string }) {
    const result = await this.db.execute({
      sql: "INSERT INTO lead_events (message_id, kind, actor, at, note) SELECT id, 'note', ?, ?, ? FROM messages WHERE id = ?",
      args: [actor, at, note, leadId],
    });
    return result.rowsAffected > 0;
  }

  async leadHistory(leadId: number) {
    const [takes, events] = await this.db.batch(
      [
        { sql: "SELECT taken_by, taken_at FROM lead_takes WHERE message_id = ? ORDER BY id", args: [leadId] },
        { sql: "SELECT kind, actor, at, outcome, note FROM lead_events WHERE message_id = ? ORDER BY id", args: [leadId] },
      ],
      "read",
    );
    return toHistory(takes!.rows, events!.rows);
  }

  async inboxLeads({ view, person, search, limit }: InboxQuery) {
    const where = [view === "closed" ? "outcome IS NOT NULL" : "outcome IS NULL"];
    const args: (string | number)[] = [];
    if (view === "not_taken") where.push("taken_at IS NULL");
    if (view === "mine") {
      where.push("lower(taken_by) = lower(?)");
      args.push(person ?? "");
    }
    const found = inboxSearch(search);
    if (!found) {
      // Newest first by row id (the order leads arrived in), so the primary key (or the open leads' index) serves it.
      const result = await this.db.execute({ sql: `SELECT ${MESSAGE_COLUMNS} FROM messages WHERE ${where.join(" AND ")} ORDER BY id DESC LIMIT ?`, args: [...args, limit] });
      return result.rows.map(toMessage);
    }
    where.push("(lower(first_name || ' ' || last_name) LIKE ? ESCAPE '\\' OR lower(company) LIKE ? ESCAPE '\\' OR lower(email) LIKE ? ESCAPE '\\' OR substr(public_id, 1, 8) = ?)");
    args.push(found.like, found.like, found.like, found.reference);
    // Candidates a batch at a time, newest first; JavaScript decides (Unicode case), until there are enough.
    const leads: StoredMessage[] = [];
    for (let before = Number.MAX_SAFE_INTEGER; ; ) {
      const rows = (await this.db.execute({ sql: `SELECT ${MESSAGE_COLUMNS} FROM messages WHERE ${where.join(" AND ")} AND id < ? ORDER BY id DESC LIMIT ?`, args: [...args, before, SEARCH_BATCH] })).rows.map(toMessage);
      for (const lead of rows) if (found.matches(lead) && leads.push(lead) === limit) return leads;
      if (rows.length < SEARCH_BATCH) return leads;
      before = rows.at(-1)!.id;
    }
  }

  async failedDeliveries(limit: number) {
    const rows = (await this.db.execute({ sql: `SELECT o.message_id, m.public_id, m.first_name, m.last_name, m.company, o.channel, o.attempts, o.last_error
            FROM outbox o JOIN messages m ON m.id = o.message_id WHERE o.status = 'failed' ORDER BY o.id DESC LIMIT ?`, args: [limit] })).rows;
    return rows.map(failedDelivery);
  }

  async responseBacklog(now: Date) {
    const at = now.toISOString();
    const result = await this.db.execute({
      sql: `SELECT SUM(CASE WHEN respond_by <= ? THEN 1 ELSE 0 END) AS past, SUM(CASE WHEN escalate_by <= ? THEN 1 ELSE 0 END) AS twice
            FROM messages WHERE taken_at IS NULL AND outcome IS NULL AND respond_by IS NOT NULL`,
      args: [at, at],
    });
    return { pastWindow: Number(result.rows[0]?.past ?? 0), pastTwice: Number(result.rows[0]?.twice ?? 0) };
  }

  async overdueLeads(now: Date) {
    const result = await this.db.execute({
      sql: `SELECT id, public_id, escalate_by, verification FROM messages
            WHERE taken_at IS NULL AND outcome IS NULL AND escalate_by IS NOT NULL AND escalate_by <= ? ORDER BY escalate_by, id`,
      args: [now.toISOString()],
    });
    return result.rows.map((row) => ({
      id: Number(row.id),
      publicId: row.public_id == null ? null : String(row.public_id),
      escalateBy: new Date(String(row.escalate_by)).toISOString(),
      verification: String(row.verification) as Verification,
    }));
  }

  async markVerified(leadId: number) {
    const result = await this.db.execute({ sql: "UPDATE messages SET verification = 'verified' WHERE id = ? AND verification = 'unverified'", args: [leadId] });
    return result.rowsAffected > 0;
  }

  async claimDeliveries(channel: Channel, { now, leaseMs, limit }: { now: Date; leaseMs: number; limit: number }): Promise<OutboxJob[]> {
    const lease = randomUUID();
    const at = now.toISOString();
    // The lease runs on this machine's clock whatever `now` the caller passes: one file, one machine.
    const clock = new Date();
    const claimed = await this.db.execute({
      sql: `UPDATE outbox SET attempts = attempts + 1, lease = ?, locked_until = ?
            WHERE id IN (
              SELECT id FROM outbox o
              WHERE channel = ? AND status = 'pending' AND next_attempt_at <= ? AND (locked_until IS NULL OR locked_until <= ?) AND NOT ${HELD_FOR_VERIFICATION_SQL}
              ORDER BY next_attempt_at, id LIMIT ?
            )
            RETURNING id, message_id, external_id, attempts`,
      args: [lease, new Date(clock.getTime() + leaseMs).toISOString(), channel, at, clock.toISOString(), limit],
    });
    if (claimed.rows.length === 0) return [];
    const ids = claimed.rows.map((row) => Number(row.message_id));
    const leads = await this.db.execute({ sql: `SELECT ${MESSAGE_COLUMNS} FROM messages WHERE id IN (${ids.map(() => "?").join(",")})`, args: ids });
    const byId = new Map(leads.rows.map((row) => [Number(row.id), toMessage(row)]));
    return claimed.rows
      .map((row) => ({ row, lead: byId.get(Number(row.message_id)) }))
      .filter((job): job is { row: Row; lead: StoredMessage } => job.lead !== undefined)
      .sort((a, b) => Number(a.row.id) - Number(b.row.id))
      .map(({ row, lead }) => ({ id: Number(row.id), channel, externalId: String(row.external_id), attempt: Number(row.attempts), lease, lead }));
  }

  async markSent(job: OutboxJob, sentAt: Date, as: Delivered = "sent") {
    // A preview reached no one: it gets no sent_at.
    await this.db.execute({
      sql: "UPDATE outbox SET status = ?, sent_at = ?, last_error = NULL, lease = NULL, locked_until = NULL WHERE id = ? AND lease = ?",
      args: [as, as === "sent" ? sentAt.toISOString() : null, job.id, job.lease],
    });
  }

  async markFailed(job: OutboxJob, error: string, retryAt: Date | null) {
    await this.db.execute({
      sql: `UPDATE outbox SET status = ?, next_attempt_at = COALESCE(?, next_attempt_at), last_error = ?, lease = NULL, locked_until = NULL
            WHERE id = ? AND lease = ?`,
      args: [retryAt ? "pending" : "failed", retryAt?.toISOString() ?? null, error, job.id, job.lease],
    });
  }

  async releaseDeliveries(jobs: OutboxJob[]) {
    if (jobs.length === 0) return;
    await this.db.batch(
      jobs.map((job) => ({
        sql: "UPDATE outbox SET attempts = MAX(attempts - 1, 0), lease = NULL, locked_until = NULL WHERE id = ? AND lease = ? AND status = 'pending'",
        args: [job.id, job.lease],
      })),
      "write",
    );
  }

  async requeueFailed(leadId: number, now: Date) {
    const result = await this.db.execute({
      sql: "UPDATE outbox SET status = 'pending', attempts = 0, next_attempt_at = ? WHERE message_id = ? AND status = 'failed'",
      args: [now.toISOString(), leadId],
    });
    return result.rowsAffected;
  }

  async settle(leadId: number) {
    const result = await this.db.execute({
      sql: `UPDATE outbox SET status = 'settled', lease = NULL, locked_until = NULL
            WHERE message_id = ? AND (status IN ('failed', 'previewed') OR (status = 'pending' AND last_error = ? AND lease IS NULL))`,
      args: [leadId, CHANNEL_NOT_CONFIGURED],
    });
    return result.rowsAffected;
  }

  async requeuePreviewed(channels: Channel[], now: Date) {
    if (channels.length === 0) return 0;
    const result = await this.db.execute({
      sql: `UPDATE outbox SET status = 'pending', attempts = 0, next_attempt_at = ? WHERE status = 'previewed' AND channel IN (${channels.map(() => "?").join(",")})`,
      args: [now.toISOString(), ...channels],
    });
    return result.rowsAffected;
  }

  async markEarlierPreviews(previews: EarlierPreview[]) {
    let marked = 0;
    for (const { leadId, writtenAt } of previews) {
      // Times are ISO strings: compared as text, in the same format. A second of slack for the file system's clock.
      const from = new Date(writtenAt.getTime() - 1_000).toISOString();
      const until = new Date(writtenAt.getTime() + PREVIEW_RECORD_WINDOW_MS).toISOString();
      const result = await this.db.execute({
        sql: `UPDATE outbox SET status = 'previewed', sent_at = NULL
              WHERE message_id = ? AND channel = 'email' AND status = 'sent' AND sent_at >= ? AND sent_at <= ? AND next_attempt_at <= ?`,
        args: [leadId, from, until, new Date(writtenAt.getTime() + PREVIEW_DUE_SLACK_MS).toISOString()],
      });
      marked += result.rowsAffected;
    }
    return marked;
  }

  async queueUnreached(enqueue: () => Enqueue[], now: Date) {
    const unreached = await this.db.execute(
      `SELECT m.id, (SELECT group_concat(channel) FROM outbox WHERE message_id = m.id) AS channels FROM messages m
       WHERE NOT EXISTS (SELECT 1 FROM outbox WHERE message_id = m.id AND status = 'sent' AND channel <> 'confirmation')`,
    );
    const inserts = unreached.rows.flatMap((row) => {
      const has = new Set(String(row.channels ?? "").split(","));
      return enqueue()
        .filter(({ channel }) => !has.has(channel))
        .map(({ channel, externalId }) => ({
          sql: "INSERT INTO outbox (message_id, channel, external_id, next_attempt_at) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING",
          args: [Number(row.id), channel, externalId, now.toISOString()],
        }));
    });
    if (inserts.length === 0) return 0;
    const results = await this.db.batch(inserts, "write");
    return results.reduce((sum, result) => sum + result.rowsAffected, 0);
  }

  async flagUnconfigured(configured: Channel[]) {
    const list = configured.map(() => "?").join(",") || "''";
    const [marked] = await this.db.batch(
      [
        { sql: `UPDATE outbox SET last_error = ? WHERE status = 'pending' AND channel NOT IN (${list})`, args: [CHANNEL_NOT_CONFIGURED, ...configured] },
        // A mark left by an instance that lacked the channel: this one delivers it.
        { sql: `UPDATE outbox SET last_error = NULL WHERE status = 'pending' AND last_error = ? AND channel IN (${list})`, args: [CHANNEL_NOT_CONFIGURED, ...configured] },
      ],
      "write",
    );
    return marked!.rowsAffected;
  }

  async recoverLeases() {
    const result = await this.db.execute({
      sql: "UPDATE outbox SET lease = NULL, locked_until = NULL WHERE lease IS NOT NULL AND status = 'pending' AND locked_until <= ?",
      args: [new Date().toISOString()],
    });
    return result.rowsAffected;
  }

  async nextDue(channel: Channel) {
    const result = await this.db.execute({
      sql: `SELECT MIN(CASE WHEN locked_until > next_attempt_at THEN locked_until ELSE next_attempt_at END) AS due
            FROM outbox o WHERE channel = ? AND status = 'pending' AND NOT ${HELD_FOR_VERIFICATION_SQL}`,
      args: [channel],
    });
    const due = result.rows[0]?.due;
    return due == null ? null : new Date(String(due));
  }

  async outboxStats() {
    return toOutboxStats((await this.db.execute(outboxStatsSql("strftime('%Y-%m-%dT%H:%M:%fZ', 'now')"))).rows);
  }

  async ping() {
    await this.db.execute("SELECT 1");
  }

  async deleteLeadsBefore(cutoff: Date) {
    const at = cutoff.toISOString();
    // A confirmation still pending, failed or previewed does not keep the visitor's data: only deliveries to the company do.
    const deleted = await this.deleteWhere(
      `created_at < ? AND NOT EXISTS (SELECT 1 FROM outbox WHERE message_id = messages.id AND status IN ${UNDELIVERED} AND channel IN ${LEAD_CHANNELS_SQL})`,
      [at],
      { sql: "DELETE FROM confirmation_sends WHERE queued_at < ?", args: [at] },
    );
    // What is left that old is waiting for a delivery (or an operator).
    const kept = await this.db.execute({ sql: "SELECT COUNT(*) AS n FROM messages WHERE created_at < ?", args: [at] });
    return { deleted, kept: Number(kept.rows[0]?.n ?? 0) };
  }

  async eraseByEmail(email: string) {
    return this.deleteWhere("lower(email) = lower(?)", [email], { sql: "DELETE FROM confirmation_sends WHERE address_key = ?", args: [addressKey(email)] });
  }

  private async deleteWhere(condition: string, args: string[], alsoDelete: { sql: string; args: string[] }) {
    const [, , , deleted] = await this.db.batch(
      [
        { sql: `DELETE FROM outbox WHERE message_id IN (SELECT id FROM messages WHERE ${condition})`, args },
        // Who took the lead goes with it (staff data, but about this lead).
        { sql: `DELETE FROM lead_takes WHERE message_id IN (SELECT id FROM messages WHERE ${condition})`, args },
        // Notes may quote the visitor: they go with the lead too.
        { sql: `DELETE FROM lead_events WHERE message_id IN (SELECT id FROM messages WHERE ${condition})`, args },
        { sql: `DELETE FROM messages WHERE ${condition} RETURNING id`, args },
        alsoDelete,
      ],
      "write",
    );
    const ids = (deleted?.rows ?? []).map((row) => Number(row.id)).sort((a, b) => a - b);
    // The WAL still holds the pages as they were before the delete (and the rows' first writes): copy the
    // zeroed pages into the database file and empty the WAL, so no file of the database holds the lead.
    if (ids.length > 0) await this.clearWal();
    return ids;
  }

  /**
   * After a delete under secure_delete (the rows' pages are zeroed in the WAL): copies the WAL into the database
   * file and empties it, so no file of the database holds what was deleted. A reader holding an older snapshot
   * (npm run messages, a backup, sqlite3 at that moment) keeps the checkpoint from completing, which SQLite says
   * only in its result: then it is tried again in the background until it completes (or the store closes).
   * Each attempt is made on a connection of its own that never waits for a lock (busy_timeout 0), so neither the
   * server's connection nor its event loop waits for the reader. Resolves after the first attempt.
   */
  async clearWal(): Promise<void> {
    if (!this.url || !databaseFile(this.url)) return;
    if (await this.checkpointAside()) return;
    this.retrying ??= this.retryCheckpoint().finally(() => (this.retrying = undefined));
  }

  private async checkpointAside(): Promise<boolean> {
    const side = createClient({ url: this.url!, concurrency: 1 });
    try {
      await side.execute("PRAGMA busy_timeout = 0");
      return await checkpoint(side);
    } catch {
      // Busy or briefly unreadable: the next attempt tells.
      return false;
    } finally {
      side.close();
    }
  }

  /** Settles once a retried checkpoint has completed (or the store closed); at once when none is waiting. */
  async checkpointRetried(): Promise<void> {
    await this.retrying;
  }

  private async retryCheckpoint() {
    let wait = CHECKPOINT_RETRY_MS.first;
    while (!this.closed) {
      await new Promise((resolve) => setTimeout(resolve, wait).unref());
      if (this.closed || (await this.checkpointAside())) return;
      wait = Math.min(wait * 2, CHECKPOINT_RETRY_MS.max);
    }
  }

  async close() {
    this.closed = true;
    this.db.close();
  }
}
