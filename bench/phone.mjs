// `npm run bench:phone`: the built site on a cheap phone, with the DevTools protocol's real throttling (not
// Lighthouse's simulation): 390x844 touch viewport, CPU slowed 8x, 300 ms round trip, 700 kbit/s down, 300 up,
// cache disabled. Per page, medians of N runs of:
//   FCP, LCP           paint timings of a load nobody touches (any input ends LCP, so the tap gets its own load)
//   hydrated           when React owns the header's menu button (its element carries React's __reactProps$ key)
//   tap→menu (JS)      a tap on the menu button as soon as the page has painted, to the frame the menu shows in
//   tap→menu (no JS)   the same with JavaScript off (timed over CDP, so it includes a little protocol overhead)
//   transfer           bytes on the wire (headers included) until the page is hydrated and the network is quiet
// A tap that opens nothing within 8 s counts as "never" (the median of a page with a never is then "never").
//
//   node bench/phone.mjs [--runs 3] [--pages /,/services/application-development] [--no-build] [--url http://host:port]
//
// Without --url it builds (unless --no-build) and serves build/ on a free loopback port, as `npm start` does.
// Chromium: CHROMIUM_PATH, else /usr/bin/chromium. The machine's load average is printed with the figures:
// on a busy machine the CPU throttle multiplies the slowdown.
/* global window, document */
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { loadavg, tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { chromium } from "@playwright/test";
import { chromiumArgs, chromiumPath } from "../scripts/chromium.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const { values: args } = parseArgs({
  options: {
    runs: { type: "string", default: "3" },
    pages: { type: "string", default: "/,/services/application-development" },
    url: { type: "string" },
    "no-build": { type: "boolean", default: false },
  },
});
const runs = Number(args.runs);
if (!Number.isInteger(runs) || runs < 1 || runs > 25) {
  console.error(`bench:phone: --runs must be an integer from 1 to 25, not "${args.runs}"`);
  process.exit(2);
}
const pages = args.pages.split(",").map((page) => (page.trim().startsWith("/") ? page.trim() : `/${page.trim()}`));

export const PROFILE = {
  viewport: { width: 390, height: 844 },
  cpuRate: 8,
  network: { offline: false, latency: 300, downloadThroughput: (700 * 1024) / 8, uploadThroughput: (300 * 1024) / 8 },
};
const MENU_BUTTON = '[popovertarget="mobile-menu"], [aria-controls="mobile-menu"]';
const MENU = "#mobile-menu";
const NEVER_MS = 8000;

// In the page, before any of its own scripts: paint timings, the moment React owns the menu button, and (on
// the first touch) a per-frame check for the menu showing.
const probe = `(() => {
  const b = (window.__bench = { lcp: null, fcp: null, hydrated: null, tap: null, open: null });
  new PerformanceObserver((list) => { for (const e of list.getEntries()) b.lcp = e.startTime; }).observe({ type: "largest-contentful-paint", buffered: true });
  new PerformanceObserver((list) => { for (const e of list.getEntries()) if (e.name === "first-contentful-paint") b.fcp = e.startTime; }).observe({ type: "paint", buffered: true });
  const owned = () => { const el = document.querySelector(${JSON.stringify(MENU_BUTTON)}); return !!el && Object.keys(el).some((k) => k.startsWith("__reactProps$")); };
  const poll = setInterval(() => { if (owned()) { b.hydrated = performance.now(); clearInterval(poll); } }, 25);
  const shown = () => { const m = document.querySelector(${JSON.stringify(MENU)}); return !!m && m.checkVisibility() && m.getBoundingClientRect().height > 0; };
  addEventListener("touchstart", () => {
    if (b.tap !== null) return;
    b.tap = performance.now();
    const check = (now) => { if (shown()) b.open = now; else if (now - b.tap < ${NEVER_MS}) requestAnimationFrame(check); };
    requestAnimationFrame(check);
  }, { capture: true, passive: true });
})();`;

/** @param {import("@playwright/test").Browser} browser @param {boolean} javaScriptEnabled */
async function phonePage(browser, javaScriptEnabled) {
  const context = await browser.newContext({ viewport: PROFILE.viewport, isMobile: true, hasTouch: true, deviceScaleFactor: 2, javaScriptEnabled });
  const page = await context.newPage();
  if (javaScriptEnabled) await page.addInitScript(probe);
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
  await cdp.send("Network.emulateNetworkConditions", PROFILE.network);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: PROFILE.cpuRate });
  let bytes = 0;
  let inflight = 0;
  let lastActivity = Date.now();
  cdp.on("Network.requestWillBeSent", () => {
    inflight += 1;
    lastActivity = Date.now();
  });
  const done = (/** @type {{ encodedDataLength?: number }} */ event) => {
    inflight = Math.max(0, inflight - 1);
    bytes += event.encodedDataLength ?? 0;
    lastActivity = Date.now();
  };
  cdp.on("Network.loadingFinished", done);
  cdp.on("Network.loadingFailed", done);
  const quiet = async () => {
    const giveUp = Date.now() + 30_000;
    while ((inflight > 0 || Date.now() - lastActivity < 1000) && Date.now() < giveUp) await new Promise((r) => setTimeout(r, 100));
  };
  return { page, context, bytes: () => bytes, quiet };
}

/** One untouched load: paint, hydration and bytes. */
async function passiveLoad(browser, url) {
  const { page, context, bytes, quiet } = await phonePage(browser, true);
  await page.goto(url, { waitUntil: "load", timeout: 60_000 });
  await page.waitForFunction(() => window.__bench.hydrated !== null, null, { timeout: 60_000, polling: 100 });
  await quiet();
  const result = await page.evaluate(() => window.__bench);
  await context.close();
  return { fcp: result.fcp, lcp: result.lcp, hydrated: result.hydrated, kb: bytes() / 1024 };
}

/** A load with a tap on the menu button at first paint, JavaScript on: tap to the frame the menu shows in. */
async function tapLoad(browser, url) {
  const { page, context } = await phonePage(browser, true);
  await page.goto(url, { waitUntil: "commit", timeout: 60_000 });
  await page.waitForFunction(() => window.__bench.fcp !== null, null, { timeout: 60_000, polling: 20 });
  await page.locator(MENU_BUTTON).tap({ timeout: 10_000 });
  await page.waitForFunction(() => window.__bench.open !== null || (window.__bench.tap !== null && performance.now() - window.__bench.tap > 8000), null, {
    timeout: 20_000,
    polling: 100,
  });
  const { tap, open } = await page.evaluate(() => window.__bench);
  await context.close();
  return open === null ? Infinity : open - tap;
}

/**
 * The same tap with JavaScript off. The page runs none of our probes, so this process dispatches the touch
 * itself (no actionability checks) and polls the menu's visibility; times are the page's clock, read over CDP.
 */
async function tapLoadNoScript(browser, url) {
  const { page, context } = await phonePage(browser, false);
  await page.goto(url, { waitUntil: "commit", timeout: 60_000 });
  const button = page.locator(MENU_BUTTON);
  await button.waitFor({ state: "visible", timeout: 60_000 });
  const box = await button.boundingBox();
  if (!box) throw new Error("the menu button has no box");
  const now = () => page.evaluate(() => performance.now());
  const shown = () =>
    page.evaluate((selector) => {
      const menu = document.querySelector(selector);
      return !!menu && menu.checkVisibility() && menu.getBoundingClientRect().height > 0;
    }, MENU);
  const tappedAt = await now();
  await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
  let opened = Infinity;
  while ((await now()) - tappedAt < NEVER_MS) {
    if (await shown()) {
      opened = (await now()) - tappedAt;
      break;
    }
  }
  await context.close();
  return opened;
}

const median = (/** @type {number[]} */ values) => {
  const sorted = values.filter((v) => v !== null && v !== undefined).sort((a, b) => a - b);
  return sorted.length ? sorted[Math.floor((sorted.length - 1) / 2)] : NaN;
};
const ms = (/** @type {number} */ v) => (v === Infinity ? "never" : Number.isNaN(v) ? "–" : `${(v / 1000).toFixed(2)} s`);

function freePort() {
  return new Promise((resolvePort, reject) => {
    const probeServer = createServer();
    probeServer.on("error", reject);
    probeServer.listen(0, "127.0.0.1", () => {
      const address = probeServer.address();
      probeServer.close(() => resolvePort(typeof address === "object" && address ? address.port : 0));
    });
  });
}

async function startServer() {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), "bench-phone-"));
  const server = spawn(process.execPath, ["build/server/index.mjs"], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", LOG_LEVEL: "silent", DATABASE_URL: `file:${join(dataDir, "messages.db")}` },
    stdio: "ignore",
  });
  const stop = () => {
    server.kill("SIGTERM");
    rmSync(dataDir, { recursive: true, force: true });
  };
  process.on("exit", stop);
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 100; i += 1) {
    if (await fetch(`${base}/`).then((r) => r.ok, () => false)) return { base, stop };
    await new Promise((r) => setTimeout(r, 100));
  }
  stop();
  throw new Error("the server did not answer within 10 s");
}

let base = args.url;
let stopServer = () => {};
if (!base) {
  if (!args["no-build"] && spawnSync("npm", ["run", "build"], { cwd: root, stdio: "inherit" }).status !== 0) process.exit(2);
  ({ base, stop: stopServer } = await startServer());
}

const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
const load = () => loadavg().map((v) => v.toFixed(2)).join(" ");
console.log(`\ncheap phone: 390x844 touch, CPU ${PROFILE.cpuRate}x, ${PROFILE.network.latency} ms RTT, 700/300 kbit/s; median of ${runs}; load average before: ${load()}`);
const rows = [];
try {
  for (const path of pages) {
    const url = new URL(path, base).href;
    const samples = { fcp: [], lcp: [], hydrated: [], kb: [], tap: [], tapNoJs: [] };
    for (let run = 0; run < runs; run += 1) {
      const passive = await passiveLoad(browser, url);
      for (const key of ["fcp", "lcp", "hydrated", "kb"]) samples[key].push(passive[key]);
      samples.tap.push(await tapLoad(browser, url));
      samples.tapNoJs.push(await tapLoadNoScript(browser, url));
    }
    const each = (/** @type {number[]} */ values) => values.map(ms).join(", ");
    console.log(`  ${path}: tap (JS) ${each(samples.tap)}; tap (no JS) ${each(samples.tapNoJs)}; LCP ${each(samples.lcp)}`);
    rows.push([
      path,
      ms(median(samples.fcp)),
      ms(median(samples.lcp)),
      ms(median(samples.hydrated)),
      ms(median(samples.tap)),
      ms(median(samples.tapNoJs)),
      `${median(samples.kb).toFixed(1)} KiB`,
    ]);
  }
} finally {
  await browser.close();
  stopServer();
}
console.log(`\n| page | FCP | LCP | header hydrated | tap at first paint → menu (JS) | same, JS off | transfer |`);
console.log(`|---|---:|---:|---:|---:|---:|---:|`);
for (const row of rows) console.log(`| ${row.join(" | ")} |`);
console.log(`\nload average after: ${load()}`);
