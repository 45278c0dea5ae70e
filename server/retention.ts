import type { Store } from "./db/store";
import type { Logger } from "./logger";

const DAY_MS = 24 * 3600_000;

/**
 * LEADS_RETENTION_DAYS: deletes leads (and their outbox rows) older than that, at start-up and then daily,
 * so visitors' personal data is kept no longer than the company says. Returns a function that stops it.
 */
export function startRetention(store: Store, days: number, log: Logger): () => void {
  const sweep = async () => {
    try {
      const deleted = await store.deleteLeadsBefore(new Date(Date.now() - days * DAY_MS));
      log.info({ msg: "retention", deleted, olderThanDays: days });
    } catch (error) {
      log.error({ msg: "retention failed", error: (error as Error).message });
    }
  };
  void sweep();
  const timer = setInterval(() => void sweep(), DAY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
