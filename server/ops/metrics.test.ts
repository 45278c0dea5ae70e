// @vitest-environment node
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { SqliteStore } from "../db/sqlite-store";
import { channels } from "../db/store";
import { createLogger } from "../logger";
import { createMetrics, serveMetrics, submissionOutcomes } from "./metrics";

/* The metrics module over real HTTP, its gauges read from a real SQLite store. */

const cleanup: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

async function setUp() {
  const dir = mkdtempSync(join(tmpdir(), "metrics-"));
  cleanup.push(() => rmSync(dir, { recursive: true, force: true }));
  const store = await SqliteStore.open(`file:${join(dir, "messages.db")}`);
  let open = true;
  cleanup.push(() => (open ? store.close() : undefined));
  const metrics = createMetrics();
  metrics.watch({ outboxStats: () => store.outboxStats(), ready: async () => open });
  const { server, url } = await serveMetrics(metrics, { port: 0, host: "127.0.0.1", log: createLogger("silent") });
  cleanup.push(() => void server.close());
  const scrape = async () => {
    const response = await fetch(url);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/plain; version=0.0.4; charset=utf-8");
    return response.text();
  };
  return { store, metrics, url, scrape, closeStore: async () => ((open = false), await store.close()) };
}

const sample = (createdAt: string) => ({
  firstName: "Ada",
  lastName: "Lovelace",
  email: "ada@example.com",
  company: "",
  message: "hello",
  createdAt,
  country: null,
  device: null,
  verification: "verified" as const,
  verificationNote: null,
});

describe("metrics", () => {
  it("counts submissions and deliveries exactly, every fixed label value present from the start", async () => {
    const { metrics, scrape } = await setUp();
    const before = await scrape();
    for (const outcome of submissionOutcomes) expect(before).toContain(`contact_submissions_total{outcome="${outcome}"} 0`);
    for (const channel of channels) expect(before).toContain(`lead_deliveries_total{channel="${channel}",outcome="failed"} 0`);
    metrics.recordSubmission("accepted");
    metrics.recordSubmission("accepted");
    metrics.recordSubmission("spam");
    metrics.recordDelivery("email", "retry", 0.2);
    metrics.recordDelivery("email", "sent", 0.03);
    const after = await scrape();
    expect(after).toContain('contact_submissions_total{outcome="accepted"} 2');
    expect(after).toContain('contact_submissions_total{outcome="spam"} 1');
    expect(after).toContain('lead_deliveries_total{channel="email",outcome="retry"} 1');
    expect(after).toContain('lead_deliveries_total{channel="email",outcome="sent"} 1');
    expect(after).toContain('lead_delivery_duration_seconds_bucket{le="0.05",channel="email"} 1');
    expect(after).toContain('lead_delivery_duration_seconds_count{channel="email"} 2');
    // The default Node process metrics are there too.
    expect(after).toMatch(/^process_cpu_seconds_total \d/m);
    expect(after).toMatch(/^nodejs_eventloop_lag_seconds \d/m);
  });

  it("reads the outbox gauges from the store at each scrape", async () => {
    const { store, scrape } = await setUp();
    const hourAgo = new Date(Date.now() - 3_600_000).toISOString();
    await store.insertLead(sample(hourAgo), [{ channel: "email", externalId: "<a@x>" }, { channel: "webhook", externalId: "msg_a" }]);
    await store.insertLead(sample(new Date().toISOString()), [{ channel: "email", externalId: "<b@x>" }]);
    const [job] = await store.claimDeliveries("webhook", { now: new Date(), leaseMs: 60_000, limit: 1 });
    await store.markFailed(job!, "HTTP 500", null);
    const text = await scrape();
    expect(text).toContain('lead_outbox_pending{channel="email"} 2');
    expect(text).toContain('lead_outbox_pending{channel="webhook"} 0');
    expect(text).toContain('lead_outbox_failed{channel="webhook"} 1');
    const age = Number(/^lead_outbox_oldest_pending_seconds\{channel="email"\} (\S+)$/m.exec(text)?.[1]);
    expect(age).toBeGreaterThanOrEqual(3600);
    expect(age).toBeLessThan(3660);
    expect(text).toContain('lead_outbox_oldest_pending_seconds{channel="webhook"} 0');
    expect(text).toContain("lead_outbox_up 1");
    expect(text).toContain("server_ready 1");
  });

  it("still answers when the store does not: lead_outbox_up 0 and no outbox values", async () => {
    const { closeStore, scrape } = await setUp();
    await closeStore();
    const text = await scrape();
    expect(text).toContain("lead_outbox_up 0");
    expect(text).toContain("server_ready 0");
    expect(text).not.toMatch(/^lead_outbox_pending\{/m);
    expect(text).toContain('contact_submissions_total{outcome="accepted"} 0');
  });

  it("serves /metrics only", async () => {
    const { url } = await setUp();
    expect((await fetch(url.replace("/metrics", "/"))).status).toBe(404);
    expect((await fetch(url, { method: "POST" })).status).toBe(404);
  });
});
