import { test as base, expect } from "@playwright/test";
import { startEngineProxy, type EngineProxy, type ProxyOptions, type VisitBeacon } from "./engine-proxy";
import { firefoxEngine, webkitEngine, type Engine, type EngineName, type EnginePage } from "./engines";

/*
 * Fixtures of e2e/engines/*.spec.ts (playwright.engines.config.ts): the Playwright runner and its web servers, but
 * the browser is Firefox ESR or WebKitGTK (engines.ts), chosen by the project's `engineName` option. The server is
 * reached through the proxy of engine-proxy.ts; each worker has its own proxy and driver ports.
 */

type WorkerFixtures = { engineName: EngineName; engine: Engine; siteProxy: EngineProxy };
type TestFixtures = {
  /** Opens a fresh page (own history and storage) in this worker's engine, closed after the test. */
  open(options?: { javaScript?: boolean; width?: number; height?: number } & Partial<ProxyOptions>): Promise<EnginePage>;
  /** Absolute address of a path of the site, through the proxy. */
  url(path: string): string;
  /** The page views sent through the proxy during this test (POST /api/visit bodies, with the host). */
  visits: VisitBeacon[];
};

const basePort = Number(process.env.E2E_PORT ?? 4173);

export const test = base.extend<TestFixtures, WorkerFixtures>({
  engineName: ["firefox", { option: true, scope: "worker" }],
  siteProxy: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a function needs from this pattern
    async ({}, provide, workerInfo) => {
      const proxy = await startEngineProxy(`http://127.0.0.1:${basePort}`, basePort + 10 + workerInfo.workerIndex * 2);
      await provide(proxy);
      await proxy.close();
    },
    { scope: "worker" },
  ],
  engine: [
    async ({ engineName }, provide, workerInfo) => {
      const engine = engineName === "firefox" ? firefoxEngine() : webkitEngine(basePort + 11 + workerInfo.workerIndex * 2);
      await provide(engine);
      await engine.close();
    },
    { scope: "worker", timeout: 60_000 },
  ],
  visits: async ({ siteProxy: proxy }, provide) => {
    proxy.visits.length = 0;
    await provide(proxy.visits);
  },
  url: async ({ siteProxy: proxy }, provide) => {
    await provide((path: string) => `${proxy.origin}${path}`);
  },
  open: async ({ engine, siteProxy: proxy }, provide) => {
    const pages: EnginePage[] = [];
    await provide(async ({ javaScript = true, width = 1280, height = 800, blockStorage = false, captcha = "stub", realVisitor = false, privacySignal = null } = {}) => {
      proxy.options.blockStorage = blockStorage;
      proxy.options.captcha = captcha;
      proxy.options.realVisitor = realVisitor;
      proxy.options.privacySignal = privacySignal;
      const page = await engine.open({ javaScript });
      pages.push(page);
      await page.setViewport(width, height);
      return page;
    });
    for (const page of pages) await page.close();
    proxy.options.blockStorage = false;
    proxy.options.captcha = "stub";
    proxy.options.realVisitor = false;
    proxy.options.privacySignal = null;
  },
});

export { expect };

/** Polls `read` until `accept` holds for its value (or times out, failing with the last value). */
export async function until<T>(read: () => Promise<T>, accept: (value: T) => boolean, { timeout = 10_000, message = "condition" } = {}) {
  const deadline = Date.now() + timeout;
  let value = await read();
  while (!accept(value)) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${message}; last value: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
    value = await read();
  }
  return value;
}

export function waitForHydration(page: EnginePage) {
  return until(
    () => page.evaluate(() => document.documentElement.hasAttribute("data-hydrated")),
    (hydrated) => hydrated,
    { message: "hydration" },
  );
}

/**
 * Unchanged for 1.5 s counts as settled: WebKitGTK under Xvfb on a busy machine draws as few as 15 frames a second
 * and can stall for a second in the middle of the site's eased scroll.
 */
const STILL_SAMPLES = 15;

/** The element's distance from the top of the viewport once it has stopped moving. */
export async function settledTop(page: EnginePage, selector: string) {
  const samples: number[] = [];
  await until(
    async () => {
      samples.push(await page.evaluate((s) => document.querySelector(s)?.getBoundingClientRect().top ?? Number.NaN, selector));
      const recent = samples.slice(-STILL_SAMPLES);
      return recent.length === STILL_SAMPLES && Math.max(...recent) - Math.min(...recent) < 0.5;
    },
    (still) => still,
    { message: `${selector} to stop moving`, timeout: 15_000 },
  );
  return samples.at(-1)!;
}

/** window.scrollY once it has stopped changing. */
export async function settledScrollY(page: EnginePage) {
  const samples: number[] = [];
  await until(
    async () => {
      samples.push(await page.evaluate(() => window.scrollY));
      const recent = samples.slice(-STILL_SAMPLES);
      return recent.length === STILL_SAMPLES && Math.max(...recent) - Math.min(...recent) < 0.5;
    },
    (still) => still,
    { message: "scrolling to stop", timeout: 15_000 },
  );
  return samples.at(-1)!;
}
