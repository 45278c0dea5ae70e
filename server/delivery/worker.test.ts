// @vitest-environment node
import { afterEach, describe, expect, it } from "vitest";
import { newWebhookSecret, startWebhookReceiver } from "../../test/support/lead-inbox.mjs";
import type { Store } from "../db/store";
import { webhookSender } from "./webhook";
import { bothEngines, quietLog as quiet, sampleMessage as sample } from "../../test/support/store-engines";
import { attemptTimeoutFor, createDeliveryWorker, type WorkerOptions } from "./worker";

/*
 * The delivery worker on both engines, with a real webhook receiver on loopback. The only thing staged is a store
 * that fails to record an outcome (as a database outage would), around the real one.
 */

const engines = bothEngines("worker-db-");
const cleanups: (() => unknown)[] = [];

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});



describe.each(Object.keys(engines) as (keyof typeof engines)[])("the delivery worker on %s", (engine) => {
  const setUp = async (options: Partial<WorkerOptions> = {}, wrap: (store: Store) => Store = (store) => store) => {
    const store = await engines[engine]();
    const secret = newWebhookSecret();
    const receiver = await startWebhookReceiver(secret);
    const worker = createDeliveryWorker({ store: wrap(store), channels: { webhook: webhookSender(receiver.url, secret) }, log: quiet, retryBaseMs: 60_000, pollMs: 100, ...options });
    let stopped = false;
    const stop = (graceMs = 1_000) => {
      stopped = true;
      return worker.stop(graceMs);
    };
    cleanups.push(() => store.close(), () => receiver.stop(), () => (stopped ? undefined : worker.stop(100)));
    const { id } = await store.insertLead(sample, [{ channel: "webhook", externalId: "msg_1" }]);
    const delivery = async () => (await store.listLeads()).find((lead) => lead.id === id)!.deliveries[0]!;
    return { store, receiver, worker, stop, id, delivery };
  };

  it("never sends a good delivery again because the store failed to record it, and records it once the store is back", async () => {
    let refusals = 3;
    const { receiver, worker, delivery } = await setUp({ recordRetryMs: 100 }, (store) =>
      Object.assign(Object.create(store) as Store, {
        markSent: async (...args: Parameters<Store["markSent"]>) => {
          if (refusals-- > 0) throw new Error("database unavailable");
          return store.markSent(...args);
        },
      }),
    );
    await worker.start();
    await expect.poll(delivery, { timeout: 10_000 }).toMatchObject({ status: "sent", attempts: 1 });
    expect(refusals).toBeLessThan(0);
    expect(receiver.requests).toHaveLength(1);
  });

  it("aborts an attempt at its time-out, well within its lease, and schedules a retry", async () => {
    const leaseMs = 2_000;
    expect(attemptTimeoutFor(leaseMs)).toBeLessThanOrEqual(leaseMs / 2);
    expect(attemptTimeoutFor(60_000)).toBe(30_000);
    const { receiver, worker, delivery } = await setUp({ leaseMs });
    receiver.settings.hang = true;
    const started = Date.now();
    await worker.start();
    // The receiver sees the request end (aborted by the sender), not merely the sender stop waiting.
    await receiver.waitFor(() => receiver.counters.aborted === 1, 5_000);
    expect(Date.now() - started).toBeLessThan(leaseMs);
    await expect.poll(delivery).toMatchObject({ status: "pending", attempts: 1, lastError: "no answer within 1 s" });
  });

  it("fails a delivery for good on 410 Gone after one attempt", async () => {
    const { receiver, worker, delivery } = await setUp({ retryBaseMs: 10 });
    receiver.settings.status = 410;
    await worker.start();
    await expect.poll(delivery, { timeout: 10_000 }).toMatchObject({ status: "failed", attempts: 1, lastError: "endpoint gone (webhook answered HTTP 410)" });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(receiver.requests).toHaveLength(1);
  });

  it("honours Retry-After within the schedule's bounds", async () => {
    // A 10 ms base: the schedule alone would retry within 10 ms, and never waits more than 1080 bases (10.8 s).
    const { receiver, worker, delivery } = await setUp({ retryBaseMs: 10 });
    receiver.settings.status = 503;
    receiver.settings.headers = { "Retry-After": "3600" };
    const started = Date.now();
    await worker.start();
    await expect.poll(delivery, { timeout: 10_000 }).toMatchObject({ attempts: 1, lastError: "webhook answered HTTP 503" });
    const wait = new Date((await delivery()).nextAttemptAt!).getTime() - started;
    expect(wait).toBeGreaterThan(9_000);
    expect(wait).toBeLessThan(12_000);
    expect(receiver.requests).toHaveLength(1);
  });

  it("at shutdown aborts what does not finish within the grace time and releases it at once for another instance", async () => {
    const { store, receiver, worker, stop, delivery } = await setUp();
    receiver.settings.hang = true;
    await worker.start();
    await receiver.waitFor(() => receiver.requests.length === 1, 5_000);
    const started = Date.now();
    expect(await stop(1_000)).toEqual(["webhook:1 released"]);
    expect(Date.now() - started).toBeLessThan(1_500);
    expect(await delivery()).toMatchObject({ status: "pending", attempts: 0 });
    // Due at once, for anyone: not leased until the lease (60 s) runs out.
    expect(await store.claimDeliveries("webhook", { now: new Date(), leaseMs: 1_000, limit: 1 })).toHaveLength(1);
  });

  it("at shutdown, when the store cannot release a delivery, logs that it waits for its lease rather than calling it released", async () => {
    const lines: { level: string; fields: Record<string, unknown> }[] = [];
    const log = Object.fromEntries(["info", "warn", "error"].map((level) => [level, (fields: Record<string, unknown>) => lines.push({ level, fields })])) as unknown as WorkerOptions["log"];
    const { receiver, worker, stop, delivery } = await setUp({ log }, (store) =>
      Object.assign(Object.create(store) as Store, { releaseDeliveries: async () => Promise.reject(new Error("database unavailable")) }),
    );
    receiver.settings.hang = true;
    await worker.start();
    await receiver.waitFor(() => receiver.requests.length === 1, 5_000);
    expect(await stop(1_000)).toEqual(["webhook:1"]);
    expect(lines.filter((line) => /releas/.test(String(line.fields.msg)))).toEqual([
      {
        level: "error",
        fields: expect.objectContaining({ msg: expect.stringMatching(/^could not release .* once their lease runs out$/), error: "database unavailable", deliveries: [{ channel: "webhook", lead: 1 }] }),
      },
    ]);
    // Still held by the lease: no instance takes it before the lease runs out.
    expect(await delivery()).toMatchObject({ status: "pending", attempts: 1 });
  });
});
