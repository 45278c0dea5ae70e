// @vitest-environment node
import { afterEach, describe, expect, it } from "vitest";
import { createLogger } from "../logger";
import { createMetrics, serveMetrics } from "../ops/metrics";
import { bothEngines, sampleMessage as sample } from "../../test/support/store-engines";
import type { Store } from "../db/store";
import { DEFAULT_SALES_HOURS, parseSalesHours } from "./business-hours";
import { takeEventBody } from "./follow-up";

/* Taking a lead in both engines (issue 31): once, over with the history kept, follow-ups settled, erased with the lead; and the metrics it feeds. */

const engines = bothEngines("take-db-");
const cleanup: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

const HOUR = 3600_000;

describe.each(["sqlite", "postgres"] as const)("taking a lead on %s", (engine) => {
  async function open(): Promise<Store> {
    const store = await engines[engine]();
    cleanup.push(() => store.close());
    return store;
  }

  it("takes once, takes over with the history kept, settles the follow-ups, keeps one lead.taken per lead (the latest take wins), and is erased with the lead", async () => {
    const store = await open();
    const now = Date.now();
    const lead = await store.insertLead(
      { ...sample, email: "take-me@example.com", createdAt: new Date(now - 3 * HOUR).toISOString(), respondBy: new Date(now - HOUR).toISOString(), escalateBy: new Date(now + HOUR).toISOString() },
      [
        { channel: "reminder", externalId: "<r@x>", dueAt: new Date(now + HOUR).toISOString() },
        { channel: "escalation", externalId: "<e@x>", dueAt: new Date(now + 2 * HOUR).toISOString() },
      ],
    );
    expect(await store.responseBacklog(new Date(now))).toEqual({ pastWindow: 1, pastTwice: 0 });
    expect(await store.responseBacklog(new Date(now + 2 * HOUR))).toEqual({ pastWindow: 1, pastTwice: 1 });
    // Not due yet: nothing to claim.
    expect(await store.claimDeliveries("reminder", { now: new Date(now), leaseMs: 60_000, limit: 10 })).toEqual([]);

    const at = new Date(now).toISOString();
    expect(await store.takeLead(lead.id, { takenBy: "Ada", takenAt: at, takeover: false, event: { channel: "take_webhook", externalId: "msg_1" } })).toBe(true);
    expect(await store.takeLead(lead.id, { takenBy: "Bob", takenAt: new Date(now + 1000).toISOString(), takeover: false, event: { channel: "take_webhook", externalId: "msg_2" } })).toBe(false);
    let [found] = await store.findLeads(String(lead.id));
    expect(found?.takenBy).toBe("Ada");
    expect(found?.deliveries.map((d) => `${d.channel}:${d.status}`).sort()).toEqual(["escalation:settled", "reminder:settled", "take_webhook:pending"]);
    expect(await store.responseBacklog(new Date(now + 2 * HOUR))).toEqual({ pastWindow: 0, pastTwice: 0 });

    expect(await store.takeLead(lead.id, { takenBy: "Bob", takenAt: new Date(now + 2000).toISOString(), takeover: true, event: { channel: "take_webhook", externalId: "msg_3" } })).toBe(true);
    [found] = await store.findLeads(found!.publicId!.slice(0, 8).toUpperCase());
    expect(found?.takenBy).toBe("Bob");
    expect(found?.firstTakenAt).toBe(at);
    expect(found?.takes?.map((take) => take.takenBy)).toEqual(["Ada", "Bob"]);
    // Two takes before the event went: one event, with the latest take's webhook-id and body (docs/contact-api.md,
    // "lead.taken"): Ada's take is in `takes` but was never sent on its own.
    const events = await store.claimDeliveries("take_webhook", { now: new Date(now + 3000), leaseMs: 60_000, limit: 10 });
    expect(events.map((job) => job.externalId)).toEqual(["msg_3"]);
    const body = await takeEventBody(store, events[0]!, { hours: parseSalesHours(DEFAULT_SALES_HOURS), timeZone: "UTC", holidays: new Set() });
    expect(body).toMatchObject({ type: "lead.taken", timestamp: new Date(now + 2000).toISOString(), data: { takenBy: "Bob", takenAt: new Date(now + 2000).toISOString(), sequence: 2, takeover: true } });
    expect(body.data.takes.map((take) => take.takenBy)).toEqual(["Ada", "Bob"]);
    expect((await store.findLeads(found!.publicId!)).map((l) => l.id)).toEqual([lead.id]);

    expect(await store.eraseByEmail("take-me@example.com")).toEqual([lead.id]);
    expect(await store.findLeads(String(lead.id))).toEqual([]);
    // Nothing of its takes is left.
    const left = engine === "sqlite"
      ? Number((await (store as unknown as { db: { execute(sql: string): Promise<{ rows: { n: unknown }[] }> } }).db.execute("SELECT COUNT(*) AS n FROM lead_takes")).rows[0]?.n)
      : Number((await (store as unknown as { pool: { query(sql: string): Promise<{ rows: { n: unknown }[] }> } }).pool.query("SELECT COUNT(*) AS n FROM lead_takes")).rows[0]?.n);
    expect(left).toBe(0);
  });
});

describe("the take metrics", () => {
  it("observes the business time to take and reads the backlog at each scrape", async () => {
    const metrics = createMetrics();
    metrics.watch({ outboxStats: async () => { throw new Error("not here"); }, ready: async () => true, responseBacklog: async () => ({ pastWindow: 3, pastTwice: 1 }) });
    const { server, url } = await serveMetrics(metrics, { port: 0, host: "127.0.0.1", log: createLogger("silent") });
    cleanup.push(() => void server.close());
    metrics.recordTake(1200);
    const text = await (await fetch(url)).text();
    expect(text).toContain("lead_untaken_past_window 3");
    expect(text).toContain("lead_untaken_past_twice_window 1");
    expect(text).toContain('lead_take_business_seconds_bucket{le="1800"} 1');
    expect(text).toContain("lead_take_business_seconds_count 1");
  });
});
