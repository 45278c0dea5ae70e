import { readFileSync, existsSync } from "node:fs";
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { expect, test, type Browser, type BrowserContextOptions, type Page } from "@playwright/test";
import { startFakeSiteverify, type FakeSiteverify } from "../test/support/fake-siteverify.mjs";
import { sendContactForm } from "../test/support/contact-form";
import { stubRecaptcha } from "../test/support/recaptcha-stub";
import { startServer, withLeadId, type SiteServer } from "../test/support/servers";
import { unique } from "../test/support/leads";
import { asRealVisitor } from "../test/support/real-visitor";

/*
 * Visit counting as visitors' browsers do it (Chromium against the production server, a real SQLite file): a
 * visit from a campaign link with a client-side navigation and a lead, read back with `npm run insights` (the
 * built bundle); what must count nothing; storage blocked; and the database's raw bytes, which must never hold
 * the visitor's IP or user agent.
 */

test.describe.configure({ mode: "serial" });
// Three servers and runs of the CLI on two shared cores.
test.setTimeout(90_000);

// A real browser's user agent (Playwright's headless Chromium says HeadlessChrome, which is not counted), with a
// version no other string in the database has, and an address from the country database.
const AGENT = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.7339.93 Safari/537.36";
const IP = "81.2.69.142";
const visitor: BrowserContextOptions = { userAgent: AGENT, extraHTTPHeaders: { "x-forwarded-for": IP }, viewport: { width: 1280, height: 800 } };

type Insights = Record<string, unknown> & { visitors: number; pageviews: number; leads: number; conversionRate: number };

async function insights(server: SiteServer): Promise<Insights> {
  const { stdout } = await promisify(execFile)(process.execPath, ["build/server/insights.mjs", "--format", "json"], { env: { ...process.env, DATABASE_URL: server.databaseUrl } });
  return JSON.parse(stdout) as Insights;
}

/** Opens a page and waits until its page view has been sent and answered. */
async function visit(page: Page, url: string, options: { referer?: string } = {}) {
  const beacon = page.waitForResponse((response) => new URL(response.url()).pathname === "/api/visit");
  await page.goto(url, options);
  expect((await beacon).status()).toBe(204);
}

let siteverify: FakeSiteverify;
let server: SiteServer;
let quiet: SiteServer;
test.beforeAll(async () => {
  siteverify = await startFakeSiteverify();
  const env = { RECAPTCHA_VERIFY_URL: siteverify.url, RECAPTCHA_HOSTNAMES: "127.0.0.1", TRUST_PROXY: "loopback", LEADS_DELIVERY: "store-only" };
  [server, quiet] = await Promise.all([startServer(env), startServer(env)]);
});
test.afterAll(async () => {
  await Promise.all([server?.stop(), quiet?.stop()]);
  await siteverify?.close();
});

test("a visit from a campaign link, a client-side navigation and a lead show in npm run insights, the lead attributed", async ({ browser }) => {
  const context = await browser.newContext(visitor);
  await asRealVisitor(context);
  const page = await context.newPage();
  await stubRecaptcha(page);
  await visit(page, `${server.url}/?utm_source=newsletter&utm_medium=email&utm_campaign=spring`, { referer: "https://news.example/issue/7?reader=ada" });
  await expect(page.locator("html[data-hydrated]")).toBeAttached();
  let beacon = page.waitForRequest((request) => new URL(request.url()).pathname === "/api/visit");
  await page.locator('main a[href="/services/ux-design"]').first().click();
  await expect(page).toHaveURL(/\/services\/ux-design$/);
  // A client-side navigation is a page view, not a new visit: no source, no campaign.
  expect(JSON.parse((await beacon).postData() ?? "")).toEqual({ p: "/services/ux-design", e: 0, d: "desktop" });
  beacon = page.waitForRequest((request) => new URL(request.url()).pathname === "/api/visit");
  await page.locator('section[aria-labelledby="cta-heading"] a').click();
  await expect(page).toHaveURL(`${server.url}/`);
  await beacon;
  const response = await sendContactForm(page, { email: `ada.${unique()}@example.com`, message: `Counting test ${unique()}` });
  const { id: publicId } = (await response.json()) as { ok: boolean; id: string };
  expect((await withLeadId(server.databaseUrl, { ok: true, id: publicId })).id).toBeGreaterThan(0);
  await context.close();

  await expect.poll(async () => (await insights(server)).pageviews, { timeout: 10_000 }).toBe(3);
  const figures = await insights(server);
  expect(figures).toMatchObject({ visitors: 1, pageviews: 3, leads: 1, conversionRate: 1 });
  expect(figures.previous).toMatchObject({ visitors: 0, pageviews: 0, leads: 0, conversionRate: 0 });
  // Pages by their path and their title (the content's, read from the build).
  // Every row has its leads, conversion rate and what became of them (issue 37): this lead is open, in progress.
  const open = { conversionRate: 1, won: 0, lost: 0, inProgress: 1 };
  expect(figures.landingPages).toEqual([{ name: "/", title: expect.stringMatching(/\w/), visitors: 1, pageviews: 1, leads: 1, ...open }]);
  expect(figures.pages).toEqual([
    { name: "/", title: expect.stringMatching(/\w/), visitors: 1, pageviews: 2, leads: 1, ...open },
    { name: "/services/ux-design", title: expect.stringMatching(/UX/i), visitors: 1, pageviews: 1, leads: 1, ...open },
  ]);
  // The campaign's utm_source is the source (issue 36 item 1), for the visit and its lead.
  expect(figures.sources).toEqual([{ name: "newsletter", visitors: 1, leads: 1, ...open }]);
  expect(figures.campaigns).toEqual([{ name: "newsletter / email / spring", visitors: 1, leads: 1, ...open, utm: { source: "newsletter", medium: "email", campaign: "spring", term: "", content: "" } }]);
  expect(figures.countries).toEqual([{ name: "GB", visitors: 1, leads: 1, ...open }]);
  expect(figures.devices).toEqual([{ name: "desktop", visitors: 1, leads: 1, ...open }]);
  // Issue 31's figures: the lead waits, then sales take it (from the terminal, as `npm run messages -- take` does).
  expect(figures).toMatchObject({ leadsTaken: 0, medianMinutesToTake: null, leadsNotTaken: 1 });
  expect(figures.previous).toMatchObject({ leadsTaken: 0, medianMinutesToTake: null, leadsNotTaken: 0 });
  await promisify(execFile)(process.execPath, ["build/server/messages.mjs", "take", publicId, "--by", "Ada Sales"], { env: { ...process.env, DATABASE_URL: server.databaseUrl } });
  // Seconds after it arrived: 0 whole minutes of business time, whatever the hour the test runs.
  expect(await insights(server)).toMatchObject({ leads: 1, leadsTaken: 1, medianMinutesToTake: 0, leadsNotTaken: 0 });
});

test("a campaign link opened without a referrer counts under its utm_source, Google's domains as one Google, a link to a missing page by its path (issue 36 items 1, 8)", async ({ browser }) => {
  const sources = await startServer({ RECAPTCHA_VERIFY_URL: siteverify.url, RECAPTCHA_HOSTNAMES: "127.0.0.1", TRUST_PROXY: "loopback", LEADS_DELIVERY: "store-only" });
  try {
    const arrive = async (ip: string, url: string, referer?: string, lead = false) => {
      const context = await browser.newContext({ ...visitor, extraHTTPHeaders: { "x-forwarded-for": ip } });
      await asRealVisitor(context);
      const page = await context.newPage();
      await stubRecaptcha(page);
      await visit(page, url, referer ? { referer } : {});
      if (lead) {
        await expect(page.locator("html[data-hydrated]")).toBeAttached();
        expect((await sendContactForm(page, { email: `n.${unique()}@example.com`, message: `Newsletter ${unique()}` })).ok()).toBe(true);
      }
      await context.close();
    };
    // Opened from a mail app: no referrer at all; the link says where it came from.
    await arrive("81.2.69.160", `${sources.url}/?utm_source=Newsletter&utm_medium=email&utm_campaign=november`, undefined, true);
    await arrive("81.2.69.161", `${sources.url}/services/ux-design`, "https://www.google.de/");
    await arrive("81.2.69.162", `${sources.url}/`, "http://www.google.com/search?q=arcline");
    await arrive("81.2.69.163", `${sources.url}/?utm_source=google&utm_medium=cpc&utm_campaign=brand`);
    await arrive("81.2.69.164", `${sources.url}/`);
    // A campaign link with a typo in its path.
    await arrive("81.2.69.165", `${sources.url}/black-fridy?utm_source=partner&utm_medium=referral&utm_campaign=bf`);
    await expect.poll(async () => (await insights(sources)).pageviews, { timeout: 10_000 }).toBe(6);
    const figures = await insights(sources);
    expect((figures.sources as { name: string; visitors: number; leads: number }[]).map(({ name, visitors, leads }) => ({ name, visitors, leads }))).toEqual([
      { name: "Google", visitors: 3, leads: 0 },
      { name: "newsletter", visitors: 1, leads: 1 },
      { name: "Direct", visitors: 1, leads: 0 },
      { name: "partner", visitors: 1, leads: 0 },
    ]);
    expect((figures.landingPages as { name: string }[]).map((row) => row.name)).toContain("(not found) /black-fridy");
    const { stdout } = await promisify(execFile)(process.execPath, ["build/server/insights.mjs"], { env: { ...process.env, DATABASE_URL: sources.databaseUrl } });
    expect(stdout).toMatch(/^ {2}\(not found\) \/black-fridy {2}visitors 1/m);
    expect(stdout).toMatch(/^ {2}Google {2}visitors 3 {2}leads 0 {2}won 0 {2}lost 0 {2}in progress 0$/m);
  } finally {
    await sources.stop();
  }
});

async function visitWith(browser: Browser, options: BrowserContextOptions, init?: (page: Page) => Promise<void>) {
  const context = await browser.newContext({ ...visitor, ...options, extraHTTPHeaders: { ...visitor.extraHTTPHeaders, ...options.extraHTTPHeaders } });
  await asRealVisitor(context);
  const page = await context.newPage();
  await init?.(page);
  await visit(page, `${quiet.url}/services/ux-design`);
  await context.close();
}

test("bots, headless browsers, Global Privacy Control, Do Not Track and prefetches count nothing; storage blocked still counts", async ({ browser }) => {
  await visitWith(browser, { userAgent: "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" });
  await visitWith(browser, { userAgent: AGENT.replace("Chrome/", "HeadlessChrome/") });
  await visitWith(browser, { extraHTTPHeaders: { "sec-gpc": "1" } });
  await visitWith(browser, { extraHTTPHeaders: { dnt: "1" } });
  await visitWith(browser, { extraHTTPHeaders: { "sec-purpose": "prefetch;prerender" } });
  // Site data blocked ("block all cookies"): touching either storage throws; the page is counted all the same.
  await visitWith(browser, {}, async (page) => {
    await page.addInitScript(() => {
      for (const key of ["sessionStorage", "localStorage"]) {
        Object.defineProperty(window, key, { configurable: true, get: () => { throw new DOMException("The operation is insecure.", "SecurityError"); } });
      }
    });
  });
  // Batches go in order: once the last page view is stored, any refused one would be too.
  await expect.poll(async () => (await insights(quiet)).pageviews, { timeout: 10_000 }).toBeGreaterThan(0);
  const figures = await insights(quiet);
  expect(figures).toMatchObject({ visitors: 1, pageviews: 1 });
  expect(figures.pages).toEqual([{ name: "/services/ux-design", title: "Product and UX Design Services", visitors: 1, pageviews: 1, leads: 0, conversionRate: 0, won: 0, lost: 0, inProgress: 0 }]);
});

test("the database's files (SQLite and its WAL) never hold the visitor's IP or user agent, counts and leads alike", async () => {
  // `quiet` has counts only; `server` has the first test's counts and its lead, sent from the same browser.
  for (const { databaseUrl } of [quiet, server]) {
    const file = databaseUrl.slice("file:".length);
    const bytes = [file, `${file}-wal`].filter(existsSync).map((path) => readFileSync(path));
    const all = Buffer.concat(bytes);
    // The count is there (so this search reads the right bytes) ...
    expect(all.includes("/services/ux-design")).toBe(true);
    // ... but neither the address nor the browser's signature, in any form.
    for (const needle of [IP, AGENT, "7339.93", "Googlebot", Buffer.from(IP.split(".").map(Number))]) expect(all.includes(needle), `${String(needle)} in ${file}`).toBe(false);
  }
});

test("one client cannot inflate the counts: 300 posts from one address with 300 user agents count 30 visitors, the rest as limited; its leads still go through", async () => {
  const own = await startServer({ RECAPTCHA_VERIFY_URL: siteverify.url, RECAPTCHA_HOSTNAMES: "127.0.0.1", TRUST_PROXY: "loopback", LEADS_DELIVERY: "store-only", METRICS_PORT: "0", LOG_LEVEL: "info" });
  try {
    const address = "81.2.69.160";
    // What any script can send: Sec-Fetch-Site set by hand, another browser's user agent on every post.
    for (let i = 0; i < 300; i++) {
      const response = await fetch(`${own.url}/api/visit`, {
        method: "POST",
        headers: { "content-type": "text/plain;charset=UTF-8", "sec-fetch-site": "same-origin", "x-forwarded-for": address, "user-agent": AGENT.replace("7339.93", `${1000 + i}.7`) },
        body: JSON.stringify({ p: "/", e: 1, r: "https://attacker.example/", s: "attacker", m: "cpc", c: "inflate", d: "desktop" }),
      });
      expect(response.status).toBe(204);
    }
    await expect.poll(async () => (await insights(own)).pageviews, { timeout: 10_000 }).toBe(30);
    expect(await insights(own)).toMatchObject({ visitors: 30, pageviews: 30 });
    const metrics = await (await fetch(/"msg":"metrics","url":"([^"]+)"/.exec(own.output())![1]!)).text();
    expect(metrics).toContain('visit_counts_total{outcome="limited"} 270');
    expect(metrics).toContain('visit_counts_total{outcome="counted"} 30');

    // The contact API is not limited by it: a message from the same address is stored.
    const lead = await fetch(`${own.url}/api/contact`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": address, "user-agent": AGENT },
      body: JSON.stringify({ firstName: "Ada", lastName: "Lovelace", email: `ada.${unique()}@example.com`, message: `Limit test ${unique()}`, recaptchaToken: `pass:${unique()}` }),
    });
    expect(lead.status).toBe(201);
  } finally {
    await own.stop();
  }
});

test("ANALYTICS=off stores nothing, even a count sent by a page built with counting on", async () => {
  const off = await startServer({ ANALYTICS: "off", TRUST_PROXY: "loopback", LEADS_DELIVERY: "store-only" });
  try {
    // The pages send nothing then (e2e/visit-counting.spec.ts); a page still open from before, or any client, is dropped.
    const response = await fetch(`${off.url}/api/visit`, { method: "POST", headers: { "user-agent": AGENT, "x-forwarded-for": IP, "sec-fetch-site": "same-origin" }, body: JSON.stringify({ p: "/", e: 1, d: "desktop", s: "x" }) });
    expect(response.status).toBe(204);
    await new Promise((resolve) => setTimeout(resolve, 2000));
    expect(await insights(off)).toMatchObject({ visitors: 0, pageviews: 0 });
  } finally {
    await off.stop();
  }
});
