// `npm run bench:phone`: the built site on a cheap phone, with the DevTools protocol's real throttling (not
// Lighthouse's simulation): 390x844 touch viewport, CPU slowed 8x, 300 ms round trip, 700 kbit/s down, 300 up,
// cache disabled. Per page, medians of N runs of four loads each (any input ends LCP, so taps get loads of their own):
//   passive load     FCP, LCP; "hydrated" (the root marks <html data-hydrated>); the longest main-thread task
//                    and the total blocking time after FCP (Long Tasks API); bytes on the wire until quiet
//   text taps        a tap on plain text (a paragraph of the first screen) every 300 ms from first paint for 7 s;
//                    each tap's latency is Event Timing's: from the touch to the next frame painted after its
//                    handlers ran (taps under 16 ms leave no entry and count as 0); worst, median, and worst after
//                    hydration
//   menu (JS on)     one tap on the menu button at first paint, to the frame that shows the menu open (Event
//                    Timing of the tap, whose click opens the popover), checked open afterwards
//   menu (JS off)    the same with JavaScript off
// The probe lives in an isolated world (it runs with the page's JavaScript off too, and shares no objects with
// it), observes only, and is read once at the end: nothing polls the page's main thread while it loads. The
// first paint is learnt from the protocol's lifecycle events, and taps are sent as raw touch events over the
// protocol, so neither waits for the page. A tap whose click never arrives, or a menu that is not open after
// 8 s, counts as "never" (the median of a page with a never is then "never").
//
//   node bench/phone.mjs [--runs 3] [--pages /,/services/application-development] [--no-build] [--url http://host:port]
//   node bench/phone.mjs --trace text|menu|menu-no-js [--runs 3] [--pages …] [--url …]
//
// --trace records a DevTools trace of each load of that kind instead of taking medians, and prints what the page's
// main thread did while the first and the slowest tap waited (each task: parsing, style, layout, paint, script),
// and its work after the first paint. The trace's own cost makes these loads slower: compare traces with traces.
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
import { TRACE_CATEGORIES, tapsFrom, traceReport } from "./phone-taps.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const { values: args } = parseArgsOrExit({
  options: {
    runs: { type: "string", default: "3" },
    pages: { type: "string", default: "/,/services/application-development" },
    url: { type: "string" },
    "no-build": { type: "boolean", default: false },
    trace: { type: "string" },
  },
});
/** A mistyped option gets one line and exit code 2, as a bad value does, not a stack trace. */
function parseArgsOrExit(/** @type {Parameters<typeof parseArgs>[0]} */ config) {
  try {
    return parseArgs(config);
  } catch (error) {
    console.error(`bench:phone: ${error instanceof Error ? error.message : error}`);
    process.exit(2);
  }
}
const runs = Number(args.runs);
if (!Number.isInteger(runs) || runs < 1 || runs > 25) {
  console.error(`bench:phone: --runs must be an integer from 1 to 25, not "${args.runs}"`);
  process.exit(2);
}
const TRACE_KINDS = ["text", "menu", "menu-no-js"];
if (args.trace !== undefined && !TRACE_KINDS.includes(args.trace)) {
  console.error(`bench:phone: --trace must be one of ${TRACE_KINDS.join(", ")}, not "${args.trace}"`);
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
const TAP_EVERY_MS = 300;
const TAP_FOR_MS = 7000;
const WORLD = "bench-probe";

// Runs in an isolated world of every document, before the page's own scripts (and with them turned off).
const probe = `(() => {
  const b = (window.__bench = { fcp: null, lcp: null, hydrated: null, longTasks: [], events: [], clicks: [] });
  const observe = (type, each, options) => {
    try { new PerformanceObserver((list) => list.getEntries().forEach(each)).observe({ type, buffered: true, ...options }); } catch {}
  };
  observe("paint", (e) => { if (e.name === "first-contentful-paint") b.fcp = e.startTime; });
  observe("largest-contentful-paint", (e) => { b.lcp = e.startTime; });
  observe("longtask", (e) => { b.longTasks.push([e.startTime, e.duration]); });
  observe("event", (e) => { b.events.push([e.startTime, e.duration, e.name]); }, { durationThreshold: 16 });
  addEventListener("click", (e) => { b.clicks.push(e.timeStamp); }, { capture: true, passive: true });
  new MutationObserver(() => {
    if (b.hydrated === null && document.documentElement.hasAttribute("data-hydrated")) b.hydrated = performance.now();
  }).observe(document, { subtree: true, attributes: true, attributeFilter: ["data-hydrated"] });
})();`;

/** @param {import("@playwright/test").Browser} browser @param {boolean} javaScriptEnabled */
async function phonePage(browser, javaScriptEnabled) {
  const context = await browser.newContext({ viewport: PROFILE.viewport, isMobile: true, hasTouch: true, deviceScaleFactor: 2, javaScriptEnabled });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Page.enable");
  await cdp.send("Page.setLifecycleEventsEnabled", { enabled: true });
  await cdp.send("Page.addScriptToEvaluateOnNewDocument", { source: probe, worldName: WORLD });
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
    while ((inflight > 0 || Date.now() - lastActivity < 1000) && Date.now() < giveUp) await sleep(100);
  };
  /** Resolves when the main frame reports its first contentful paint (the protocol tells us; nothing polls the page). */
  const painted = new Promise((resolvePainted) => {
    cdp.on("Page.lifecycleEvent", (event) => {
      if (event.name === "firstContentfulPaint") resolvePainted(undefined);
    });
  });
  /** Evaluates in the probe's world (once, at the end of a load). */
  const read = async (/** @type {string} */ expression) => {
    const { frameTree } = await cdp.send("Page.getFrameTree");
    const { executionContextId } = await cdp.send("Page.createIsolatedWorld", { frameId: frameTree.frame.id, worldName: WORLD });
    // A new isolated world of the same name shares the document's world: the probe's window.__bench is there.
    const { result, exceptionDetails } = await cdp.send("Runtime.evaluate", { expression, contextId: executionContextId, returnByValue: true });
    if (exceptionDetails) throw new Error(exceptionDetails.exception?.description ?? exceptionDetails.text);
    return result.value;
  };
  /** A raw touch (start and end at once), sent without waiting for the page to take it. */
  const tap = (/** @type {{ x: number, y: number }} */ point) =>
    Promise.all([
      cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [point] }),
      cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] }),
    ]);
  return { page, context, cdp, bytes: () => bytes, quiet, painted, read, tap };
}

const sleep = (/** @type {number} */ ms) => new Promise((r) => setTimeout(r, ms));

/** Where to tap: the menu button and a paragraph of plain text in the first screen (layout is the same every load). */
async function targets(page) {
  return page.evaluate((selector) => {
    const centre = (/** @type {Element} */ el) => {
      const r = el.getBoundingClientRect();
      return { x: Math.round(r.left + r.width / 2), y: Math.round(r.top + Math.min(r.height / 2, 12)) };
    };
    const inView = (/** @type {Element} */ el) => {
      const r = el.getBoundingClientRect();
      return r.height > 0 && r.top >= 64 && r.top + 24 < window.innerHeight;
    };
    const text = [...document.querySelectorAll("main p")].find((p) => inView(p) && !p.closest("a, button, label") && p.textContent.trim().length > 30);
    const menu = document.querySelector(selector);
    if (!text || !menu) throw new Error("no paragraph of text or no menu button in the first screen");
    return { text: centre(text), menu: centre(menu) };
  }, MENU_BUTTON);
}

/** One untouched load: paint, hydration, long tasks and bytes. */
async function passiveLoad(browser, url) {
  const { page, context, bytes, quiet, read } = await phonePage(browser, true);
  await page.goto(url, { waitUntil: "load", timeout: 60_000 });
  await quiet();
  let result = await read("window.__bench");
  for (let i = 0; result.hydrated === null && i < 30; i += 1) {
    await sleep(1000);
    result = await read("window.__bench");
  }
  const where = await targets(page);
  await context.close();
  const fcp = result.fcp;
  const longTasks = result.longTasks;
  const longest = Math.max(0, ...longTasks.map(([, duration]) => duration));
  // Blocking time after FCP: each task's part over 50 ms, counting only what runs after the first paint.
  const tbt = longTasks.reduce((sum, [start, duration]) => {
    const end = start + duration;
    const from = Math.max(start, fcp);
    return end > from ? sum + Math.max(0, end - from - 50) : sum;
  }, 0);
  return { fcp, lcp: result.lcp, hydrated: result.hydrated, longest, tbt, kb: bytes() / 1024, where };
}

/** Taps on plain text every 300 ms from first paint for 7 s: Event Timing latency of each. */
async function textTapLoad(browser, url, point, traced = false) {
  const { page, context, painted, read, tap, quiet } = await phonePage(browser, true);
  if (traced) await browser.startTracing(page, { categories: TRACE_CATEGORIES });
  await page.goto(url, { waitUntil: "commit", timeout: 60_000 });
  await painted;
  const sent = [];
  const t0 = Date.now();
  for (let i = 0; i * TAP_EVERY_MS < TAP_FOR_MS; i += 1) {
    await sleep(Math.max(0, t0 + i * TAP_EVERY_MS - Date.now()));
    sent.push(tap(point));
  }
  await Promise.all(sent);
  await quiet();
  await sleep(1000);
  const result = await read("window.__bench");
  const trace = traced ? await traceEvents(browser) : null;
  await context.close();
  const taps = tapsFrom(result.events);
  // Taps that left no entry took under 16 ms; a tap whose click never came was lost.
  const lost = Math.max(0, sent.length - result.clicks.length);
  const latencies = [...taps.map((t) => t.latency), ...Array(Math.max(0, sent.length - taps.length - lost)).fill(0)];
  const afterHydration = taps.filter((t) => result.hydrated !== null && t.start > result.hydrated).map((t) => t.latency);
  return {
    worst: lost ? Infinity : Math.max(0, ...latencies),
    median: median(latencies),
    worstAfterHydration: Math.max(0, ...afterHydration),
    lost,
    trace,
  };
}

/** One tap on the menu button at first paint: time to the frame that shows the menu open. */
async function menuTapLoad(browser, url, point, javaScriptEnabled, traced = false) {
  const { page, context, painted, read, tap } = await phonePage(browser, javaScriptEnabled);
  if (traced) await browser.startTracing(page, { categories: TRACE_CATEGORIES });
  await page.goto(url, { waitUntil: "commit", timeout: 60_000 });
  await painted;
  await tap(point);
  await sleep(NEVER_MS);
  const result = await read(`({ b: window.__bench, open: !!document.querySelector(${JSON.stringify(MENU)})?.matches(":popover-open") })`);
  const trace = traced ? await traceEvents(browser) : null;
  await context.close();
  const [first] = tapsFrom(result.b.events);
  const latency = !result.open || result.b.clicks.length === 0 ? Infinity : first ? first.latency : 0;
  return { latency, trace };
}

/** Stops the trace started before the load and returns its events. */
async function traceEvents(browser) {
  return /** @type {{ traceEvents: import("./phone-taps.mjs").TraceEvent[] }} */ (JSON.parse((await browser.stopTracing()).toString())).traceEvents;
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
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", STAFF_PORT: "off", LOG_LEVEL: "silent", DATABASE_URL: `file:${join(dataDir, "messages.db")}` },
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
console.log(`\ncheap phone: 390x844 touch, CPU ${PROFILE.cpuRate}x, ${PROFILE.network.latency} ms RTT, 700/300 kbit/s; ${args.trace ? `${runs} traced loads of ${args.trace} taps a page` : `median of ${runs}`}; load average before: ${load()}`);
const rows = [];
try {
  for (const path of pages) {
    const url = new URL(path, base).href;
    if (args.trace) {
      // The trace names the document the browser ended on: trace where a redirect leads (/services/x/ to /services/x).
      const landed = (await fetch(url)).url;
      if (landed !== url) console.log(`  ${url} redirects to ${landed}: tracing that`);
      const { where } = await passiveLoad(browser, landed);
      for (let run = 0; run < runs; run += 1) {
        let verdict;
        let trace;
        if (args.trace === "text") {
          const taps = await textTapLoad(browser, landed, where.text, true);
          ({ trace } = taps);
          verdict = `worst tap ${ms(taps.worst)}${taps.lost ? ` (${taps.lost} lost)` : ""}`;
        } else {
          const menu = await menuTapLoad(browser, landed, where.menu, args.trace === "menu", true);
          ({ trace } = menu);
          verdict = `menu ${ms(menu.latency)}`;
        }
        console.log(`  ${landed}, ${args.trace} taps, traced load ${run + 1} (load ${load()}); the benchmark's figure: ${verdict}\n${traceReport(/** @type {any} */ (trace), landed)}`);
      }
      continue;
    }
    /** @type {Record<string, number[]>} */
    const samples = { fcp: [], lcp: [], hydrated: [], longest: [], tbt: [], kb: [], worst: [], median: [], afterHydration: [], menu: [], menuNoJs: [] };
    for (let run = 0; run < runs; run += 1) {
      const passive = await passiveLoad(browser, url);
      for (const key of ["fcp", "lcp", "hydrated", "longest", "tbt", "kb"]) samples[key].push(passive[key]);
      const taps = await textTapLoad(browser, url, passive.where.text);
      samples.worst.push(taps.worst);
      samples.median.push(taps.median);
      samples.afterHydration.push(taps.worstAfterHydration);
      samples.menu.push((await menuTapLoad(browser, url, passive.where.menu, true)).latency);
      samples.menuNoJs.push((await menuTapLoad(browser, url, passive.where.menu, false)).latency);
      console.log(`  ${path} run ${run + 1} (load ${load()}): LCP ${ms(passive.lcp)}, longest task ${ms(passive.longest)}, TBT ${ms(passive.tbt)}, taps worst ${ms(taps.worst)} (after hydration ${ms(taps.worstAfterHydration)}${taps.lost ? `, ${taps.lost} lost` : ""}), menu ${ms(samples.menu.at(-1))} / JS off ${ms(samples.menuNoJs.at(-1))}`);
    }
    const m = (/** @type {string} */ key) => ms(median(samples[key]));
    rows.push([path, m("fcp"), m("lcp"), m("hydrated"), m("longest"), m("tbt"), m("worst"), m("median"), m("afterHydration"), m("menu"), m("menuNoJs"), `${median(samples.kb).toFixed(1)} KiB`]);
  }
} finally {
  await browser.close();
  stopServer();
}
if (!args.trace) {
  console.log(`\n| page | FCP | LCP | hydrated | longest task | TBT after FCP | tap on text: worst | median | worst after hydration | tap at first paint → menu painted (JS) | same, JS off | transfer |`);
  console.log(`|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|`);
  for (const row of rows) console.log(`| ${row.join(" | ")} |`);
}
console.log(`\nload average after: ${load()}`);
