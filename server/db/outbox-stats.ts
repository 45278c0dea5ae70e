import { channels, deliveryStatuses, type DeliveryStatus, type OutboxStats } from "./store";

/*
 * The outbox at a glance, the same on both engines: one grouped query (the SQL below runs on SQLite and
 * PostgreSQL alike), read into a record with every channel of the fixed list, zeros included.
 * A pending delivery's age counts from when its lead arrived: that is how long sales has been waiting for it.
 */

// A follow-up (reminder, escalation, lead.taken) waits for its due time by design: its age counts from then, and
// one not yet due has none (a time ahead of now reads as 0).
export const OUTBOX_STATS_SQL = `SELECT o.channel, o.status, COUNT(*) AS count,
  MIN(CASE WHEN o.channel IN ('reminder', 'reminder_chat', 'escalation', 'take_webhook') THEN o.next_attempt_at ELSE m.created_at END) AS oldest
  FROM outbox o JOIN messages m ON m.id = o.message_id
  GROUP BY o.channel, o.status`;

const zeros = () => Object.fromEntries(deliveryStatuses.map((status) => [status, 0])) as Record<DeliveryStatus, number>;
const isStatus = (status: string): status is DeliveryStatus => (deliveryStatuses as readonly string[]).includes(status);

export function toOutboxStats(rows: Record<string, unknown>[]): OutboxStats {
  const stats = Object.fromEntries(channels.map((channel) => [channel, { ...zeros(), oldestPendingAt: null }])) as OutboxStats;
  for (const row of rows) {
    const entry = stats[String(row.channel) as keyof OutboxStats];
    const status = String(row.status);
    if (!entry || !isStatus(status)) continue;
    entry[status] = Number(row.count);
    if (status === "pending" && row.oldest != null) entry.oldestPendingAt = row.oldest instanceof Date ? row.oldest : new Date(String(row.oldest));
  }
  return stats;
}
