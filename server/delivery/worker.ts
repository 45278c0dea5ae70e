import type { Channel, Delivered, OutboxJob, Store } from "../db/store";
import type { Logger } from "../logger";
import type { Metrics } from "../ops/metrics";
import { DeliveryError } from "./outcome";
import { retryDelayMs } from "./schedule";

/*
 * Delivers the outbox: one loop per channel, so a slow or dead channel never holds up the other, each with a
 * few deliveries in flight. A loop sleeps until its next delivery is due, a new lead arrives, or `pollMs`
 * passes (other instances sharing a PostgreSQL store add rows we are not told about).
 *
 * An attempt has two steps kept apart: the send (aborted through its signal when it runs out of time, so it
 * cannot go on past its lease), then recording what happened. A store that fails after a good send never turns
 * it into a failure: the result is recorded as soon as the store answers again.
 */

/**
 * Sends one delivery; must stop (reject) once `signal` aborts. Throw a DeliveryError to say more than "failed".
 * Resolves to "previewed" when it only wrote a development preview (no person got it).
 */
export type Deliver = (job: OutboxJob, signal: AbortSignal) => Promise<void | "previewed" | "settled">;

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
  /** Waits between tries to record an outcome while the store is unavailable. */
  recordRetryMs?: number;
  now?: () => Date;
  /** Counts each attempt's outcome and time (lead_deliveries_total, lead_delivery_duration_seconds). */
  metrics?: Pick<Metrics, "recordDelivery">;
};

/** The longest an attempt may take: half the lease, so the lease outlasts it with as much again to record the result. */
export const attemptTimeoutFor = (leaseMs: number) => Math.min(30_000, Math.floor(leaseMs / 2));

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 500);

class Shutdown extends Error {}

type Outcome = { sent: true; as: Delivered } | { sent: false; error: string; retryAt: Date | null };

export function createDeliveryWorker({ store, channels, log, retryBaseMs, leaseMs = 60_000, concurrency = 8, pollMs = 5_000, recordRetryMs = 1_000, now = () => new Date(), metrics }: WorkerOptions) {
  const attemptTimeoutMs = attemptTimeoutFor(leaseMs);
  let stopping = false;
  const inFlight = new Map<string, { job: OutboxJob; controller: AbortController; task?: Promise<void> }>();
  const released = new Set<OutboxJob>();
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

  /** Rejects when the signal aborts: a channel that ignores its signal still stops being waited for. */
  const aborted = (signal: AbortSignal) =>
    new Promise<never>((_, reject) => {
      const fail = () => reject(signal.reason instanceof Error ? signal.reason : new Error(String(signal.reason)));
      if (signal.aborted) fail();
      else signal.addEventListener("abort", fail, { once: true });
    });

  function outcomeOf(job: OutboxJob, error: unknown): Outcome {
    const permanent = error instanceof DeliveryError && error.permanent;
    const delay = permanent ? null : retryDelayMs(job.attempt, retryBaseMs, Math.random, error instanceof DeliveryError ? error.retryAfterMs : undefined);
    return { sent: false, error: errorText(error), retryAt: delay === null ? null : new Date(now().getTime() + delay) };
  }

  /** Writes the outcome, trying again while the store is unavailable (until it answers, or the process stops). */
  async function record(job: OutboxJob, outcome: Outcome) {
    for (let tries = 1; ; tries++) {
      try {
        if (outcome.sent) await store.markSent(job, now(), outcome.as);
        else await store.markFailed(job, outcome.error, outcome.retryAt);
        return;
      } catch (storeError) {
        if (tries === 1) {
          log.error({ msg: "could not record a delivery outcome, will keep trying", channel: job.channel, lead: job.lead.id, sent: outcome.sent, error: errorText(storeError) });
        }
        await new Promise((resolve) => setTimeout(resolve, recordRetryMs));
      }
    }
  }

  /**
   * Gives claimed deliveries back at shutdown and logs what really happened: when the store does not answer, they
   * stay leased and another instance takes them only once the lease runs out. Resolves to whether they were released.
   */
  async function release(jobs: OutboxJob[]): Promise<boolean> {
    if (jobs.length === 0) return true;
    const which = jobs.map((job) => ({ channel: job.channel, lead: job.lead.id }));
    try {
      await store.releaseDeliveries(jobs);
    } catch (error) {
      log.error({ msg: "could not release deliveries at shutdown: they are retried once their lease runs out", deliveries: which, leaseSeconds: leaseMs / 1000, error: errorText(error) });
      return false;
    }
    log.warn({ msg: "deliveries released at shutdown, due at once for any instance", deliveries: which });
    return true;
  }

  async function attempt(deliver: Deliver, job: OutboxJob, controller: AbortController) {
    const timer = setTimeout(() => controller.abort(new Error(`no answer within ${attemptTimeoutMs / 1000} s`)), attemptTimeoutMs);
    const started = performance.now();
    let outcome: Outcome;
    try {
      const result = await Promise.race([deliver(job, controller.signal), aborted(controller.signal)]);
      outcome = { sent: true, as: result === "previewed" || result === "settled" ? result : "sent" };
    } catch (error) {
      if (controller.signal.reason instanceof Shutdown) {
        // Not a failure of the channel: the attempt is given back, due at once for any instance.
        if (await release([job])) released.add(job);
        return;
      }
      outcome = outcomeOf(job, error);
    } finally {
      clearTimeout(timer);
    }
    metrics?.recordDelivery(job.channel, outcome.sent ? outcome.as : outcome.retryAt ? "retry" : "failed", (performance.now() - started) / 1000);
    if (outcome.sent && outcome.as === "settled") log.info({ msg: "follow-up not needed: the lead was taken or closed", channel: job.channel, lead: job.lead.id });
    else if (outcome.sent && outcome.as === "previewed") log.warn({ msg: "lead previewed, not delivered: written to a file, sent once the channel is configured", channel: job.channel, lead: job.lead.id });
    else if (outcome.sent) log.info({ msg: "lead delivered", channel: job.channel, lead: job.lead.id, attempt: job.attempt });
    else {
      (outcome.retryAt ? log.warn : log.error)({
        msg: outcome.retryAt ? "lead delivery failed, will retry" : "lead delivery failed for good",
        channel: job.channel,
        lead: job.lead.id,
        attempt: job.attempt,
        error: outcome.error,
        retryAt: outcome.retryAt?.toISOString(),
      });
    }
    await record(job, outcome);
  }

  async function run(channel: Channel, deliver: Deliver) {
    const mine = new Set<Promise<void>>();
    while (!stopping) {
      let wait = pollMs;
      try {
        const free = concurrency - mine.size;
        const jobs = free > 0 ? await store.claimDeliveries(channel, { now: now(), leaseMs, limit: free }) : [];
        if (stopping) {
          // Claimed while shutting down: given back at once rather than left leased.
          await release(jobs);
          break;
        }
        for (const job of jobs) {
          const key = `${channel}:${job.id}`;
          const entry: { job: OutboxJob; controller: AbortController; task?: Promise<void> } = { job, controller: new AbortController() };
          inFlight.set(key, entry);
          const task = attempt(deliver, job, entry.controller).finally(() => {
            mine.delete(task);
            inFlight.delete(key);
            wakeAll();
          });
          entry.task = task;
          mine.add(task);
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
  const settle = (ms: number, work: Promise<unknown>) => {
    let timer: NodeJS.Timeout | undefined;
    return Promise.race([work, new Promise<void>((resolve) => (timer = setTimeout(resolve, ms)))]).finally(() => clearTimeout(timer));
  };
  return {
    /** The longest one attempt may take before it is aborted. */
    attemptTimeoutMs,
    async start() {
      const recovered = await store.recoverLeases();
      if (recovered > 0) log.warn({ msg: "deliveries whose lease ran out (their process died) are queued again", count: recovered });
      for (const [channel, deliver] of Object.entries(channels) as [Channel, Deliver][]) loops.push(run(channel, deliver));
    },
    /** A new lead was stored: deliver it now rather than at the next poll. */
    nudge: wakeAll,
    /**
     * Takes no new deliveries and lets those in flight finish within `graceMs`. What is still being sent then is
     * aborted and released, due at once for another instance. Resolves to what was still unfinished (empty when
     * everything finished).
     */
    async stop(graceMs: number): Promise<string[]> {
      stopping = true;
      wakeAll();
      // Keep a little of the grace time to release what does not finish.
      const releaseMs = Math.min(2_000, Math.floor(graceMs / 4));
      const tasks = () => [...inFlight.values()].map((entry) => entry.task);
      await settle(graceMs - releaseMs, Promise.all([...loops, ...tasks()]));
      const unfinished = [...inFlight.entries()];
      for (const [, entry] of unfinished) entry.controller.abort(new Shutdown("shutting down"));
      await settle(releaseMs, Promise.all([...loops, ...tasks()]));
      return unfinished.map(([key, entry]) => (released.has(entry.job) ? `${key} released` : key));
    },
  };
}

export type DeliveryWorker = ReturnType<typeof createDeliveryWorker>;
