import type { Logger } from "../logger";
import type { InsightsStorage, Visit } from "./storage";

/*
 * Counts are written in batches: one insert per second (or per `maxBatch` counts) instead of one per request,
 * so a burst of page views costs the database a few statements. A count waits in memory until then: a crash
 * loses at most that second, which counting may (a lead never waits here). Past `maxQueue` waiting counts
 * (the database is down or slow), new ones are dropped and counted as dropped, so memory stays bounded.
 */

export type RecorderOptions = {
  storage: InsightsStorage;
  log: Logger;
  flushMs?: number;
  maxBatch?: number;
  maxQueue?: number;
  /** Counts written, or dropped (queue full, or the database refused a batch). */
  onOutcome?: (outcome: "stored" | "dropped", count: number) => void;
};

export function createVisitRecorder({ storage, log, flushMs = 1000, maxBatch = 1000, maxQueue = 50_000, onOutcome }: RecorderOptions) {
  let queue: Visit[] = [];
  let writing: Promise<void> | undefined;
  let timer: NodeJS.Timeout | undefined;

  const write = async () => {
    while (queue.length > 0) {
      const batch = queue.slice(0, maxBatch);
      queue = queue.slice(batch.length);
      try {
        await storage.insertVisits(batch);
        onOutcome?.("stored", batch.length);
      } catch (error) {
        onOutcome?.("dropped", batch.length);
        log.warn({ msg: "visit counts not stored", dropped: batch.length, error: (error as Error).message });
      }
    }
  };

  const flush = (): Promise<void> => {
    if (timer) clearTimeout(timer);
    timer = undefined;
    writing ??= write().finally(() => (writing = undefined));
    return writing;
  };

  return {
    /** Queues a count; false when it was dropped (too many waiting). */
    add(visit: Visit): boolean {
      // The caller counts this one as dropped.
      if (queue.length >= maxQueue) return false;
      queue.push(visit);
      if (queue.length >= maxBatch && !writing) void flush();
      else if (!timer && !writing) {
        timer = setTimeout(() => void flush(), flushMs);
        timer.unref();
      }
      return true;
    },
    /** Writes what waits (shutting down, or a test). */
    async flush() {
      while (queue.length > 0 || writing) await flush();
    },
    waiting: () => queue.length,
  };
}

export type VisitRecorder = ReturnType<typeof createVisitRecorder>;
