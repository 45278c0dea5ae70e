import { createServer, type Server } from "node:http";
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from "prom-client";
import { channels, type Channel, type OutboxStats } from "../db/store";
import type { Logger } from "../logger";
import { visitOutcomes, type VisitOutcome } from "../insights/ingest";

/*
 * The Prometheus metrics, in one place: the contact API and the delivery worker report what happened here
 * (recordSubmission, recordDelivery) and never touch prom-client themselves. Every label value comes from a
 * fixed list below or from the store's channel list, never from a request. The outbox gauges are read from
 * the store at scrape time, so every instance sharing a PostgreSQL reports the same backlog.
 */

export const submissionOutcomes = ["accepted", "duplicate", "invalid", "rate_limited", "captcha_failed", "spam", "unavailable", "error"] as const;
export type SubmissionOutcome = (typeof submissionOutcomes)[number];
export const deliveryOutcomes = ["sent", "previewed", "retry", "failed", "settled"] as const;
export type DeliveryOutcome = (typeof deliveryOutcomes)[number];

/** What the gauges read at each scrape. */
export type MetricsSources = {
  outboxStats(): Promise<OutboxStats>;
  /** Whether /readyz would answer 200 now. */
  ready(): Promise<boolean>;
  /** Leads not taken past their response window, and past twice it (issue 31). */
  responseBacklog?(): Promise<{ pastWindow: number; pastTwice: number }>;
};

export function createMetrics() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  let sources: MetricsSources | undefined;

  const submissions = new Counter({
    name: "contact_submissions_total",
    help: "Contact form submissions by outcome.",
    labelNames: ["outcome"] as const,
    registers: [registry],
  });
  const deliveries = new Counter({
    name: "lead_deliveries_total",
    help: "Lead delivery attempts by channel and outcome (previewed: only written as a development file; retry: failed, will be tried again; failed: given up).",
    labelNames: ["channel", "outcome"] as const,
    registers: [registry],
  });
  const duration = new Histogram({
    name: "lead_delivery_duration_seconds",
    help: "Time taken by one delivery attempt, successful or not.",
    labelNames: ["channel"] as const,
    buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 20, 40],
    registers: [registry],
  });
  // Visit counting (server/insights): counted, refused (bot, opted_out, prefetch, not_from_site, invalid, off) or dropped.
  const visits = new Counter({
    name: "visit_counts_total",
    help: "Page views sent by the site's pages, by outcome: counted; refused as a bot, opted out (GPC/DNT), prefetch, not from a page of the site, invalid, counting off, limited (past 30 visitors from one address in a day), capped (past 200 page views of one visitor in a day); dropped (not stored).",
    labelNames: ["outcome"] as const,
    registers: [registry],
  });
  for (const outcome of visitOutcomes) visits.inc({ outcome }, 0);
  // Every series exists from the start at 0, so increase() sees the first event and dashboards show zeros.
  for (const outcome of submissionOutcomes) submissions.inc({ outcome }, 0);
  for (const channel of channels) {
    for (const outcome of deliveryOutcomes) deliveries.inc({ channel, outcome }, 0);
    duration.zero({ channel });
  }

  // One store query per scrape, whichever gauge asks first (prom-client collects them side by side).
  let snapshot: Promise<OutboxStats | undefined> | undefined;
  const readOutbox = () => {
    snapshot ??= (sources?.outboxStats() ?? Promise.resolve(undefined))
      .catch(() => undefined)
      .finally(() => setTimeout(() => (snapshot = undefined), 0));
    return snapshot;
  };
  new Gauge({
    name: "lead_outbox_up",
    help: "1 when the store answered this scrape's outbox query, 0 when it did not (the outbox gauges are then absent).",
    registers: [registry],
    async collect() {
      this.set((await readOutbox()) ? 1 : 0);
    },
  });
  const outboxGauge = (name: string, help: string, read: (stats: OutboxStats[Channel], now: number) => number) =>
    new Gauge({
      name,
      help,
      labelNames: ["channel"] as const,
      registers: [registry],
      async collect() {
        const stats = await readOutbox();
        this.reset();
        if (!stats) return;
        const now = Date.now();
        for (const channel of channels) this.set({ channel }, read(stats[channel], now));
      },
    });
  outboxGauge("lead_outbox_pending", "Deliveries due and not yet made (in the store, all instances together); a follow-up before its time, or held until its lead is verified, is not counted.", (stats) => stats.pending);
  outboxGauge("lead_outbox_previewed", "Deliveries only written as development previews, which no person got (sent once the channel is configured).", (stats) => stats.previewed);
  outboxGauge("lead_outbox_failed", "Deliveries given up after every retry, until `npm run messages -- resend`.", (stats) => stats.failed);
  outboxGauge("lead_outbox_oldest_pending_seconds", "Age of the lead behind the oldest pending delivery; 0 when none is pending.", (stats, now) =>
    stats.oldestPendingAt ? Math.max(0, (now - stats.oldestPendingAt.getTime()) / 1000) : 0,
  );
  new Gauge({
    name: "server_ready",
    help: "1 when this instance would answer /readyz with 200 (store answering, not shutting down).",
    registers: [registry],
    async collect() {
      this.set(sources && (await sources.ready().catch(() => false)) ? 1 : 0);
    },
  });

  // Issue 31: how fast leads are taken, and how many wait past their window (read from the store at scrape time).
  const toTake = new Histogram({
    name: "lead_take_business_seconds",
    help: "Business time (SALES_HOURS) from a lead's arrival to its first take, observed by the instance that recorded the take.",
    buckets: [300, 900, 1800, 3600, 7200, 14_400, 28_800, 57_600, 115_200],
    registers: [registry],
  });
  const backlogGauge = (name: string, help: string, read: (backlog: { pastWindow: number; pastTwice: number }) => number) =>
    new Gauge({
      name,
      help,
      registers: [registry],
      async collect() {
        const backlog = await sources?.responseBacklog?.().catch(() => undefined);
        this.reset();
        if (backlog) this.set(read(backlog));
      },
    });
  backlogGauge("lead_untaken_past_window", "Open leads (not closed) not taken whose response window (SALES_RESPONSE_MINUTES of SALES_HOURS) has ended; absent when the store does not answer.", (b) => b.pastWindow);
  backlogGauge("lead_untaken_past_twice_window", "Open leads (not closed) not taken at twice their response window (escalated); absent when the store does not answer.", (b) => b.pastTwice);

  return {
    registry,
    recordTake(businessSeconds: number) {
      toTake.observe(businessSeconds);
    },
    /** Where the gauges read from, once the store is open. */
    watch(from: MetricsSources) {
      sources = from;
    },
    recordSubmission(outcome: SubmissionOutcome) {
      submissions.inc({ outcome });
    },
    recordVisit(outcome: VisitOutcome, count = 1) {
      visits.inc({ outcome }, count);
    },
    recordDelivery(channel: Channel, outcome: DeliveryOutcome, seconds: number) {
      deliveries.inc({ channel, outcome });
      duration.observe({ channel }, seconds);
    },
  };
}

export type Metrics = ReturnType<typeof createMetrics>;

/**
 * Serves GET /metrics on its own listener (never the site's port, which the public reaches). Resolves once
 * it listens, with its address.
 */
export async function serveMetrics(metrics: Metrics, { port, host, log }: { port: number; host: string; log: Logger }): Promise<{ server: Server; url: string }> {
  const server = createServer((req, res) => {
    const path = (req.url ?? "/").split("?")[0];
    if (path !== "/metrics" || (req.method !== "GET" && req.method !== "HEAD")) {
      res.writeHead(404, { "Content-Type": "text/plain; charset=utf-8" }).end("Not found: the metrics are at /metrics\n");
      return;
    }
    metrics.registry.metrics().then(
      (text) => {
        res.writeHead(200, { "Content-Type": metrics.registry.contentType, "Cache-Control": "no-store" });
        res.end(req.method === "HEAD" ? undefined : text);
      },
      (error: unknown) => {
        log.error({ msg: "metrics scrape failed", error: String(error) });
        res.writeHead(500, { "Content-Type": "text/plain; charset=utf-8" }).end("metrics unavailable\n");
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const address = server.address();
  const where = typeof address === "object" && address ? `${address.family === "IPv6" ? `[${address.address}]` : address.address}:${address.port}` : `${host}:${port}`;
  return { server, url: `http://${where}/metrics` };
}
