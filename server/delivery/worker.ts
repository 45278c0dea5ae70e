import type { Channel, OutboxJob, Store } from "../db/store";
import type { Logger } from "../logger";
import type { Metrics } from "../metrics";
import { retryDelayMs } from "./schedule";

/*
 * Delivers the outbox: one loop per channel, so a slow or dead channel never holds up the other, each with a
 * few deliveries in flight. A loop sleeps until its next delivery is due, a new lead arrives, or `pollMs`
 * passes (other instances sharing a PostgreSQL store add rows we are not told about).
 */

export type Deliver = (job: OutboxJob) => Promise<void>;

export type WorkerOptions = {
  store: Store;
  channels: Partial<Record<Channel, Deliver>>;
  log: Logger;
  /** First retry after this long; later ones back off from it (see schedule.ts). */
  retryBaseMs: number;
  /** How long a claimed delivery is ours before another instance may take it. Longer than any attempt. */
  leaseMs?: number;
  /** Deliveries in flight per channel. */
  concurrency?: number;
  pollMs?: number;
  /** An attempt that takes longer than this fails (and its lease is still ours). At most 2/3 of the lease by default. */
  attemptTimeoutMs?: number;
  /** Counts each attempt's outcome and time (lead_deliveries_total, lead_delivery_duration_seconds). */
  metrics?: Pick<Metrics, "recordDelivery">;
};

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 500);

export function createDeliveryWorker({
  store,
  channels,
  log,
  retryBaseMs,
  leaseMs = 60_000,
  concurrency = 8,
  pollMs = 5_000,
  attemptTimeoutMs = Math.min(40_000, Math.floor((leaseMs * 2) / 3)),
  metrics,
}: WorkerOptions) {
  let stopping = false;
  const inFlight = new Map<string, Promise<void>>();
  const wakers = new Set<() => void>();
  const wakeAll = () => {
    for (const wake of [...wakers]) wake();
  };

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        wakers.delete(done);
        resolve();
      };
      const timer = setTimeout(done, Math.max(0, ms));
      wakers.add(done);
    });

  async function attempt(deliver: Deliver, job: OutboxJob) {
    let timer: NodeJS.Timeout | undefined;
    const started = performance.now();
    const seconds = () => (performance.now() - started) / 1000;
    try {
      await Promise.race([
        deliver(job),
        new Promise((_, reject) => {
          timer = setTimeout(() => reject(new Error(`no answer within ${attemptTimeoutMs / 1000} s`)), attemptTimeoutMs);
        }),
      ]);
      const took = seconds();
      await store.markSent(job, new Date());
      metrics?.recordDelivery(job.channel, "sent", took);
      log.info({ msg: "lead delivered", channel: job.channel, lead: job.lead.id, attempt: job.attempt });
    } catch (error) {
      const delay = retryDelayMs(job.attempt, retryBaseMs);
      const retryAt = delay === null ? null : new Date(Date.now() + delay);
      const reason = errorText(error);
      metrics?.recordDelivery(job.channel, retryAt ? "retry" : "failed", seconds());
      (retryAt ? log.warn : log.error)({
        msg: retryAt ? "lead delivery failed, will retry" : "lead delivery failed for good",
        channel: job.channel,
        lead: job.lead.id,
        attempt: job.attempt,
        error: reason,
        retryAt: retryAt?.toISOString(),
      });
      await store.markFailed(job, reason, retryAt).catch((storeError: unknown) =>
        // The lease runs out and the delivery is tried again: nothing is lost.
        log.error({ msg: "could not record a delivery failure", channel: job.channel, lead: job.lead.id, error: errorText(storeError) }),
      );
    } finally {
      clearTimeout(timer);
    }
  }

  async function run(channel: Channel, deliver: Deliver) {
    const mine = new Set<Promise<void>>();
    while (!stopping) {
      let wait = pollMs;
      try {
        const free = concurrency - mine.size;
        const jobs = free > 0 ? await store.claimDeliveries(channel, { now: new Date(), leaseMs, limit: free }) : [];
        for (const job of jobs) {
          const key = `${channel}:${job.id}`;
          const task = attempt(deliver, job).finally(() => {
            mine.delete(task);
            inFlight.delete(key);
            wakeAll();
          });
          mine.add(task);
          inFlight.set(key, task);
        }
        if (jobs.length > 0 && jobs.length === free) continue;
        if (mine.size < concurrency) {
          const due = await store.nextDue(channel);
          if (due) wait = Math.min(wait, due.getTime() - Date.now());
        }
      } catch (error) {
        log.error({ msg: "outbox unavailable", channel, error: errorText(error) });
      }
      if (!stopping) await sleep(wait);
    }
  }

  const loops: Promise<void>[] = [];
  return {
    async start() {
      const recovered = await store.recoverLeases();
      if (recovered > 0) log.warn({ msg: "deliveries interrupted by a crash are queued again", count: recovered });
      for (const [channel, deliver] of Object.entries(channels) as [Channel, Deliver][]) loops.push(run(channel, deliver));
    },
    /** A new lead was stored: deliver it now rather than at the next poll. */
    nudge: wakeAll,
    /**
     * Takes no new deliveries and waits up to `graceMs` for those in flight. Resolves to what was still
     * running (empty when everything finished); those are tried again after a restart.
     */
    async stop(graceMs: number): Promise<string[]> {
      stopping = true;
      wakeAll();
      let timer: NodeJS.Timeout | undefined;
      const timedOut = new Promise<void>((resolve) => (timer = setTimeout(resolve, graceMs)));
      await Promise.race([Promise.all([...loops, ...inFlight.values()]), timedOut]);
      clearTimeout(timer);
      return [...inFlight.keys()];
    },
  };
}

export type DeliveryWorker = ReturnType<typeof createDeliveryWorker>;
