import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test } from "@playwright/test";
import { startFakeSiteverify, type FakeSiteverify } from "../test/support/fake-siteverify.mjs";
import { newWebhookSecret, startSmtpInbox, startWebhookReceiver, type ReceivedMail } from "../test/support/lead-inbox.mjs";
import { ANY_STORE, listMessages, runMessages, runMessagesWith, setCreatedAt, startServer, tempDatabaseUrl, withLeadId, type SiteServer } from "../test/support/servers";
import { lead, unique } from "../test/support/leads";

/*
 * Every lead reaches a person: the production server with a real SMTP server and a real webhook receiver on
 * loopback, a real database, and the server killed and restarted mid-delivery. Each test starts its own.
 */

test.describe.configure({ mode: "parallel" });

type Setup = Awaited<ReturnType<typeof setUp>>;

/** A mail server, a webhook receiver, a fake siteverify and the real server wired to all three. */
async function setUp(env: Record<string, string> = {}, { smtpDelayMs = 0, siteverifySecret }: { smtpDelayMs?: number; siteverifySecret?: string } = {}) {
  const secret = newWebhookSecret();
  const inbox = await startSmtpInbox({ delayMs: smtpDelayMs });
  const hooks = await startWebhookReceiver(secret);
  const siteverify = await startFakeSiteverify(siteverifySecret ? { secret: siteverifySecret } : {});
  const serverEnv = {
    RECAPTCHA_VERIFY_URL: siteverify.url,
    CONTACT_RATE_LIMIT: "1000",
    SMTP_URL: inbox.url,
    LEADS_NOTIFY_TO: "sales@arcline.example, leads@arcline.example",
    LEADS_NOTIFY_FROM: "Website <no-reply@arcline.example>",
    LEADS_WEBHOOK_URL: hooks.url,
    LEADS_WEBHOOK_SECRET: secret,
    ...env,
  };
  const servers: SiteServer[] = [await startServer(serverEnv)];
  const current = () => servers.at(-1)!;
  return {
    inbox,
    hooks,
    siteverify,
    current,
    databaseUrl: current().databaseUrl,
    /** Posts a lead to the running server and returns its id. */
    async post(body: Record<string, unknown> = lead()) {
      const response = await fetch(`${current().url}/api/contact`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
      const answer = (await response.json()) as { ok: boolean; id?: string; error?: string };
      return { status: response.status, ...(await withLeadId(current().databaseUrl, answer)) };
    },
    /** Starts the server again on the same database (after a crash or stop); a setting given as undefined is left unset. */
    async restart(extra: Record<string, string | undefined> = {}) {
      const env = Object.entries({ ...serverEnv, ...extra }).filter((entry): entry is [string, string] => entry[1] !== undefined);
      servers.push(await startServer({ ...Object.fromEntries(env), DATABASE_URL: current().databaseUrl }));
    },
    async tearDown() {
      for (const server of servers) await server.stop();
      await Promise.all([inbox.stop().catch(() => {}), hooks.stop().catch(() => {}), siteverify.close()]);
    },
  };
}

const withSetup = (env: Record<string, string>, run: (s: Setup) => Promise<void>, options?: Parameters<typeof setUp>[1]) => async () => {
  const setup = await setUp(env, options);
  try {
    await run(setup);
  } finally {
    await setup.tearDown();
  }
};

const leadIdOf = (received: ReceivedMail) => Number(received.mail.headers.get("x-lead-id"));
const mailsFor = (s: Setup, id: number) => s.inbox.mails.filter((received) => leadIdOf(received) === id);
const hooksFor = (s: Setup, id: number) => s.hooks.deliveries.filter((delivery) => delivery.payload.data.id === id);
const allIn = (ids: number[], found: (id: number) => unknown[]) => ids.every((id) => found(id).length > 0);

test("delivers one e-mail to sales and one signed webhook per lead, with every field", withSetup({}, async (s) => {
  const body = lead({ submissionId: crypto.randomUUID() });
  const first = await s.post(body);
  expect(first.status).toBe(201);
  // The visitor resends (the first answer was lost): still one lead, one e-mail, one webhook.
  expect((await s.post({ ...body, recaptchaToken: `pass:${unique()}` })).id).toBe(first.id);
  await s.inbox.waitFor(() => mailsFor(s, first.id).length > 0);
  await s.hooks.waitFor(() => hooksFor(s, first.id).length > 0);

  const [received] = mailsFor(s, first.id);
  const { mail, rcptTo } = received!;
  expect(mail.subject).toBe("New enquiry from Grace Hopper (Navy)");
  expect(rcptTo.sort()).toEqual(["leads@arcline.example", "sales@arcline.example"]);
  expect(mail.from?.value).toEqual([{ name: "Website", address: "no-reply@arcline.example" }]);
  expect(mail.replyTo?.value).toEqual([{ name: "Grace Hopper", address: "grace@navy.example" }]);
  expect(mail.messageId).toMatch(/^<lead-[0-9a-f-]{36}@arcline\.example>$/);
  for (const line of ["Name: Grace Hopper", "Email: grace@navy.example", "Company: Navy", `Lead: #${first.id}`, "reCAPTCHA: verified", body.message as string]) {
    expect(mail.text).toContain(line);
  }
  expect(mail.html).toContain(body.message);

  const [hook] = hooksFor(s, first.id);
  expect(hook!.headers["webhook-id"]).toMatch(/^msg_[0-9a-f]{32}$/);
  expect(hook!.payload).toMatchObject({
    type: "lead.created",
    data: { id: first.id, firstName: "Grace", lastName: "Hopper", email: "grace@navy.example", company: "Navy", message: body.message, verification: "verified" },
  });

  // The operator sees both deliveries as sent, in every format.
  await expect.poll(async () => (await listMessages(s.databaseUrl)).find((m) => m.id === first.id)?.deliveries.map((d) => d.status)).toEqual(["sent", "sent"]);
  const [listed] = (await listMessages(s.databaseUrl)).filter((m) => m.id === first.id);
  expect(listed!.deliveries).toEqual([
    { channel: "email", status: "sent", attempts: 1, lastError: null, sentAt: expect.any(String) },
    { channel: "webhook", status: "sent", attempts: 1, lastError: null, sentAt: expect.any(String) },
  ]);
  expect(await runMessages(s.databaseUrl)).toMatch(new RegExp(`#${first.id} [\\s\\S]*-> email: sent \\d{4}-[\\s\\S]*-> webhook: sent \\d{4}-`));
  const csv = await runMessages(s.databaseUrl, "--format", "csv");
  expect(csv).toMatch(/emailStatus.*emailAttempts.*emailLastError.*emailSentAt.*webhookStatus/);
  expect(s.inbox.mails).toHaveLength(1);
  expect(s.hooks.deliveries).toHaveLength(1);
}));

test("an unverified lead says so first, and its reason is in the e-mail and the webhook", withSetup({}, async (s) => {
  // The fake siteverify answers HTTP 500 for this token: Google "unavailable", so the lead is kept, flagged.
  const { id } = await s.post(lead({ recaptchaToken: `http500:${unique()}` }));
  await s.inbox.waitFor(() => mailsFor(s, id).length > 0);
  await s.hooks.waitFor(() => hooksFor(s, id).length > 0);
  const [{ mail }] = mailsFor(s, id) as [ReceivedMail];
  expect(mail.subject).toBe("[unverified] New enquiry from Grace Hopper (Navy)");
  expect(mail.text).toMatch(/reCAPTCHA: UNVERIFIED \(.+\)/);
  expect(hooksFor(s, id)[0]!.payload.data).toMatchObject({ verification: "unverified", verificationNote: expect.any(String) });
}));

test("keeps leads that arrive while both channels are down, and delivers them all once they are back", withSetup({ LEADS_RETRY_BASE_SECONDS: "1" }, async (s) => {
  await Promise.all([s.inbox.stop(), s.hooks.stop()]);
  const ids: number[] = [];
  for (let i = 0; i < 4; i++) {
    const answer = await s.post();
    expect(answer.status).toBe(201);
    ids.push(answer.id);
  }
  // The operator sees them waiting, with the reason.
  await expect.poll(async () => (await listMessages(s.databaseUrl)).flatMap((m) => m.deliveries).every((d) => d.status === "pending" && d.attempts >= 1 && d.lastError)).toBe(true);
  expect(await runMessages(s.databaseUrl)).toMatch(/-> email: pending, attempt \d+ failed: .+, next try at \d{4}-/);
  await Promise.all([s.inbox.start(), s.hooks.start()]);
  await s.inbox.waitFor(() => allIn(ids, (id) => mailsFor(s, id)), 30_000);
  await s.hooks.waitFor(() => allIn(ids, (id) => hooksFor(s, id)), 30_000);
  for (const id of ids) {
    expect(mailsFor(s, id)).toHaveLength(1);
    expect(hooksFor(s, id)).toHaveLength(1);
  }
}));

test("a slow mail server holds up neither the webhook nor the API's answer", withSetup({}, async (s) => {
  s.inbox.settings.delayMs = 4_000;
  const started = Date.now();
  const { status, id } = await s.post();
  const answered = Date.now();
  expect(status).toBe(201);
  await s.hooks.waitFor(() => hooksFor(s, id).length > 0);
  await s.inbox.waitFor(() => mailsFor(s, id).length > 0);
  // Where things end up: the answer came first, then the webhook, and the e-mail only after its 4 s.
  const hookAt = hooksFor(s, id)[0]!.receivedAt;
  const mailAt = mailsFor(s, id)[0]!.receivedAt;
  expect(answered).toBeLessThan(started + 4_000);
  expect(hookAt).toBeLessThan(mailAt);
  expect(mailAt - started).toBeGreaterThanOrEqual(4_000);
}));

// On PostgreSQL the restarted instance leaves the dead one's leases to expire (another live instance could hold
// them): a short lease keeps the test short.
test("a crash (kill -9) during delivery loses no notification, and a resend is the same message", withSetup({ LEADS_RETRY_BASE_SECONDS: "1", LEADS_LEASE_SECONDS: "5" }, async (s) => {
  s.inbox.settings.delayMs = 1_500;
  const ids: number[] = [];
  for (let i = 0; i < 8; i++) ids.push((await s.post()).id);
  // Mid-delivery: some e-mails through, others on the wire.
  await s.inbox.waitFor((mails) => mails.length >= 1, 15_000);
  await s.current().crash();
  s.inbox.settings.delayMs = 0;
  await s.restart();
  await s.inbox.waitFor(() => allIn(ids, (id) => mailsFor(s, id)), 30_000);
  await s.hooks.waitFor(() => allIn(ids, (id) => hooksFor(s, id)), 30_000);
  for (const id of ids) {
    // Only a message that was in flight may come twice, and then as the same message.
    expect(new Set(mailsFor(s, id).map((received) => received.mail.messageId)).size).toBe(1);
    expect(new Set(hooksFor(s, id).map((delivery) => delivery.headers["webhook-id"])).size).toBe(1);
  }
  await expect.poll(async () => (await listMessages(s.databaseUrl)).flatMap((m) => m.deliveries).every((d) => d.status === "sent"), { timeout: 20_000 }).toBe(true);
}));

test("SIGTERM takes no new work but lets a delivery in flight finish", withSetup({}, async (s) => {
  s.inbox.settings.delayMs = 2_000;
  const { id } = await s.post();
  // The mail server has the message and is taking its time to answer: the delivery is in flight.
  await expect.poll(() => s.current().output()).toContain('"msg":"contact stored"');
  await new Promise((resolve) => setTimeout(resolve, 500));
  expect(await s.current().stop()).toBe(0);
  expect(mailsFor(s, id)).toHaveLength(1);
  const [stored] = await listMessages(s.databaseUrl);
  expect(stored!.deliveries.find((d) => d.channel === "email")).toMatchObject({ status: "sent", attempts: 1 });
}));

test("lets no visitor text add a header or a recipient", withSetup({}, async (s) => {
  const tricky = [
    lead({ firstName: '"Mallory" <thief@evil.example>,', lastName: "Bcc: thief2@evil.example" }),
    lead({ company: "Acme, thief3@evil.example", message: "Hi\r\nBcc: thief4@evil.example\r\n.\r\nRCPT TO:<thief5@evil.example>\r\n" }),
    lead({ firstName: "Eve\r\nBcc: thief6@evil.example", lastName: "X" }),
  ];
  const ids: number[] = [];
  for (const body of tricky) {
    const answer = await s.post(body);
    // A line break in a name is either refused outright or made harmless: never a header.
    if (answer.status === 201) ids.push(answer.id);
    else expect(answer.status).toBe(400);
  }
  expect(ids.length).toBeGreaterThanOrEqual(2);
  await s.inbox.waitFor(() => allIn(ids, (id) => mailsFor(s, id)));
  for (const { mail, rcptTo } of s.inbox.mails) {
    expect(rcptTo.sort()).toEqual(["leads@arcline.example", "sales@arcline.example"]);
    expect(mail.bcc).toBeUndefined();
    expect(mail.replyTo?.value.map((address) => address.address)).toEqual(["grace@navy.example"]);
    expect([...mail.headers.keys()].filter((key) => /bcc|rcpt/i.test(key))).toEqual([]);
  }
  expect(mailsFor(s, ids[1]!)[0]!.mail.text).toContain("RCPT TO:<thief5@evil.example>");
}));

test("resend queues a lead's failed deliveries again", withSetup({ LEADS_RETRY_BASE_SECONDS: "0.001" }, async (s) => {
  s.hooks.settings.status = 500;
  const { id } = await s.post();
  // 15 attempts in a few seconds at this base, then the delivery is kept as failed.
  await expect
    .poll(async () => (await listMessages(s.databaseUrl)).find((m) => m.id === id)?.deliveries.find((d) => d.channel === "webhook"), { timeout: 20_000 })
    .toMatchObject({ status: "failed", attempts: 15, lastError: "webhook answered HTTP 500" });
  expect(await runMessages(s.databaseUrl)).toContain("-> webhook: failed after 15 attempts: webhook answered HTTP 500");
  s.hooks.settings.status = 204;
  expect(await runMessages(s.databaseUrl, "resend", String(id))).toBe(`1 failed delivery of lead #${id} queued again.\n`);
  await s.hooks.waitFor(() => hooksFor(s, id).length > 0, 20_000);
  await expect.poll(async () => (await listMessages(s.databaseUrl)).find((m) => m.id === id)?.deliveries.map((d) => d.status)).toEqual(["sent", "sent"]);
  expect(mailsFor(s, id)).toHaveLength(1);
}));

test("export prints everything stored about one person, erase deletes it", withSetup({}, async (s) => {
  const ada = await s.post(lead({ email: "ada@example.com", firstName: "Ada" }));
  const adaAgain = await s.post(lead({ email: "Ada@Example.com", firstName: "Ada" }));
  const grace = await s.post();
  const exported = JSON.parse(await runMessages(s.databaseUrl, "export", "--email", "ADA@example.com")) as { email: string; leads: { id: number; device: string | null; deliveries: unknown[] }[] };
  expect(exported.leads.map((l) => l.id)).toEqual([ada.id, adaAgain.id]);
  // The lead keeps a device class and a country (none for loopback), never the IP or the user agent.
  expect(exported.leads[0]).toMatchObject({ email: "ada@example.com", firstName: "Ada", country: null, deliveries: expect.any(Array) });
  expect(exported.leads[0]).not.toHaveProperty("ip");
  expect(exported.leads[0]).not.toHaveProperty("userAgent");
  expect(await runMessages(s.databaseUrl, "erase", "--email", "ada@example.com")).toBe("Erased 2 leads from ada@example.com.\n");
  expect((await listMessages(s.databaseUrl)).map((m) => m.id)).toEqual([grace.id]);
  expect(JSON.parse(await runMessages(s.databaseUrl, "export", "--email", "ada@example.com")).leads).toEqual([]);
}));

test("LEADS_RETENTION_DAYS deletes older delivered leads, keeps those not yet delivered, and logs both", withSetup({}, async (s) => {
  const old = [await s.post(), await s.post()];
  const recent = await s.post();
  await s.inbox.waitFor(() => allIn([...old.map((o) => o.id), recent.id], (id) => mailsFor(s, id)));
  await s.hooks.waitFor(() => allIn([...old.map((o) => o.id), recent.id], (id) => hooksFor(s, id)));
  // Two more whose webhook cannot be delivered (the receiver is down): pending.
  await s.hooks.stop();
  const undelivered = [await s.post(), await s.post()];
  await expect.poll(async () => (await listMessages(s.databaseUrl)).filter((m) => m.deliveries.some((d) => d.channel === "webhook" && d.status === "pending" && d.attempts > 0)).length, { timeout: 20_000 }).toBe(2);
  await s.current().stop();
  // Age four leads by 40 days, as time would.
  await setCreatedAt(s.databaseUrl, [...old, ...undelivered].map((lead) => lead.id), new Date(Date.now() - 40 * 86_400_000));
  await s.restart({ LEADS_RETENTION_DAYS: "30" });
  await expect.poll(() => s.current().output(), { timeout: 20_000 }).toContain('"msg":"retention kept leads not yet delivered","kept":2');
  expect(s.current().output()).toContain('"msg":"retention","deleted":2,"olderThanDays":30');
  expect((await listMessages(s.databaseUrl)).map((m) => m.id)).toEqual([recent.id, ...undelivered.map((lead) => lead.id)]);
}));

test("a refused recipient is not sent: the error names it, a 550 fails it for good, and resend delivers it once fixed", withSetup({}, async (s) => {
  s.inbox.settings.refuse["leads@arcline.example"] = "550 5.1.1 No such user";
  const { id } = await s.post();
  const email = async () => (await listMessages(s.databaseUrl)).find((m) => m.id === id)?.deliveries.find((d) => d.channel === "email");
  await expect.poll(email, { timeout: 20_000 }).toMatchObject({ status: "failed", attempts: 1, lastError: expect.stringMatching(/refused leads@arcline\.example \(550 /) });
  expect(mailsFor(s, id).map((received) => received.rcptTo)).toEqual([["sales@arcline.example"]]);
  // The address is fixed on the mail server's side; the operator resends.
  s.inbox.settings.refuse = {};
  expect(await runMessages(s.databaseUrl, "resend", String(id))).toBe(`1 failed delivery of lead #${id} queued again.\n`);
  await expect.poll(email, { timeout: 20_000 }).toMatchObject({ status: "sent", lastError: null });
  expect(mailsFor(s, id).map((received) => received.rcptTo.sort())).toEqual([["sales@arcline.example"], ["leads@arcline.example", "sales@arcline.example"]]);
  expect(new Set(mailsFor(s, id).map((received) => received.mail.messageId)).size).toBe(1);
}));

// In production: elsewhere a missing mail server means the development .eml preview, which counts as delivered.
const production = { NODE_ENV: "production", STAFF_PORT: "off", SITE_URL: "http://127.0.0.1", RECAPTCHA_SECRET_KEY: "a-real-looking-secret", LEADS_LINK_SECRET: "q7Vd0Jw3nKc9XbT2mRf8LpZ4sHy6GeA1uNo5IvE3xQk=" };

test("a lead stored while a channel was missing is delivered once it is configured; a channel dropped shows as not configured", withSetup({ ...production, LEADS_RETRY_BASE_SECONDS: "60" }, async (s) => {
  await s.current().stop();
  // An instance with no mail server set (a typo in its name, say), and a webhook receiver that answers 500 for now.
  s.hooks.settings.status = 500;
  await s.restart({ SMTP_URL: undefined, LEADS_NOTIFY_TO: undefined });
  expect(s.current().output()).toMatch(/"summary":"Each lead is stored, then delivered by webhook http:\/\/127\.0\.0\.1:\d+\."/);
  const { id } = await s.post();
  await expect.poll(async () => (await listMessages(s.databaseUrl)).find((m) => m.id === id)?.deliveries, { timeout: 20_000 }).toEqual([
    expect.objectContaining({ channel: "webhook", status: "pending", attempts: 1 }),
  ]);
  await s.current().stop();
  // Mail configured again, the webhook dropped: the lead gets its e-mail, and its webhook row says why it waits.
  await s.restart({ LEADS_WEBHOOK_URL: undefined, LEADS_WEBHOOK_SECRET: undefined });
  expect(s.current().output()).toMatch(/"summary":"Each lead is stored, then delivered by e-mail to sales@arcline\.example, leads@arcline\.example through smtp:\/\/127\.0\.0\.1:\d+\."/);
  await s.inbox.waitFor(() => mailsFor(s, id).length === 1);
  await expect.poll(async () => (await listMessages(s.databaseUrl)).find((m) => m.id === id)?.deliveries.map((d) => [d.channel, d.status]), { timeout: 20_000 }).toEqual([
    ["email", "sent"],
    ["webhook", "pending"],
  ]);
  expect(await runMessages(s.databaseUrl)).toContain("-> webhook: pending, channel not configured (no instance delivers by webhook)");
}, { siteverifySecret: production.RECAPTCHA_SECRET_KEY }));
test.describe("with no delivery channel", () => {
  let siteverify: FakeSiteverify;
  test.beforeEach(async () => {
    siteverify = await startFakeSiteverify({ secret: "a-real-looking-secret" });
  });
  test.afterEach(async () => siteverify.close());

  test("production refuses to start without a channel unless LEADS_DELIVERY=store-only; a lead stored then is delivered once a channel is set", async () => {
    const env = { NODE_ENV: "production", STAFF_PORT: "off", SITE_URL: "http://127.0.0.1", RECAPTCHA_SECRET_KEY: "a-real-looking-secret", RECAPTCHA_VERIFY_URL: siteverify.url, CONTACT_RATE_LIMIT: "1000", LEADS_LINK_SECRET: "q7Vd0Jw3nKc9XbT2mRf8LpZ4sHy6GeA1uNo5IvE3xQk=" };
    await expect(startServer(env)).rejects.toThrow(/exited with 1[\s\S]*No lead delivery channel is configured[\s\S]*LEADS_DELIVERY=store-only/);
    const server = await startServer({ ...env, LEADS_DELIVERY: "store-only" });
    let id: number;
    try {
      expect(server.output()).toMatch(/"msg":"lead delivery","summary":"Leads are only stored \(no delivery channel configured\): set SMTP_URL/);
      const response = await fetch(`${server.url}/api/contact`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(lead()) });
      expect(response.status).toBe(201);
      id = (await withLeadId(server.databaseUrl, (await response.json()) as { ok: boolean; id: string })).id;
      const [stored] = await listMessages(server.databaseUrl);
      expect(stored!.deliveries).toEqual([]);
      expect(await runMessages(server.databaseUrl)).toContain("not delivered: no channel was configured");
    } finally {
      await server.stop();
    }
    // The mail server is set up later: the lead that reached nobody is delivered at the next start.
    const inbox = await startSmtpInbox();
    const later = await startServer({ ...env, DATABASE_URL: server.databaseUrl, SMTP_URL: inbox.url, LEADS_NOTIFY_TO: "sales@arcline.example" });
    try {
      await inbox.waitFor((mails) => mails.some((received) => leadIdOf(received) === id));
      await expect.poll(async () => (await listMessages(server.databaseUrl))[0]?.deliveries.map((d) => d.status), { timeout: 20_000 }).toEqual(["sent"]);
    } finally {
      await later.stop();
      await inbox.stop();
    }
  });

  test("outside production, each notification e-mail is written as an .eml file: a preview, not a delivery, mailed once SMTP is set", async () => {
    const databaseUrl = tempDatabaseUrl();
    const mailDir = mkdtempSync(join(tmpdir(), "outbox-preview-"));
    const env = { DATABASE_URL: databaseUrl, LEADS_MAIL_DIR: mailDir, RECAPTCHA_SECRET_KEY: "a-real-looking-secret", RECAPTCHA_VERIFY_URL: siteverify.url };
    const server = await startServer(env);
    let id: number;
    try {
      expect(server.output()).toContain(`each notification e-mail is written to ${mailDir}/`);
      await fetch(`${server.url}/api/contact`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(lead()) });
      await expect.poll(async () => (await listMessages(databaseUrl))[0]?.deliveries, { timeout: 20_000 }).toEqual([expect.objectContaining({ channel: "email", status: "previewed", sentAt: null })]);
      id = (await listMessages(databaseUrl))[0]!.id;
      expect(readdirSync(mailDir)).toEqual([`lead-${id}.eml`]);
      const eml = readFileSync(join(mailDir, `lead-${id}.eml`), "utf8");
      expect(eml).toContain("Subject: New enquiry from Grace Hopper (Navy)");
      expect(eml).toContain("Reply-To: Grace Hopper <grace@navy.example>");
      expect(await runMessages(databaseUrl)).toContain("-> email: previewed only (written to a development .eml file; no one got it)");
      // The outbox check pages: no person got the lead.
      const status = await runMessages(databaseUrl, "status").then(() => ({ code: 0, stdout: "" }), (error: { code: number; stdout: string }) => error);
      expect(status.code).toBe(1);
      expect(status.stdout).toContain("PROBLEM email: 1 delivery was only written as development previews");
    } finally {
      await server.stop();
    }
    // The mail server is set later, still without NODE_ENV=production: the lead is mailed at the next start.
    const inbox = await startSmtpInbox();
    const later = await startServer({ ...env, SMTP_URL: inbox.url, LEADS_NOTIFY_TO: "sales@arcline.example" });
    try {
      await inbox.waitFor((mails) => mails.some((received) => leadIdOf(received) === id));
      await expect.poll(async () => (await listMessages(databaseUrl))[0]?.deliveries.map((d) => d.status), { timeout: 20_000 }).toEqual(["sent"]);
      expect(later.output()).toContain('"msg":"deliveries that were only previewed are queued for the channels configured now","deliveries":1');
    } finally {
      await later.stop();
      await inbox.stop();
      rmSync(mailDir, { recursive: true, force: true });
    }
  });

  test("erase and retention delete the .eml previews with their leads, and leave no byte of them in the SQLite files", async () => {
    const databaseUrl = tempDatabaseUrl();
    const mailDir = mkdtempSync(join(tmpdir(), "lead-previews-"));
    const env = { DATABASE_URL: databaseUrl, LEADS_MAIL_DIR: mailDir, RECAPTCHA_SECRET_KEY: "a-real-looking-secret", RECAPTCHA_VERIFY_URL: siteverify.url, CONTACT_RATE_LIMIT: "1000" };
    const post = async (server: SiteServer, body: Record<string, unknown>) =>
      (await withLeadId(databaseUrl, (await (await fetch(`${server.url}/api/contact`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) })).json()) as { ok: boolean; id: string })).id;
    const previews = () => readdirSync(mailDir).sort();
    let server = await startServer(env);
    let ids: number[];
    const bodies = [lead({ email: "ada@example.com" }), lead(), lead()];
    // What `grep -c TEXT data/messages.db data/messages.db-wal data/messages.db-shm` finds (SQLite; PostgreSQL: server/db/postgres-store.test.ts).
    const sqliteFile = databaseUrl.startsWith("file:") ? databaseUrl.slice("file:".length) : undefined;
    const filesHolding = (text: string) =>
      ["", "-wal", "-shm"].filter((suffix) => sqliteFile && existsSync(sqliteFile + suffix) && readFileSync(sqliteFile + suffix).includes(Buffer.from(text)));
    try {
      ids = [await post(server, bodies[0]!), await post(server, bodies[1]!), await post(server, bodies[2]!)];
      await expect.poll(previews, { timeout: 20_000 }).toEqual(ids.map((id) => `lead-${id}.eml`).sort());
    } finally {
      await server.stop();
    }
    expect(await runMessagesWith({ LEADS_MAIL_DIR: mailDir }, databaseUrl, "erase", "--email", "ada@example.com")).toBe("Erased 1 lead from ada@example.com.\n");
    expect(previews()).toEqual([`lead-${ids[1]}.eml`, `lead-${ids[2]}.eml`].sort());
    expect(filesHolding("ada@example.com")).toEqual([]);
    // The check itself finds what is there: the leads kept.
    expect(filesHolding(bodies[1]!.message as string).length > 0).toBe(Boolean(sqliteFile));
    await setCreatedAt(databaseUrl, [ids[1]!], new Date(Date.now() - 40 * 86_400_000));
    // A preview is no delivery, so retention keeps the lead until an operator settles it.
    expect(await runMessages(databaseUrl, "settle", String(ids[1]))).toBe(`1 delivery of lead #${ids[1]} settled: no longer awaited, so retention may delete the lead.\n`);
    server = await startServer({ ...env, LEADS_RETENTION_DAYS: "30" });
    try {
      await expect.poll(() => server.output(), { timeout: 20_000 }).toContain('"msg":"retention","deleted":1');
      expect(previews()).toEqual([`lead-${ids[2]}.eml`]);
      expect(filesHolding(bodies[1]!.message as string)).toEqual([]);
      expect(filesHolding(bodies[2]!.message as string).length > 0).toBe(Boolean(sqliteFile));
    } finally {
      await server.stop();
      rmSync(mailDir, { recursive: true, force: true });
    }
  });
});

test.describe("start-up configuration", ANY_STORE, () => {
  test("refuses a webhook URL without a secret, and SMTP without recipients, with a clear message", async () => {
    await expect(startServer({ LEADS_WEBHOOK_URL: "http://127.0.0.1:9/hook" })).rejects.toThrow(/LEADS_WEBHOOK_URL is set but LEADS_WEBHOOK_SECRET is not/);
    await expect(startServer({ LEADS_WEBHOOK_URL: "http://127.0.0.1:9/hook", LEADS_WEBHOOK_SECRET: "plain" })).rejects.toThrow(/whsec_/);
    await expect(startServer({ SMTP_URL: "smtp://127.0.0.1:9" })).rejects.toThrow(/LEADS_NOTIFY_TO is not/);
  });

  test("refuses a guessable or missing link secret for a site off this machine, a calendar that can never be met and a legacy time zone, each in one clear line", async () => {
    const mailed = { SMTP_URL: "smtp://127.0.0.1:9", LEADS_NOTIFY_TO: "sales@arcline.example" };
    await expect(startServer({ ...mailed, LEADS_LINK_SECRET: "a".repeat(40) })).rejects.toThrow(/LEADS_LINK_SECRET is too weak/);
    await expect(startServer({ ...mailed, LEADS_LINK_SECRET: "changeme-changeme-changeme-changeme-changeme" })).rejects.toThrow(/LEADS_LINK_SECRET is too weak/);
    // A public SITE_URL without NODE_ENV=production (the test keys are refused there first: a real-looking secret).
    await expect(startServer({ ...mailed, SITE_URL: "https://www.arcline.example", RECAPTCHA_SECRET_KEY: "a-real-looking-secret" })).rejects.toThrow(/LEADS_LINK_SECRET is not set: for the site https:\/\/www\.arcline\.example/);
    await expect(startServer({ SALES_HOURS: "Mon 09:00-09:05", SALES_RESPONSE_MINUTES: "2000" })).rejects.toThrow(/SALES_RESPONSE_MINUTES=2000 cannot be met within SALES_HOURS="Mon 09:00-09:05"/);
    await expect(startServer({ COMPANY_TIME_ZONE: "EST" })).rejects.toThrow(/COMPANY_TIME_ZONE: "EST" is an abbreviation or a legacy name/);
  });

  test("refuses a webhook secret outside 24 to 64 bytes, and a plain-http webhook in production, naming the variable", async () => {
    const url = "http://127.0.0.1:9/hook";
    const ofBytes = (n: number) => `whsec_${Buffer.alloc(n, 1).toString("base64")}`;
    await expect(startServer({ LEADS_WEBHOOK_URL: url, LEADS_WEBHOOK_SECRET: ofBytes(12) })).rejects.toThrow(/LEADS_WEBHOOK_SECRET must be whsec_ .*24 to 64 .*12 bytes/);
    await expect(startServer({ LEADS_WEBHOOK_URL: url, LEADS_WEBHOOK_SECRET: ofBytes(65) })).rejects.toThrow(/65 bytes/);
    const production = { NODE_ENV: "production", STAFF_PORT: "off", SITE_URL: "http://127.0.0.1", RECAPTCHA_SECRET_KEY: "a-real-looking-secret", LEADS_WEBHOOK_SECRET: newWebhookSecret() };
    await expect(startServer({ ...production, LEADS_WEBHOOK_URL: "http://hooks.example.com/leads" })).rejects.toThrow(/LEADS_WEBHOOK_URL must be https:\/\/ in production/);
    await expect(startServer({ ...production, LEADS_DELIVERY: "store-only", LEADS_WEBHOOK_URL: "https://hooks.example.com/leads" })).rejects.toThrow(/LEADS_DELIVERY=store-only, but/);
  });
});
