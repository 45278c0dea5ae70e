import { execFile } from "node:child_process";
import { resolve } from "node:path";
import { promisify } from "node:util";
import { expect, test } from "@playwright/test";
import { startFakeSiteverify, type FakeSiteverify } from "../test/support/fake-siteverify.mjs";
import { newWebhookSecret, startSmtpInbox, startWebhookReceiver } from "../test/support/lead-inbox.mjs";
import { startPostgres } from "../test/support/postgres.mjs";
import { engine, listMessages, runMessagesWith, setCreatedAt, setDeadlines, startServer, withLeadId, type SiteServer } from "../test/support/servers";
import { lead, unique } from "../test/support/leads";

/*
 * What an operator and a load balancer see: liveness and readiness on the site's port, Prometheus metrics on
 * their own port, `npm run messages -- status` for a cron job, and a graceful stop. The real built server on
 * each engine, real receivers, a real PostgreSQL stopped and started again.
 */

test.describe.configure({ mode: "parallel" });

async function post(server: SiteServer, body: unknown, contentType = "application/json") {
  const response = await fetch(`${server.url}/api/contact`, { method: "POST", headers: { "Content-Type": contentType }, body: typeof body === "string" ? body : JSON.stringify(body) });
  return { status: response.status, ...(await withLeadId(server.databaseUrl, (await response.json()) as { ok: boolean; id?: string })) };
}

/** The metrics URL the server logged (METRICS_PORT=0 picks a free port). */
const metricsUrl = (server: SiteServer) => /"msg":"metrics","url":"([^"]+)"/.exec(server.output())?.[1];

async function scrape(server: SiteServer): Promise<string> {
  const response = await fetch(metricsUrl(server)!);
  expect(response.status).toBe(200);
  return response.text();
}

/** One sample's value from a scrape, e.g. sample(text, 'lead_outbox_pending{channel="email"}'); NaN when absent. */
function sample(text: string, series: string): number {
  const line = text.split("\n").find((row) => row.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : Number.NaN;
}

const root = resolve(import.meta.dirname, "..");
/** `npm run messages -- status …` (the built CLI): its exit code and output. */
async function status(databaseUrl: string, ...args: string[]) {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, ["build/server/messages.mjs", "status", ...args], { cwd: root, env: { ...process.env, DATABASE_URL: databaseUrl } });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

let siteverify: FakeSiteverify;
const running: SiteServer[] = [];
const cleanups: (() => Promise<unknown>)[] = [];
test.beforeEach(async () => {
  siteverify = await startFakeSiteverify();
});
// Playwright reads fixtures from the first parameter's pattern: none are needed here.
// eslint-disable-next-line no-empty-pattern
test.afterEach(async ({}, testInfo) => {
  if (testInfo.status !== testInfo.expectedStatus) for (const server of running) await testInfo.attach("server output", { body: server.output() });
  // Servers first: receivers wait for their open connections to close.
  for (const server of running.splice(0)) await server.stop();
  for (const cleanup of cleanups.splice(0)) await cleanup().catch(() => {});
  await siteverify.close();
});

async function server(env: Record<string, string> = {}) {
  const started = await startServer({ RECAPTCHA_VERIFY_URL: siteverify.url, CONTACT_RATE_LIMIT: "1000", ...env });
  running.push(started);
  return started;
}

/** A mail server and a webhook receiver, and a server delivering to both. */
async function withReceivers(env: Record<string, string> = {}, { smtpDelayMs = 0 } = {}) {
  const secret = newWebhookSecret();
  const inbox = await startSmtpInbox({ delayMs: smtpDelayMs });
  const hooks = await startWebhookReceiver(secret);
  cleanups.push(() => inbox.stop(), () => hooks.stop());
  const site = await server({
    SMTP_URL: inbox.url,
    LEADS_NOTIFY_TO: "sales@arcline.example",
    LEADS_WEBHOOK_URL: hooks.url,
    LEADS_WEBHOOK_SECRET: secret,
    METRICS_PORT: "0",
    ...env,
  });
  return { inbox, hooks, site };
}

test("/healthz and /readyz answer 200 with JSON, uncached, never rate limited, and not logged per call", async () => {
  const site = await server({ CONTACT_RATE_LIMIT: "1" });
  for (const [path, body] of [
    ["/healthz", { status: "ok" }],
    ["/readyz", { status: "ready" }],
  ] as const) {
    const answers = await Promise.all(Array.from({ length: 40 }, () => fetch(`${site.url}${path}`)));
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(answer.headers.get("cache-control")).toBe("no-store");
      expect(answer.headers.get("content-type")).toMatch(/^application\/json/);
      expect(await answer.json()).toEqual(body);
    }
    expect((await fetch(`${site.url}${path}`, { method: "HEAD" })).status).toBe(200);
  }
  await fetch(`${site.url}/robots.txt`);
  await expect.poll(() => site.output()).toContain('"path":"/robots.txt"');
  expect(site.output()).not.toContain('"path":"/healthz"');
  expect(site.output()).not.toContain('"path":"/readyz"');
});

test("metrics are served on METRICS_PORT only: /metrics on the site's port is the not-found page", async () => {
  const site = await server({ METRICS_PORT: "0" });
  expect(metricsUrl(site)).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/metrics$/);
  const onSite = await fetch(`${site.url}/metrics`);
  expect(onSite.status).toBe(404);
  expect(onSite.headers.get("content-type")).toMatch(/^text\/html/);
  expect(await onSite.text()).toContain("<!DOCTYPE html>");
  const text = await scrape(site);
  for (const name of ["contact_submissions_total", "lead_deliveries_total", "lead_delivery_duration_seconds", "lead_outbox_pending", "lead_outbox_oldest_pending_seconds", "process_cpu_seconds_total", "nodejs_heap_size_used_bytes"]) {
    expect(text).toContain(`# TYPE ${name} `);
  }
  expect(sample(text, "server_ready")).toBe(1);
  // Unset, there is no metrics listener at all.
  const plain = await server();
  expect(metricsUrl(plain)).toBeUndefined();
});

test("a scrape after a known mix of submissions shows each outcome's exact count", async () => {
  const site = await server({ METRICS_PORT: "0", CONTACT_RATE_LIMIT: "3", CONTACT_UNVERIFIED_LIMIT: "0" });
  const first = lead({ submissionId: crypto.randomUUID() });
  // Accepted, duplicate and spam each use one of the 3 a minute; rejected ones do not.
  const answers = [
    await post(site, first),
    await post(site, { ...first, recaptchaToken: `pass:${unique()}` }),
    await post(site, lead({ email: "not an address" })),
    await post(site, "{not json"),
    await post(site, "<lead/>", "application/xml"),
    await post(site, lead({ recaptchaToken: `wrong:${unique()}` })),
    await post(site, lead({ recaptchaToken: `http500:${unique()}` })),
    await post(site, lead({ website: "http://spam.example" })),
    await post(site, lead()),
  ];
  expect(answers.map((answer) => answer.status)).toEqual([201, 201, 400, 400, 415, 400, 503, 201, 429]);
  const text = await scrape(site);
  const counts = Object.fromEntries(
    ["accepted", "duplicate", "invalid", "rate_limited", "captcha_failed", "spam", "unavailable", "error"].map((outcome) => [outcome, sample(text, `contact_submissions_total{outcome="${outcome}"}`)]),
  );
  expect(counts).toEqual({ accepted: 1, duplicate: 1, invalid: 3, rate_limited: 1, captcha_failed: 1, spam: 1, unavailable: 1, error: 0 });
  // Outside production without SMTP_URL, the e-mail is written as a file: the one accepted lead, previewed, not sent.
  await expect.poll(async () => sample(await scrape(site), 'lead_deliveries_total{channel="email",outcome="previewed"}'), { timeout: 20_000 }).toBe(1);
  const after = await scrape(site);
  expect([sample(after, 'lead_deliveries_total{channel="email",outcome="sent"}'), sample(after, 'lead_outbox_previewed{channel="email"}')]).toEqual([0, 1]);
});

test("the outbox gauges follow a receiver outage and its recovery", async () => {
  const { inbox, hooks, site } = await withReceivers({ LEADS_RETRY_BASE_SECONDS: "1" });
  await inbox.stop();
  hooks.settings.status = 503;
  const ids = [(await post(site, lead())).id, (await post(site, lead())).id];
  expect(ids.every((id) => typeof id === "number")).toBe(true);

  await expect
    .poll(async () => {
      const text = await scrape(site);
      return ["email", "webhook"].map((channel) => [
        sample(text, `lead_outbox_pending{channel="${channel}"}`),
        sample(text, `lead_deliveries_total{channel="${channel}",outcome="retry"}`) >= 2,
        sample(text, `lead_outbox_oldest_pending_seconds{channel="${channel}"}`) > 0,
      ]);
    }, { timeout: 20_000 })
    .toEqual([
      [2, true, true],
      [2, true, true],
    ]);

  await inbox.start();
  hooks.settings.status = 200;
  await expect
    .poll(
      async () => {
        const text = await scrape(site);
        return ["email", "webhook"].map((channel) => [
          sample(text, `lead_outbox_pending{channel="${channel}"}`),
          sample(text, `lead_outbox_oldest_pending_seconds{channel="${channel}"}`),
          sample(text, `lead_outbox_failed{channel="${channel}"}`),
          sample(text, `lead_deliveries_total{channel="${channel}",outcome="sent"}`),
        ]);
      },
      { timeout: 20_000 },
    )
    .toEqual([
      [0, 0, 0, 2],
      [0, 0, 0, 2],
    ]);
  const text = await scrape(site);
  for (const channel of ["email", "webhook"]) {
    // Every attempt was timed, failed or not.
    const attempts = ["sent", "retry", "failed"].reduce((sum, outcome) => sum + sample(text, `lead_deliveries_total{channel="${channel}",outcome="${outcome}"}`), 0);
    expect(sample(text, `lead_delivery_duration_seconds_count{channel="${channel}"}`)).toBe(attempts);
  }
});

test("npm run messages -- status exits 0 when healthy, 1 naming the channel when a delivery is stale or failed, 2 on a bad --max-age", async () => {
  // Six runs of the CLI, each a Node start-up: slow on a busy machine.
  test.slow();
  const { hooks, site } = await withReceivers({ LEADS_RETRY_BASE_SECONDS: "1" });
  await post(site, lead());
  await expect.poll(async () => (await listMessages(site.databaseUrl)).flatMap((m) => m.deliveries.map((d) => d.status)), { timeout: 20_000 }).toEqual(["sent", "sent"]);
  const healthy = await status(site.databaseUrl);
  expect(healthy.code).toBe(0);
  expect(healthy.stdout).toMatch(/^email +0 +0 +1 +0 +0 +-$/m);
  expect(healthy.stdout).toContain("OK: nothing failed");

  // The webhook endpoint is failing and a lead has waited two hours for it.
  hooks.settings.status = 503;
  const { id: waiting } = await post(site, lead());
  await setCreatedAt(site.databaseUrl, [waiting!], new Date(Date.now() - 2 * 3_600_000));
  const stale = await status(site.databaseUrl);
  expect(stale.code).toBe(1);
  expect(stale.stdout).toMatch(/^PROBLEM webhook: the oldest pending delivery has waited 2h( \d+s)?, longer than 1h$/m);
  expect(stale.stdout).not.toContain("PROBLEM email");
  expect((await status(site.databaseUrl, "--max-age", "3h")).code).toBe(0);

  // Then the endpoint is gone for good (410): deliveries to it fail at once and stay failed.
  hooks.settings.status = 410;
  const { id: refused } = await post(site, lead());
  await expect.poll(async () => (await listMessages(site.databaseUrl)).find((m) => m.id === refused)?.deliveries.find((d) => d.channel === "webhook")?.status, { timeout: 20_000 }).toBe("failed");
  const failed = await status(site.databaseUrl, "--max-age", "3h", "--format", "json");
  expect(failed.code).toBe(1);
  const report = JSON.parse(failed.stdout) as { ok: boolean; channels: Record<string, { failed: number; pending: number }>; problems: { channel: string; kind: string }[] };
  expect(report.ok).toBe(false);
  expect(report.channels.webhook!.failed).toBeGreaterThanOrEqual(1);
  expect(report.channels.email!.failed).toBe(0);
  expect(report.problems.map(({ channel, kind }) => `${channel}:${kind}`)).toEqual(["webhook:failed"]);
  expect((await status(site.databaseUrl, "--max-age", "3h")).stdout).toMatch(/^PROBLEM webhook: \d deliver(y|ies) failed for good/m);

  const usage = await status(site.databaseUrl, "--max-age", "1 week");
  expect(usage.code).toBe(2);
  expect(usage.stderr).toContain('--max-age "1 week" is not a duration');
});

test("messages status exits 1 naming each lead not taken after two windows, an unverified one as such; a take from the terminal reaches the webhook through the server, numbered", async () => {
  test.slow();
  const { hooks, site } = await withReceivers();
  const [waiting, taken] = [await post(site, lead({ company: "Waiting Ltd" })), await post(site, lead({ company: "Taken Ltd" }))];
  // Sent while siteverify fails: stored unverified, so no reminder or escalation chases it.
  const unverified = await post(site, lead({ company: "Outage Ltd", recaptchaToken: `http500:${unique()}` }));
  await expect.poll(async () => (await listMessages(site.databaseUrl)).flatMap((m) => m.deliveries.map((d) => d.status)), { timeout: 20_000 }).toEqual(["sent", "sent", "sent", "sent", "sent", "sent"]);
  const reference = (lead: { publicId?: string }) => lead.publicId!.slice(0, 8).toUpperCase();
  const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000);
  for (const { id } of [waiting, taken, unverified]) await setDeadlines(site.databaseUrl, id, hoursAgo(5), hoursAgo(3));

  // The operator's shell has none of the server's settings: the event still goes, through the outbox, by the server.
  const shell = { LEADS_WEBHOOK_URL: "", LEADS_WEBHOOK_SECRET: "", SMTP_URL: "" };
  await runMessagesWith(shell, site.databaseUrl, "take", reference(taken), "--by", "Ada");
  await hooks.waitFor((deliveries) => deliveries.some((d) => d.payload.type === "lead.taken" && d.payload.data.id === taken.id), 20_000);
  await runMessagesWith(shell, site.databaseUrl, "take", reference(taken), "--by", "Bob", "--takeover");
  await hooks.waitFor((deliveries) => deliveries.filter((d) => d.payload.type === "lead.taken").length === 2, 20_000);
  const events = hooks.deliveries.filter((d) => d.payload.type === "lead.taken").map((d) => d.payload.data);
  expect(events.map(({ takenBy, sequence }) => `${String(takenBy)}:${String(sequence)}`)).toEqual(["Ada:1", "Bob:2"]);
  for (const event of events) expect(Date.parse(String(event.takenAt))).toBeGreaterThan(Date.now() - 60_000);

  const checked = await status(site.databaseUrl);
  expect(checked.code).toBe(1);
  expect(checked.stdout).toContain(`PROBLEM lead ${reference(waiting)} (#${waiting.id}) is not taken after two windows`);
  expect(checked.stdout).toContain(`PROBLEM lead ${reference(unverified)} (#${unverified.id}) is unverified and not taken after two windows`);
  expect(checked.stdout).toContain(`npm run messages -- verify ${reference(unverified)}`);
  expect(checked.stdout).not.toContain(reference(taken));
  const report = JSON.parse((await status(site.databaseUrl, "--format", "json")).stdout) as { problems: { kind: string; lead?: string }[] };
  expect(report.problems).toEqual([expect.objectContaining({ kind: "untaken", lead: reference(waiting) }), expect.objectContaining({ kind: "unverified", lead: reference(unverified) })]);
  await runMessagesWith(shell, site.databaseUrl, "take", reference(waiting), "--by", "Ada");
  expect((await status(site.databaseUrl)).code).toBe(1);
  // Vouched for: now chased like any lead (its escalation goes), and still named until someone takes it.
  await runMessagesWith(shell, site.databaseUrl, "verify", reference(unverified));
  expect((await status(site.databaseUrl)).stdout).toContain(`PROBLEM lead ${reference(unverified)} (#${unverified.id}) is not taken after two windows`);
  await runMessagesWith(shell, site.databaseUrl, "take", reference(unverified), "--by", "Ada");
  expect((await status(site.databaseUrl)).code).toBe(0);
});

test("readiness is 503 while PostgreSQL is stopped and 200 again when it is back; liveness stays 200", async () => {
  test.skip(engine() !== "postgres", "PostgreSQL only: a SQLite file does not go away");
  test.slow();
  // A PostgreSQL of its own: stopping the shared one would fail other tests.
  const postgres = await startPostgres();
  cleanups.push(async () => postgres.destroy());
  const site = await server({ DATABASE_URL: postgres.createDatabase(), PG_CONNECT_TIMEOUT_MS: "2000", METRICS_PORT: "0" });
  const readyz = async () => {
    const started = Date.now();
    const response = await fetch(`${site.url}/readyz`);
    return { status: response.status, body: await response.json(), ms: Date.now() - started };
  };
  expect((await readyz()).status).toBe(200);

  postgres.stop();
  const down = await readyz();
  expect(down).toMatchObject({ status: 503, body: { status: "not ready", reason: expect.stringMatching(/^database (unavailable|did not answer within 1 s)$/) } });
  // Within the 1 s limit, plus the round trip.
  expect(down.ms).toBeLessThan(2_000);
  test.info().annotations.push({ type: "readyz while PostgreSQL is down", description: `${down.ms} ms` });
  expect((await fetch(`${site.url}/healthz`)).status).toBe(200);
  expect((await post(site, lead())).status).toBe(503);
  const text = await scrape(site);
  expect(sample(text, "server_ready")).toBe(0);
  expect(sample(text, "lead_outbox_up")).toBe(0);
  expect(sample(text, 'contact_submissions_total{outcome="unavailable"}')).toBe(1);

  postgres.start();
  await expect.poll(async () => (await readyz()).status, { timeout: 20_000 }).toBe(200);
  expect(sample(await scrape(site), "server_ready")).toBe(1);
  // A change of readiness is logged once each way, never the probes themselves.
  expect(site.output().match(/"msg":"not ready"/g)).toHaveLength(1);
  expect(site.output().match(/"msg":"ready again"/g)).toHaveLength(1);
});

test("SIGTERM: readiness 503 at once, a request arriving during the drain is answered, work in flight finishes, exit 0", async () => {
  const { inbox, site } = await withReceivers({ SHUTDOWN_DELAY_MS: "1500" }, { smtpDelayMs: 2_000 });
  const { id: inFlight } = await post(site, lead());
  // A submission whose siteverify answer takes 7 s (the server gives up waiting after 5 s and keeps it unverified).
  const slow = post(site, lead({ recaptchaToken: `slow:${unique()}` }));
  await expect.poll(() => siteverify.requests.some((entry) => entry.response.startsWith("slow:"))).toBe(true);

  const signalled = Date.now();
  const exited = site.stop();
  await expect.poll(() => site.output()).toContain('"msg":"shutting down"');
  const readyz = await fetch(`${site.url}/readyz`);
  expect(readyz.status).toBe(503);
  expect(await readyz.json()).toEqual({ status: "not ready", reason: "shutting down" });
  expect(readyz.headers.get("connection")).toBe("close");
  expect((await fetch(`${site.url}/healthz`)).status).toBe(200);
  const during = await post(site, lead());
  expect(during.status).toBe(201);

  expect(await exited).toBe(0);
  const took = Date.now() - signalled;
  // The slow request held the exit for its 5 s; the limit is SHUTDOWN_DELAY_MS + SHUTDOWN_GRACE_MS (11.5 s).
  expect(took).toBeLessThan(11_500);
  test.info().annotations.push({ type: "exit after SIGTERM", description: `${took} ms` });
  expect((await slow).status).toBe(201);
  // The e-mail in flight at the signal was delivered; the lead that came during the drain is stored for the next start.
  expect(inbox.mails.some((received) => Number(received.mail.headers.get("x-lead-id")) === inFlight)).toBe(true);
  const stored = await listMessages(site.databaseUrl);
  expect(stored.map((m) => m.id)).toContain(during.id);
  await expect(fetch(`${site.url}/healthz`)).rejects.toThrow();
});
