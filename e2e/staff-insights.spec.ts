import { execFile } from "node:child_process";
import { mkdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { promisify } from "node:util";
import AxeBuilder from "@axe-core/playwright";
import { createClient } from "@libsql/client";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { startFakeSiteverify, type FakeSiteverify } from "../test/support/fake-siteverify.mjs";
import { sendContactForm } from "../test/support/contact-form";
import { unique } from "../test/support/leads";
import { asRealVisitor } from "../test/support/real-visitor";
import { stubRecaptcha } from "../test/support/recaptcha-stub";
import { startServer, withLeadId, type SiteServer } from "../test/support/servers";
import { inviteStaff, signIn } from "../test/support/staff";

/*
 * Marketing's dashboard (issue 37 item 4) in Chromium against the built server on a database of its own: visits
 * and leads counted through real page loads, then /insights read as a marketer reads it, and its figures against
 * `npm run insights -- --format json` for the same period (one function builds both); the period picker and the
 * comparison, a filter by row and its removal, a table's CSV, 403 for a person of sales only, axe and the
 * accessibility tree at 390 px (touch) and 1280 px.
 */

test.describe.configure({ mode: "serial" });
test.setTimeout(90_000);

const AGENT = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.7339.93 Safari/537.36";
const marketing = `marketing-${Date.now().toString(36)}@staff-insights.example`;
const sales = `sales-${Date.now().toString(36)}@staff-insights.example`;

type Insights = { from: string; to: string; visitors: number; pageviews: number; leads: number; leftOut: { spam: number; duplicate: number }; sources: { name: string; visitors: number; leads: number }[] } & Record<string, unknown>;

let siteverify: FakeSiteverify;
let server: SiteServer;
let mailDir: string;
let today: string;

async function cli(...args: string[]): Promise<string> {
  const { stdout } = await promisify(execFile)(process.execPath, ["build/server/insights.mjs", ...args], { env: { ...process.env, NODE_ENV: "test", DATABASE_URL: server.databaseUrl } });
  return stdout;
}

/** One visitor's page load (counted: a real browser's agent, from its own address), and a lead from it when asked. */
async function arrive(browser: Browser, ip: string, url: string, { referer, lead }: { referer?: string; lead?: boolean } = {}): Promise<string | undefined> {
  const context = await browser.newContext({ userAgent: AGENT, extraHTTPHeaders: { "x-forwarded-for": ip } });
  await asRealVisitor(context);
  const page = await context.newPage();
  await stubRecaptcha(page);
  const beacon = page.waitForResponse((response) => new URL(response.url()).pathname === "/api/visit");
  await page.goto(url, referer ? { referer } : {});
  expect((await beacon).status()).toBe(204);
  let publicId: string | undefined;
  if (lead) {
    await expect(page.locator("html[data-hydrated]")).toBeAttached();
    const response = await sendContactForm(page, { email: `v.${unique()}@example.com`, message: `Dashboard ${unique()}` });
    publicId = ((await response.json()) as { id: string }).id;
  }
  await context.close();
  return publicId;
}

async function signedIn(page: Page, email: string, next = "/insights") {
  await signIn(page, { staffUrl: server.staffUrl, mailDir, email, next });
}

test.beforeAll(async ({ browser }) => {
  siteverify = await startFakeSiteverify();
  server = await startServer({ RECAPTCHA_VERIFY_URL: siteverify.url, RECAPTCHA_HOSTNAMES: "127.0.0.1", TRUST_PROXY: "loopback", LEADS_DELIVERY: "store-only", STAFF_SIGN_IN_LIMIT: "1000", STAFF_SIGN_IN_CLIENT_LIMIT: "1000" });
  mailDir = join(dirname(server.databaseUrl.slice("file:".length)), "mail");
  const env = { LEADS_MAIL_DIR: mailDir, STAFF_URL: server.staffUrl };
  await inviteStaff(server.databaseUrl, marketing, ["marketing"], env);
  await inviteStaff(server.databaseUrl, sales, ["sales"], env);
  // A visitor from Google's campaign who sends a lead, one who types the address and reads two pages, and one whose
  // message sales close as Spam: not a lead, in no figure, counted as left out.
  await arrive(browser, "81.2.69.170", `${server.url}/?utm_source=google&utm_medium=cpc&utm_campaign=brand`, { referer: "https://www.google.com/", lead: true });
  await arrive(browser, "81.2.69.171", `${server.url}/services/ux-design`);
  await arrive(browser, "81.2.69.171", `${server.url}/services`);
  const spam = await arrive(browser, "81.2.69.172", `${server.url}/`, { lead: true });
  const { id } = await withLeadId(server.databaseUrl, { ok: true, id: spam! });
  const db = createClient({ url: server.databaseUrl });
  await db.execute({ sql: "UPDATE messages SET outcome = 'spam' WHERE id = ?", args: [id] });
  db.close();
  today = (JSON.parse(await cli("--format", "json")) as Insights).to;
  await expect.poll(async () => (JSON.parse(await cli("--format", "json", "--from", today, "--to", today)) as Insights).pageviews, { timeout: 10_000 }).toBeGreaterThanOrEqual(4);
});

test.afterAll(async () => {
  await server?.stop();
  await siteverify?.close();
});

test("the dashboard's figures for a period are those of npm run insights -- --format json for it, and GET /api/insights answers that JSON", async ({ page }) => {
  await signedIn(page, marketing, `/insights?from=${today}&to=${today}`);
  const json = JSON.parse(await cli("--format", "json", "--from", today, "--to", today)) as Insights;
  expect(json).toMatchObject({ visitors: 3, leads: 1, leftOut: { spam: 1, duplicate: 0 } });
  const api = await page.request.get(`${server.staffUrl}/api/insights?from=${today}&to=${today}`);
  expect(api.status()).toBe(200);
  expect(await api.json()).toEqual(json);

  await expect(page).toHaveURL(new RegExp(`/insights\\?from=${today}&to=${today}$`));
  const figure = (label: string) => page.locator(`dt:text-is("${label}") + dd`);
  await expect(figure("Visitors")).toHaveText(String(json.visitors));
  await expect(figure("Page views")).toHaveText(String(json.pageviews));
  await expect(figure("Leads")).toHaveText(String(json.leads));
  await expect(page.getByRole("main")).toContainText("Left out: 1 spam and 0 duplicates");
  const sources = page.getByRole("region", { name: "Sources", exact: true }).getByRole("row");
  for (const row of json.sources) await expect(sources.filter({ has: page.getByRole("rowheader", { name: row.name }) })).toContainText(`${row.name}${row.visitors}${row.leads}`);
});

test("the period picker, the comparison with the period before, a filter by row and a table's CSV", async ({ page }) => {
  await signedIn(page, marketing);
  const picker = page.getByRole("navigation", { name: "Period" });
  await expect(picker.getByRole("link", { name: "7 days" })).toHaveAttribute("aria-current", "page");
  await picker.getByRole("link", { name: "30 days" }).click();
  await expect(page).toHaveURL(/\/insights\?period=30d$/);
  await expect(picker.getByRole("link", { name: "30 days" })).toHaveAttribute("aria-current", "page");
  // Nothing was counted in the 30 days before: each figure says so beside its own.
  await expect(page.locator('dt:text-is("Visitors") ~ dd').last()).toHaveText("new, from 0");

  await page.getByLabel("From", { exact: true }).fill(today);
  await page.getByLabel("To", { exact: true }).fill(today);
  await page.getByRole("button", { name: "Show custom period" }).click();
  await expect(page).toHaveURL(new RegExp(`from=${today}&to=${today}`));

  await page.getByRole("region", { name: "Sources", exact: true }).getByRole("link", { name: "Google" }).click();
  await expect(page).toHaveURL(/source=Google/);
  await expect(page.getByText("Filtered by source: Google")).toBeVisible();
  const filtered = JSON.parse(await cli("--format", "json", "--from", today, "--to", today, "--filter", "sources=Google")) as Insights;
  expect(filtered).toMatchObject({ visitors: 1, leads: 1 });
  await expect(page.locator('dt:text-is("Visitors") + dd')).toHaveText("1");
  expect(await (await page.request.get(`${server.staffUrl}/api/insights?from=${today}&to=${today}&source=Google`)).json()).toEqual(filtered);
  // The pages table counts the Google visitor's pages only (and the pages its lead read): not the other visitor's.
  const pages = filtered.pages as { name: string; visitors: number }[];
  expect(pages.map((row) => row.name)).not.toContain("/services/ux-design");
  expect(pages.reduce((sum, row) => sum + row.visitors, 0)).toBe(1);
  await expect(page.getByRole("region", { name: "Pages", exact: true }).getByRole("row")).toHaveCount(pages.length + 1);

  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download CSV of sources" }).click();
  const csv = readFileSync(await (await download).path(), "utf8");
  expect(csv.split("\r\n")[1]).toBe('"Google","1","1","1","0","0","1"');

  await page.getByRole("link", { name: "Remove the filter" }).click();
  // From today to today is the picker's "Today": its links say so.
  await expect(page).toHaveURL(/\/insights\?period=today$/);
  await expect(picker.getByRole("link", { name: "Today" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByText("Filtered by")).toHaveCount(0);
});

test("a person of sales only gets 403 on /insights and /api/insights", async ({ page }) => {
  await signedIn(page, sales, "/");
  for (const path of ["/insights", `/api/insights?from=${today}&to=${today}`, "/insights/sources.csv"]) {
    expect((await page.request.get(`${server.staffUrl}${path}`)).status(), path).toBe(403);
  }
  await page.goto(`${server.staffUrl}/insights`);
  await expect(page.getByRole("heading", { name: "Not for your role" })).toBeVisible();
});

/** axe, no sideways scroll, and every heading, link, button and field in the accessibility tree. */
async function checkPage(page: Page, name: string) {
  expect((await new AxeBuilder({ page }).analyze()).violations, `axe on ${name}`).toEqual([]);
  // Against the viewport's width: in a phone's (isMobile) context Chromium widens the layout viewport to the content.
  expect(await page.evaluate(() => document.documentElement.scrollWidth), `no sideways scroll on ${name}`).toBeLessThanOrEqual(page.viewportSize()!.width);
  const fromDom = await page.evaluate(() => {
    const count = (selector: string) => [...document.querySelectorAll(selector)].filter((element) => !element.closest("[aria-hidden=true], details:not([open]) > :not(summary)")).length;
    // Chromium gives each date field a button of its own (its calendar).
    return { heading: count("h1, h2, h3"), link: count("a[href]"), button: count("button") + count("input[type=date]"), table: count("table") };
  });
  const cdp = await page.context().newCDPSession(page);
  const { nodes } = await cdp.send("Accessibility.getFullAXTree");
  await cdp.detach();
  const present = nodes.filter((node) => !node.ignored);
  const fromTree = Object.fromEntries(Object.keys(fromDom).map((role) => [role, present.filter((node) => node.role?.value === role).length]));
  expect(fromTree, `accessibility tree of ${name}`).toEqual(fromDom);
  for (const label of ["From", "To"]) await expect(page.getByLabel(label, { exact: true }), `${label} on ${name}`).toBeVisible();
  for (const landmark of ["banner", "main"]) expect(present.filter((node) => node.role?.value === landmark).length, `${landmark} of ${name}`).toBe(1);
  await expect(page.getByRole("img", { name: /Visitors per (day|week)/ })).toBeVisible();
}

for (const viewport of [
  { name: "390 px (touch)", use: { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true } },
  { name: "1280 px", use: { viewport: { width: 1280, height: 800 } } },
]) {
  test.describe(`at ${viewport.name}`, () => {
    test.use(viewport.use);
    test("/insights passes axe, does not scroll sideways and is whole in the accessibility tree, filtered too", async ({ page }) => {
      await signedIn(page, marketing, `/insights?from=${today}&to=${today}`);
      await checkPage(page, "/insights");
      if (viewport.use.viewport.width === 390) {
        mkdirSync("test-results/screens", { recursive: true });
        await page.screenshot({ path: "test-results/screens/insights-390.png", fullPage: true });
      }
      await page.goto(`${server.staffUrl}/insights?from=${today}&to=${today}&source=Google`);
      await checkPage(page, "/insights filtered");
    });
  });
}
