// `npm run bench:insights`: what visit counting costs the server. Starts the built server (`npm start`'s bundle)
// on loopback, on SQLite and then on a throwaway PostgreSQL (Debian's binaries, default durability), and prints
// for each engine:
//   1. counts/s: page views posted as fast as --concurrency clients can for --seconds, how many were answered
//      per second, and how many the database holds once the last batch is written;
//   2. the contact API's p50/p99 answer time for leads posted at --lead-rate per second, alone and then while
//      page views arrive at --count-rate per second, side by side.
//
//   3. the dashboard (issue 37): a year of visits at 100,000 a month (about 1.2 million visits, 4 million page
//      views) built day by day with the hourly sweep (rollup, 90 days of raw rows), then each period of the
//      dashboard's picker and a few filters timed (--rounds each): p50/p95 per request and the p95 of them all,
//      and the disk the year takes (bench/insights-dashboard.ts).
//
//   node bench/insights.mjs [--part counts|dashboard|both] [--seconds 5] [--concurrency 32] [--count-rate 1000] [--lead-rate 20] [--rounds 20] [--engine sqlite|postgres|both]
//
//   The dashboard's year takes minutes to build: `--part dashboard --engine sqlite --keep DIR` keeps it in DIR
//   (DIR/bench.db, and DIR/year.json with the instant it was built at), and `--reuse DIR` times that year again
//   without building it (the periods are those of the instant it was built at), e.g. before and after a change.
//   `--profile` also prints what each SQL statement of the query module took per request (run one at a time).
//
// A report, not a test: it prints figures and exits 0. The machine's load is printed too: figures taken while
// other work runs are lower than on a quiet machine.
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir, cpus, setPriority } from "node:os";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { Agent, request } from "node:http";
import { Worker, isMainThread, parentPort, workerData } from "node:worker_threads";
import pg from "pg";
import { createClient } from "@libsql/client";
import { startFakeSiteverify } from "../test/support/fake-siteverify.mjs";
import { startPostgres } from "../test/support/postgres.mjs";

const { values } = parseArgs({
  options: {
    seconds: { type: "string", default: "5" },
    concurrency: { type: "string", default: "32" },
    "count-rate": { type: "string", default: "1000" },
    "lead-rate": { type: "string", default: "20" },
    engine: { type: "string", default: "both" },
    part: { type: "string", default: "both" },
    rounds: { type: "string", default: "20" },
    "visits-per-month": { type: "string", default: "100000" },
    keep: { type: "string" },
    reuse: { type: "string" },
    profile: { type: "boolean", default: false },
  },
});
const SECONDS = Number(values.seconds);
const CONCURRENCY = Number(values.concurrency);
const COUNT_RATE = Number(values["count-rate"]);
const LEAD_RATE = Number(values["lead-rate"]);
const engines = values.engine === "both" ? ["sqlite", "postgres"] : [values.engine];
const parts = values.part === "both" ? ["counts", "dashboard"] : [values.part];

const AGENT = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36";
// Keep-alive connections, as browsers reuse theirs.
const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY * 2 });
const percentile = (list, p) => {
  const sorted = [...list].sort((a, b) => a - b);
  return sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};
const ms = (value) => (Number.isFinite(value) ? `${value.toFixed(1)} ms` : "n/a");
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function startServer(env) {
  const child = spawn(process.execPath, ["build/server/index.mjs"], { env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "inherit"] });
  const url = await new Promise((resolve, reject) => {
    let output = "";
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 30_000);
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
  return { url, stop: () => new Promise((resolve) => (child.exitCode !== null ? resolve() : (child.once("exit", resolve), child.kill("SIGTERM")))) };
}

let sequence = 0;
/** One page view as a visitor's browser sends it, from a different address each time (distinct visitors). */
const postCount = (url) => {
  const n = sequence++;
  const body = JSON.stringify({ p: n % 3 === 0 ? "/" : "/services/ux-design", e: n % 3 === 0 ? 1 : 0, r: "https://news.example", s: "newsletter", m: "email", c: "spring", d: "phone" });
  return new Promise((resolve) => {
    const req = request(`${url}/api/visit`, {
      method: "POST",
      agent,
      headers: { "user-agent": AGENT, "sec-fetch-site": "same-origin", "content-type": "text/plain;charset=UTF-8", "content-length": Buffer.byteLength(body), "x-forwarded-for": `81.2.${(n >> 8) & 255}.${n & 255}` },
    }, (response) => {
      response.resume();
      response.on("end", () => resolve(response.statusCode === 204));
    });
    req.on("error", () => resolve(false));
    // A count the server never answers is a failed one, not a hung benchmark.
    req.setTimeout(10_000, () => req.destroy());
    req.end(body);
  });
};

async function countThroughput(url) {
  let answered = 0;
  const end = performance.now() + SECONDS * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (performance.now() < end) if (await postCount(url)) answered += 1;
    }),
  );
  return { answered, perSecond: answered / ((performance.now() - started) / 1000) };
}

/** Page views at a steady rate until `stop()`, sent from a thread of their own (see countsWorker). */
function steadyCounts(url) {
  const worker = new Worker(new URL(import.meta.url), { workerData: { url, rate: COUNT_RATE }, argv: process.argv.slice(2) });
  const started = new Promise((resolve) => worker.once("message", resolve));
  const stop = () =>
    new Promise((resolve) => {
      const giveUp = setTimeout(() => void worker.terminate().then(() => resolve({ sent: NaN, answered: NaN })), 20_000);
      worker.once("message", ({ sent, answered, seconds }) => {
        clearTimeout(giveUp);
        resolve({ sent: sent / seconds, answered: answered / seconds });
      });
      worker.postMessage("stop");
    });
  return { started, stop };
}

/**
 * The steady page views run on a worker thread: sent from the measuring thread, their thousand timers and
 * answers a second would delay the leads' own timing and the stand-in reCAPTCHA's answers, and the figure would
 * be the load generator's, not the server's. (They still share the machine's two cores with the server, at the
 * lowest priority.)
 * The connections are opened first (browsers keep theirs), then the rate holds until "stop".
 */
async function countsWorker({ url, rate }) {
  // The visitors' browsers are elsewhere in life: here the generator yields the two cores to the server and the
  // database (Linux sets a thread's own priority: this thread only).
  setPriority(19);
  await Promise.all(Array.from({ length: CONCURRENCY }, () => postCount(url)));
  parentPort.postMessage("started");
  let running = true;
  parentPort.once("message", () => (running = false));
  let sent = 0;
  let answered = 0;
  const inFlight = new Set();
  const started = performance.now();
  while (running) {
    const wait = started + (sent * 1000) / rate - performance.now();
    if (wait > 0) await sleep(wait);
    const request = postCount(url)
      .then((ok) => void (answered += ok ? 1 : 0))
      .finally(() => inFlight.delete(request));
    inFlight.add(request);
    sent += 1;
  }
  const seconds = (performance.now() - started) / 1000;
  await Promise.all(inFlight);
  parentPort.postMessage({ sent, answered, seconds });
  agent.destroy();
}

async function leadLatency(url) {
  const times = [];
  let failed = 0;
  const started = performance.now();
  const total = Math.round(SECONDS * LEAD_RATE);
  const posts = [];
  for (let i = 0; i < total; i++) {
    const wait = started + (i * 1000) / LEAD_RATE - performance.now();
    if (wait > 0) await sleep(wait);
    const sent = performance.now();
    const body = { firstName: "Bench", lastName: `Lead ${i}`, email: `lead${i}@example.com`, company: "Bench", message: `Lead ${i}`, recaptchaToken: `pass:${i}-${Math.random()}` };
    posts.push(
      fetch(`${url}/api/contact`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) }).then(
        async (response) => {
          await response.arrayBuffer();
          if (response.status === 201) times.push(performance.now() - sent);
          else failed += 1;
        },
        () => void (failed += 1),
      ),
    );
  }
  await Promise.all(posts);
  return { p50: percentile(times, 50), p99: percentile(times, 99), failed };
}

async function storedVisits(databaseUrl) {
  if (databaseUrl.startsWith("file:")) {
    const db = createClient({ url: databaseUrl });
    const n = Number((await db.execute("SELECT COUNT(*) AS n FROM visits")).rows[0].n);
    db.close();
    return n;
  }
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const n = Number((await client.query("SELECT COUNT(*) AS n FROM visits")).rows[0].n);
  await client.end();
  return n;
}

/** The dashboard's year and timings on each engine (bench/insights-dashboard.ts, bundled here with esbuild). */
async function dashboard(postgres) {
  const { build } = await import("esbuild");
  const outfile = "build/bench/insights-dashboard.mjs";
  await build({ entryPoints: ["bench/insights-dashboard.ts"], outfile, bundle: true, platform: "node", target: "node20", format: "esm", packages: "external", alias: { "~": "./app" }, logLevel: "warning" });
  const { benchDashboard } = await import(new URL(`../${outfile}`, import.meta.url).href);
  console.log(`\nDashboard: a year at ${Number(values["visits-per-month"]).toLocaleString("en-US")} visits a month, each request ${values.rounds} times (after 2 warm-up rounds)`);
  const kept = values.keep ?? values.reuse;
  if (kept && (engines.length !== 1 || engines[0] !== "sqlite")) throw new Error("--keep and --reuse are for --engine sqlite (the PostgreSQL server is a throwaway one).");
  for (const engine of engines) {
    const dir = kept ? resolve(kept) : mkdtempSync(join(tmpdir(), "bench-dashboard-"));
    mkdirSync(dir, { recursive: true });
    const file = join(dir, "bench.db");
    const databaseUrl = engine === "postgres" ? postgres.createDatabase(`dash_${Date.now().toString(36)}`) : `file:${file}`;
    if (values.keep && existsSync(file)) throw new Error(`${file} exists already: --reuse ${values.keep} times it, or remove it first.`);
    const built = values.reuse ? JSON.parse(readFileSync(join(dir, "year.json"), "utf8")) : undefined;
    console.log(`\n${engine}:`);
    try {
      const profile = values.profile ? new Map() : undefined;
      const { timed, now } = await benchDashboard(databaseUrl, { rounds: Number(values.rounds), perMonth: Number(values["visits-per-month"]), file: engine === "sqlite" ? file : undefined, built, profile });
      if (values.keep) writeFileSync(join(dir, "year.json"), `${JSON.stringify({ now })}\n`);
      for (const { name, times, cpu } of timed) console.log(`  ${name.padEnd(28)} p50 ${ms(percentile(times, 50)).padStart(9)}  p95 ${ms(percentile(times, 95)).padStart(9)}  (CPU p50 ${ms(percentile(cpu, 50)).padStart(9)}  p95 ${ms(percentile(cpu, 95)).padStart(9)})`);
      const all = timed.flatMap(({ times }) => times);
      const allCpu = timed.flatMap(({ cpu }) => cpu);
      console.log(`  every request (${all.length}):${" ".repeat(9)} p50 ${ms(percentile(all, 50)).padStart(9)}  p95 ${ms(percentile(all, 95)).padStart(9)}  (CPU p50 ${ms(percentile(allCpu, 50)).padStart(9)}  p95 ${ms(percentile(allCpu, 95)).padStart(9)})  max ${ms(Math.max(...all))}`);
      for (const [name, statements] of profile ?? []) {
        console.log(`\n  ${name}: mean CPU per request`);
        for (const [label, { ms: total, calls }] of [...statements].sort((a, b) => b[1].ms - a[1].ms)) console.log(`    ${(total / Number(values.rounds)).toFixed(1).padStart(7)} ms ${String(calls / Number(values.rounds)).padStart(3)}x  ${label}`);
      }
    } finally {
      if (!kept) rmSync(dir, { recursive: true, force: true });
    }
  }
}

if (!isMainThread) {
  await countsWorker(workerData);
} else {
  const postgres = engines.includes("postgres") ? await startPostgres({ durable: true }) : undefined;
  const siteverify = await startFakeSiteverify();
  console.log(`Machine: ${cpus().length} cores, load average ${loadavg().map((value) => value.toFixed(2)).join(" ")} (1, 5, 15 min) at the start; Node ${process.version}`);
  console.log(`Counts: ${CONCURRENCY} clients for ${SECONDS} s; contact API: ${LEAD_RATE} leads/s for ${SECONDS} s, alone and with ${COUNT_RATE} counts/s`);
  try {
    for (const engine of parts.includes("counts") ? engines : []) {
      const dir = mkdtempSync(join(tmpdir(), "bench-insights-"));
      const databaseUrl = engine === "postgres" ? postgres.createDatabase(`bench_${Date.now().toString(36)}`) : `file:${join(dir, "bench.db")}`;
      const server = await startServer({
        PORT: "0",
        HOST: "127.0.0.1",
        LOG_LEVEL: "info",
        NODE_ENV: "test",
        DATABASE_URL: databaseUrl,
        TRUST_PROXY: "loopback",
        RECAPTCHA_VERIFY_URL: siteverify.url,
        CONTACT_RATE_LIMIT: "1000000",
        LEADS_DELIVERY: "store-only",
        STAFF_PORT: "off",
      });
      try {
        await countThroughput(server.url).catch(() => {}); // warm-up: the salt, the country database, the JIT
        await sleep(2500); // the warm-up's last batch
        const before = await storedVisits(databaseUrl);
        const { answered, perSecond } = await countThroughput(server.url);
        await sleep(2500);
        const stored = (await storedVisits(databaseUrl)) - before;
        const alone = await leadLatency(server.url);
        const counts = steadyCounts(server.url);
        await counts.started;
        await sleep(1000); // the rate settles
        const loaded = await leadLatency(server.url);
        const rate = await counts.stop();
        const change = ((loaded.p50 - alone.p50) / alone.p50) * 100;
        console.log(`\n${engine}:`);
        console.log(`  counts answered: ${answered} in ${SECONDS} s = ${Math.round(perSecond)} counts/s; stored after the last batch: ${stored}`);
        console.log(`  contact API alone:               p50 ${ms(alone.p50)}  p99 ${ms(alone.p99)}  (failed ${alone.failed})`);
        console.log(`  contact API with ${Math.round(rate.sent)} counts/s sent (${Math.round(rate.answered)}/s answered 204): p50 ${ms(loaded.p50)}  p99 ${ms(loaded.p99)}  (failed ${loaded.failed}); p50 ${change >= 0 ? "+" : ""}${change.toFixed(0)}%`);
      } finally {
        await server.stop();
        rmSync(dir, { recursive: true, force: true });
      }
    }
    if (parts.includes("dashboard")) await dashboard(postgres);
  } finally {
    await siteverify.close();
    postgres?.destroy();
    agent.destroy();
  }
  console.log(`\nLoad average at the end: ${loadavg().map((value) => value.toFixed(2)).join(" ")}`);
}
