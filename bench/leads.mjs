// `npm run bench:leads`: how fast leads are accepted and how soon sales hears of them. Starts the built server
// (`npm start`'s bundle) on loopback with a throwaway database, a real SMTP server and a webhook receiver
// (test/support/lead-inbox.mjs), posts N leads at a steady rate, and prints for each run: leads/s accepted,
// the API's p50/p99 answer time, and p50/p99 from the 201 to the e-mail (and the webhook) being received.
// Runs twice: SMTP answering at once, then answering slowly (--slow-ms per message).
// --engine postgres runs on a throwaway PostgreSQL (Debian's binaries, default durability settings);
// --instances N starts N servers on it, posts go round-robin as from a load balancer; --kill kill -9s the first
// instance half-way (posts then go to the others) and reports how many acknowledged leads were lost (must be 0).
//
//   node bench/leads.mjs [--leads 1000] [--rate 100] [--slow-ms 500] [--database-url file:…|postgres://…]
//                        [--engine sqlite|postgres] [--instances 1] [--kill]
//
// A report, not a test: it prints figures and exits 0; exit 2 means it could not measure.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs, promisify } from "node:util";
import { execFile } from "node:child_process";
import { startFakeSiteverify } from "../test/support/fake-siteverify.mjs";
import { newWebhookSecret, startSmtpInbox, startWebhookReceiver } from "../test/support/lead-inbox.mjs";
import { startPostgres } from "../test/support/postgres.mjs";

const { values } = parseArgs({
  options: {
    leads: { type: "string", default: "1000" },
    rate: { type: "string", default: "100" },
    "slow-ms": { type: "string", default: "500" },
    "database-url": { type: "string" },
    engine: { type: "string", default: "sqlite" },
    instances: { type: "string", default: "1" },
    kill: { type: "boolean", default: false },
  },
});
const ENGINE = values.engine;
const INSTANCES = Number(values.instances);
if (!["sqlite", "postgres"].includes(ENGINE)) throw new Error("--engine must be sqlite or postgres");
if (INSTANCES > 1 && ENGINE === "sqlite" && !values["database-url"]?.startsWith("postgres")) throw new Error("several instances need --engine postgres (SQLite serves one instance)");
if (values.kill && INSTANCES < 2) throw new Error("--kill needs --instances 2 or more (the others take over)");
// A throwaway PostgreSQL for the whole benchmark, one database per run.
const postgres = ENGINE === "postgres" && !values["database-url"] ? await startPostgres({ durable: true }) : undefined;
const N = Number(values.leads);
const RATE = Number(values.rate);
const SLOW_MS = Number(values["slow-ms"]);

const percentile = (list, p) => {
  const sorted = [...list].sort((a, b) => a - b);
  return sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};
const ms = (value) => (Number.isFinite(value) ? `${Math.round(value)} ms` : "n/a");

async function startServer(env) {
  const child = spawn(process.execPath, ["build/server/index.mjs"], { env: { ...process.env, STAFF_PORT: "off", ...env }, stdio: ["ignore", "pipe", "inherit"] });
  const url = await new Promise((resolve, reject) => {
    let output = "";
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 20_000);
    child.stdout.on("data", (chunk) => {
      output += chunk;
      const match = /"msg":"listening","url":"([^"]+)"/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    });
    child.once("exit", (code) => reject(new Error(`server exited with ${code}:\n${output}`)));
  });
  child.stdout.resume();
  let alive = true;
  child.once("exit", () => (alive = false));
  return {
    url,
    alive: () => alive,
    stop: () => new Promise((resolve) => (alive ? (child.once("exit", resolve), child.kill("SIGTERM")) : resolve())),
    kill: () => new Promise((resolve) => (child.once("exit", resolve), child.kill("SIGKILL"))),
  };
}

async function run(label, smtpDelayMs) {
  const dir = mkdtempSync(join(tmpdir(), "bench-leads-"));
  const secret = newWebhookSecret();
  const inbox = await startSmtpInbox({ delayMs: smtpDelayMs });
  const hooks = await startWebhookReceiver(secret);
  const siteverify = await startFakeSiteverify();
  const databaseUrl = values["database-url"] ?? postgres?.createDatabase(`bench_${Date.now().toString(36)}`) ?? `file:${join(dir, "bench.db")}`;
  const env = {
    PORT: "0",
    HOST: "127.0.0.1",
    LOG_LEVEL: "info",
    NODE_ENV: "test",
    DATABASE_URL: databaseUrl,
    RECAPTCHA_VERIFY_URL: siteverify.url,
    CONTACT_RATE_LIMIT: "1000000",
    SMTP_URL: inbox.url,
    LEADS_NOTIFY_TO: "sales@arcline.example",
    LEADS_WEBHOOK_URL: hooks.url,
    LEADS_WEBHOOK_SECRET: secret,
    // A killed instance's deliveries are taken over when its lease runs out: short, so the report is quick.
    LEADS_LEASE_SECONDS: "10",
  };
  // One at a time: migrations are serialised anyway, and start-up then measures nothing.
  const servers = [];
  for (let i = 0; i < INSTANCES; i++) servers.push(await startServer(env));
  let killedAt = null;
  const acceptedAt = new Map();
  const answerMs = [];
  let failed = 0;
  const started = performance.now();
  const posts = [];
  for (let i = 0; i < N; i++) {
    // A steady rate: lead i leaves at i/RATE seconds, whatever the answers before it took.
    const due = started + (i * 1000) / RATE;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    if (values.kill && i === Math.floor(N / 2)) {
      killedAt = i;
      await servers[0].kill();
    }
    const live = servers.filter((server) => server.alive());
    const server = live[i % live.length];
    const sent = performance.now();
    const body = { firstName: "Bench", lastName: `Lead ${i}`, email: `lead${i}@example.com`, company: "Bench", message: `Lead ${i}`, recaptchaToken: `pass:${i}-${Math.random()}` };
    posts.push(
      fetch(`${server.url}/api/contact`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) }).then(
        async (response) => {
          await response.json();
          const now = performance.now();
          if (response.status !== 201) return void (failed += 1);
          answerMs.push(now - sent);
          // The API answers with a random public id; the lead's text finds its row id below.
          acceptedAt.set(body.message, Date.now());
        },
        () => void (failed += 1),
      ),
    );
  }
  await Promise.all(posts);
  const acceptSeconds = (performance.now() - started) / 1000;
  const accepted = acceptedAt.size;
  const timeout = Math.max(60_000, (N * smtpDelayMs) / 4);
  await inbox.waitFor((mails) => new Set(mails.map((m) => Number(m.mail.headers.get("x-lead-id")))).size >= accepted, timeout).catch(() => {});
  await hooks.waitFor((deliveries) => new Set(deliveries.map((d) => d.payload.data.id)).size >= accepted, timeout).catch(() => {});
  const firstMail = new Map();
  for (const m of inbox.mails) {
    const id = Number(m.mail.headers.get("x-lead-id"));
    if (!firstMail.has(id)) firstMail.set(id, m.receivedAt);
  }
  const firstHook = new Map();
  for (const d of hooks.deliveries) if (!firstHook.has(d.payload.data.id)) firstHook.set(d.payload.data.id, d.receivedAt);
  // Lost: acknowledged with 201 but not stored, or never delivered on both channels. A delivery still being
  // retried is late, not lost: wait (up to 3 minutes) until the outbox holds nothing pending for these leads.
  const readLeads = async () => {
    const { stdout } = await promisify(execFile)(process.execPath, ["build/server/messages.mjs", "--format", "json"], { env: { ...process.env, DATABASE_URL: databaseUrl }, maxBuffer: 256 * 1024 * 1024 });
    return new Map(JSON.parse(stdout).map((lead) => [lead.id, lead]));
  };
  let stored = await readLeads();
  for (const deadline = Date.now() + 180_000; Date.now() < deadline; stored = await readLeads()) {
    if ([...stored.values()].every((lead) => !acceptedAt.has(lead.message) || lead.deliveries.every((d) => d.status !== "pending"))) break;
    await new Promise((resolve) => setTimeout(resolve, 2000));
  }
  for (const m of inbox.mails) {
    const id = Number(m.mail.headers.get("x-lead-id"));
    if (!firstMail.has(id)) firstMail.set(id, m.receivedAt);
  }
  for (const d of hooks.deliveries) if (!firstHook.has(d.payload.data.id)) firstHook.set(d.payload.data.id, d.receivedAt);
  const rowIdOf = new Map([...stored.values()].map((lead) => [lead.message, lead.id]));
  const lostLeads = [...acceptedAt.keys()].filter((message) => !rowIdOf.has(message) || !firstMail.has(rowIdOf.get(message)) || !firstHook.has(rowIdOf.get(message)));
  for (const message of lostLeads) console.error(`lost lead "${message}":`, JSON.stringify(stored.get(rowIdOf.get(message))?.deliveries ?? "not stored"));
  const lost = lostLeads.length;
  const lag = (first) => [...acceptedAt].filter(([message]) => first.has(rowIdOf.get(message))).map(([message, at]) => first.get(rowIdOf.get(message)) - at);
  const mailLag = lag(firstMail);
  const hookLag = lag(firstHook);
  for (const server of servers) await server.stop();
  await Promise.all([inbox.stop(), hooks.stop(), siteverify.close()]);
  rmSync(dir, { recursive: true, force: true });
  return {
    label: killedAt === null ? label : `${label}, kill -9 of 1 of ${INSTANCES} after ${killedAt} leads`,
    lost,
    accepted,
    failed,
    leadsPerSecond: accepted / acceptSeconds,
    answerP50: percentile(answerMs, 50),
    answerP99: percentile(answerMs, 99),
    mailed: mailLag.length,
    mailP50: percentile(mailLag, 50),
    mailP99: percentile(mailLag, 99),
    hooked: hookLag.length,
    hookP50: percentile(hookLag, 50),
    hookP99: percentile(hookLag, 99),
  };
}

try {
  console.log(`bench:leads: ${N} leads at ${RATE}/s, ${ENGINE}, ${INSTANCES} instance(s), e-mail and webhook on loopback (Node ${process.version})\n`);
  // With --kill, one run (SMTP at once): the point is what survives the kill.
  const results = values.kill ? [await run("SMTP answers at once", 0)] : [await run("SMTP answers at once", 0), await run(`SMTP answers in ${SLOW_MS} ms`, SLOW_MS)];
  console.log("| engine | instances | run | accepted | lost | leads/s | API p50 | API p99 | e-mails | 201→e-mail p50 | p99 | webhooks | 201→webhook p50 | p99 |");
  console.log("|---|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
  for (const r of results) {
    console.log(
      `| ${ENGINE} | ${INSTANCES} | ${r.label} | ${r.accepted}/${N}${r.failed ? ` (${r.failed} failed)` : ""} | ${r.lost} | ${r.leadsPerSecond.toFixed(1)} | ${ms(r.answerP50)} | ${ms(r.answerP99)} | ${r.mailed} | ${ms(r.mailP50)} | ${ms(r.mailP99)} | ${r.hooked} | ${ms(r.hookP50)} | ${ms(r.hookP99)} |`,
    );
  }
} catch (error) {
  console.error(error);
  process.exitCode = 2;
} finally {
  postgres?.destroy();
}
