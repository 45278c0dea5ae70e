import { channels, deliveryStatuses, HELD_FOR_VERIFICATION_SQL, type DeliveryStatus, type OutboxStats } from "./store";

/*
 * The outbox at a glance, the same on both engines: one grouped query (the SQL below runs on SQLite and
 * PostgreSQL alike), read into a record with every channel of the fixed list, zeros included.
 * A pending delivery's age counts from when its lead arrived: that is how long sales has been waiting for it.
 */

// A follow-up (reminder, escalation, lead.taken, lead.closed, a take-over notice) waits for its due time by design: its age counts from then, and
// one not yet due has none (a time ahead of now reads as 0).
// A pending row never tried and not yet due (a follow-up before its time), or held until its lead is verified, is
// "scheduled": nothing is late, so neither the pending gauge nor the oldest age counts it. `now` is the engine's
// clock expression (the SQL is otherwise the same on both).
export const outboxStatsSql = (now: string) => `SELECT o.channel,
  CASE WHEN o.status = 'pending' AND ((o.attempts = 0 AND o.next_attempt_at > ${now}) OR ${HELD_FOR_VERIFICATION_SQL}) THEN 'scheduled' ELSE o.status END AS state,
  COUNT(*) AS count,
  MIN(CASE WHEN o.channel IN ('reminder', 'reminder_chat', 'escalation', 'take_webhook', 'close_webhook', 'takeover_notice') THEN o.next_attempt_at ELSE m.created_at END) AS oldest
  FROM outbox o JOIN messages m ON m.id = o.message_id
  GROUP BY 1, 2`;

const zeros = () => Object.fromEntries(deliveryStatuses.map((status) => [status, 0])) as Record<DeliveryStatus, number>;
const isStatus = (status: string): status is DeliveryStatus => (deliveryStatuses as readonly string[]).includes(status);

export function toOutboxStats(rows: Record<string, unknown>[]): OutboxStats {
  const stats = Object.fromEntries(channels.map((channel) => [channel, { ...zeros(), scheduled: 0, oldestPendingAt: null }])) as OutboxStats;
  for (const row of rows) {
    const entry = stats[String(row.channel) as keyof OutboxStats];
    const status = String(row.state);
    if (entry && status === "scheduled") entry.scheduled = Number(row.count);
    if (!entry || !isStatus(status)) continue;
    entry[status] = Number(row.count);
    if (status === "pending" && row.oldest != null) entry.oldestPendingAt = row.oldest instanceof Date ? row.oldest : new Date(String(row.oldest));
  }
  return stats;
}
