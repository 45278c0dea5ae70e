import { expect, test } from "@playwright/test";
import { startFakeSiteverify, type FakeSiteverify } from "../test/support/fake-siteverify.mjs";
import { startSmtpInbox } from "../test/support/lead-inbox.mjs";
import { startPostgres } from "../test/support/postgres.mjs";
import { leadIdOf, listMessages, startServer, tempDatabaseUrl, type SiteServer } from "../test/support/servers";
import { lead, unique } from "../test/support/leads";

/*
 * Several instances of the real server on one PostgreSQL database, as behind a load balancer; and a database
 * that goes away for a few seconds. Runs in the "postgres" project only (playwright.config.ts).
 */

test.describe.configure({ mode: "parallel" });

async function post(server: SiteServer, body: Record<string, unknown>) {
  const started = Date.now();
  const response = await fetch(`${server.url}/api/contact`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
  const answer = (await response.json()) as { ok: boolean; id?: string };
  return { status: response.status, retryAfter: response.headers.get("retry-after"), ms: Date.now() - started, ...answer };
}

let siteverify: FakeSiteverify;
const running: SiteServer[] = [];
test.beforeEach(async () => {
  siteverify = await startFakeSiteverify();
});
test.afterEach(async () => {
  for (const server of running.splice(0)) await server.stop();
  await siteverify.close();
});

/** `count` instances on one new database. */
async function instances(count: number, env: Record<string, string> = {}) {
  const databaseUrl = env.DATABASE_URL ?? tempDatabaseUrl();
  const started = await Promise.all(
    Array.from({ length: count }, () => startServer({ RECAPTCHA_VERIFY_URL: siteverify.url, CONTACT_RATE_LIMIT: "1000", ...env, DATABASE_URL: databaseUrl })),
  );
  running.push(...started);
  return { servers: started, databaseUrl };
}

test("a message posted to two instances at the same moment with one submission id is stored once", async () => {
  const { servers: [a, b], databaseUrl } = await instances(2);
  for (let round = 0; round < 5; round++) {
    const body = lead({ submissionId: crypto.randomUUID() });
    // The visitor's resend reaches the other instance while the first is still working: fresh token, same id.
    const [first, second] = await Promise.all([post(a!, body), post(b!, { ...body, recaptchaToken: `pass:${unique()}` })]);
    expect([first.status, second.status]).toEqual([201, 201]);
    expect(second.id).toBe(first.id);
  }
  const stored = await listMessages(databaseUrl);
  expect(stored).toHaveLength(5);
  expect(new Set(stored.map((m) => m.message)).size).toBe(5);
});

test("a visitor's rate limit holds across instances: 3 a minute means 3 in total", async () => {
  const { servers: [a, b], databaseUrl } = await instances(2, { CONTACT_RATE_LIMIT: "3" });
  // Both instances see the visitor as 127.0.0.1; half the posts go to each, all at once.
  const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => post(i % 2 ? a! : b!, lead())));
  expect(answers.filter((answer) => answer.status === 201)).toHaveLength(3);
  const refused = answers.filter((answer) => answer.status === 429);
  expect(refused).toHaveLength(5);
  for (const answer of refused) expect(Number(answer.retryAfter)).toBeGreaterThan(0);
  expect(await listMessages(databaseUrl)).toHaveLength(3);
  // Refused messages do not use the allowance up (nor do rejected ones): still no room on either instance.
  expect((await post(a!, lead())).status).toBe(429);
  expect((await post(b!, lead())).status).toBe(429);
});

test("kill -9 of an instance mid-delivery: another instance delivers what it held once the lease runs out", async () => {
  test.slow();
  // The mail server takes its time, so the first instance is still holding every delivery when it dies.
  const inbox = await startSmtpInbox({ delayMs: 10_000 });
  try {
    const env = { SMTP_URL: inbox.url, LEADS_NOTIFY_TO: "sales@arcline.example", LEADS_LEASE_SECONDS: "6", LEADS_RETRY_BASE_SECONDS: "1" };
    const { servers: [a, b], databaseUrl } = await instances(2, env);
    const ids: number[] = [];
    for (let i = 0; i < 4; i++) {
      const answer = await post(a!, lead());
      expect(answer.status).toBe(201);
      ids.push(await leadIdOf(databaseUrl, answer.id!));
    }
    // Every delivery taken (one attempt) and none finished: they are on the wire, held by whoever took them.
    await expect.poll(async () => (await listMessages(databaseUrl)).flatMap((m) => m.deliveries).map((d) => `${d.status}:${d.attempts}`)).toEqual(ids.map(() => "pending:1"));
    expect(a!.output()).not.toContain('"msg":"lead delivered"');
    const crashedAt = Date.now();
    await a!.crash();
    running.splice(running.indexOf(a!), 1);
    inbox.settings.delayMs = 0;

    // Nothing is lost: each lead is delivered (again, the same message) by the survivor, after the lease.
    await expect
      .poll(async () => (await listMessages(databaseUrl)).map((m) => m.deliveries.map((d) => `${d.status}:${d.attempts}`).join()), { timeout: 30_000 })
      .toEqual(ids.map(() => "sent:2"));
    test.info().annotations.push({ type: "redelivered after", description: `${Date.now() - crashedAt} ms` });
    const delivered = b!.output().match(/"msg":"lead delivered","channel":"email","lead":\d+,"attempt":2/g) ?? [];
    expect(delivered).toHaveLength(ids.length);
    for (const id of ids) {
      const copies = inbox.mails.filter((received) => Number(received.mail.headers.get("x-lead-id")) === id);
      expect(copies.length).toBeGreaterThanOrEqual(1);
      expect(new Set(copies.map((received) => received.mail.messageId)).size).toBe(1);
    }
  } finally {
    // Servers first: the mail server waits for their open connections to close.
    for (const server of running.splice(0)) await server.stop();
    await inbox.stop();
  }
});

test("the cap on unverified leads is one cap for all instances", async () => {
  const { servers: [a, b], databaseUrl } = await instances(2, { CONTACT_UNVERIFIED_LIMIT: "2" });
  // The fake siteverify answers HTTP 500 for these tokens: Google "unavailable", so leads are kept unverified, up to the cap.
  const unverified = () => lead({ recaptchaToken: `http500:${unique()}` });
  expect((await post(a!, unverified())).status).toBe(201);
  expect((await post(b!, unverified())).status).toBe(201);
  const over = await post(a!, unverified());
  expect(over.status).toBe(503);
  expect((await post(b!, unverified())).status).toBe(503);
  expect(Number(over.retryAfter)).toBeGreaterThan(60);
  expect((await listMessages(databaseUrl)).map((row) => row.verification)).toEqual(["unverified", "unverified"]);
});

test("a database down for a few seconds: 503 with Retry-After at once, then recovery without a restart", async () => {
  test.slow();
  // A PostgreSQL of its own: stopping the shared one would fail other tests.
  const postgres = await startPostgres();
  try {
    const { servers: [server] } = await instances(1, { DATABASE_URL: postgres.createDatabase(), PG_CONNECT_TIMEOUT_MS: "2000" });
    // At once, so the pool holds several idle connections for the shutdown to break.
    expect((await Promise.all([post(server!, lead()), post(server!, lead()), post(server!, lead())])).map((answer) => answer.status)).toEqual([201, 201, 201]);

    postgres.stop();
    for (let i = 0; i < 3; i++) {
      const answer = await post(server!, lead());
      expect(answer.status).toBe(503);
      expect(Number(answer.retryAfter)).toBeGreaterThan(0);
      expect(answer.ms).toBeLessThan(5_000);
    }
    // A bot's decoy answer needs the store too: the same 503, never a 500.
    const decoy = await post(server!, lead({ website: "http://spam.example" }));
    expect(decoy.status).toBe(503);
    expect(Number(decoy.retryAfter)).toBeGreaterThan(0);
    // The site itself is still served.
    expect((await fetch(`${server!.url}/`)).status).toBe(200);

    postgres.start();
    await expect.poll(async () => (await post(server!, lead())).status, { timeout: 20_000 }).toBe(201);
    expect(server!.exitCode()).toBeNull();
    expect(server!.output()).toContain('"msg":"contact store failed"');
    expect(server!.output()).toContain('"msg":"database connection lost');
    expect((await listMessages(server!.databaseUrl)).length).toBeGreaterThanOrEqual(4);
  } finally {
    for (const server of running.splice(0)) await server.stop();
    postgres.destroy();
  }
});
