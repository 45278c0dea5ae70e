// @vitest-environment node
import { randomBytes } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import { directVisit } from "../../../test/support/insights";
import { bothEngines, quietLog, sampleMessage } from "../../../test/support/store-engines";
import { loadConfig } from "../../../server/config";
import type { Store } from "../../../server/db/store";
import { reportSettings } from "../../../server/insights";
import { period, startOfDay } from "../../../server/insights/period";
import { buildInsights, insightsJson } from "../../../server/insights/request";
import { insightsStorage, type Visit } from "../../../server/insights/storage";
import { createStaffApp } from "../app";
import { NO_ASSETS } from "../assets";
import type { Role } from "../context";
import { staffStorage } from "../storage";

/*
 * /insights, GET /api/insights and the tables' CSV through the workspace's own app (its headers, role guard and
 * audit), on a real store: the API's JSON is the CLI's (the same function, request.ts), bad dates are a 400 with
 * words, a role without marketing gets 403, the page is server-rendered with the filter's row and its removal.
 * A real person and session in the store (signing in by the mailed link is e2e/staff-insights.spec.ts's).
 */

const engines = bothEngines("insights-routes-");
const stores: Store[] = [];
afterEach(async () => {
  for (const store of stores.splice(0)) await store.close();
});

const zone = "Europe/Berlin";
const now = new Date("2026-11-27T12:00:00Z");

async function workspace(roles: Role[]) {
  const store = await engines.sqlite();
  stores.push(store);
  const config = loadConfig({ NODE_ENV: "test", COMPANY_TIME_ZONE: zone, LEADS_DELIVERY: "store-only", STATIC_DIR: "/nonexistent" });
  config.staffUrl = "http://localhost:3001";
  // A real person and session in the workspace's own tables (signing in has its own tests).
  const staff = staffStorage(store);
  const person = await staff.addPerson("m@example.com", roles, "test", now);
  const sessionId = randomBytes(32).toString("base64url");
  await staff.createSession(sessionId, person!.id, now);
  const app = createStaffApp({ config, store, staff, log: quietLog, assets: NO_ASSETS, assetsDir: "/nonexistent", now: () => now });
  const get = (path: string) => app.request(path, { headers: { cookie: `staff_session=${sessionId}` } });
  const post = (path: string, body: Record<string, string>, origin = "http://localhost:3001") =>
    app.request(path, { method: "POST", body: new URLSearchParams(body), headers: { cookie: `staff_session=${sessionId}`, origin, "content-type": "application/x-www-form-urlencoded" } });
  const audit = async () => (await staff.audit({ limit: 100, offset: 0 })).lines;
  return { store, config, app, get, post, audit, storage: insightsStorage(store) };
}

const visit = (over: Partial<Visit>): Visit => ({
  at: new Date("2026-11-25T10:00:00Z"),
  visitor: "a",
  path: "/",
  ...directVisit,
  country: "GB",
  device: "desktop",
  ...over,
});

describe("the insights routes", () => {
  it("answers GET /api/insights with the JSON of `npm run insights -- --format json`, and bad dates with a 400 that says why", async () => {
    const { get, storage, config, store } = await workspace(["marketing"]);
    await storage.insertVisits([visit({ visitor: "g", source: "Google", referrer: "https://www.google.com" }), visit({ visitor: "g", entry: false, source: null, path: "/contact" }), visit({ visitor: "d" })]);
    await store.insertLead({ ...sampleMessage, createdAt: "2026-11-25T11:00:00.000Z", source: { landingPage: "/", referrer: "https://www.google.com", pages: ["/", "/contact"] } }, []);
    const response = await get("/api/insights?from=2026-11-23&to=2026-11-27");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("application/json");
    expect(response.headers.get("cache-control")).toBe("no-store");
    const expected = insightsJson(await buildInsights({ period: period("2026-11-23", "2026-11-27", zone) }, { storage, timeZone: zone, calendar: reportSettings(config).calendar, now }));
    expect(await response.text()).toBe(expected);
    expect(JSON.parse(expected)).toMatchObject({ from: "2026-11-23", to: "2026-11-27", visitors: 2, pageviews: 3, leads: 1 });

    const filtered = (await (await get("/api/insights?from=2026-11-23&to=2026-11-27&source=Google")).json()) as { visitors: number; pages: { name: string }[]; filter: unknown };
    expect(filtered).toMatchObject({ visitors: 1, filter: { table: "sources", name: "Google" } });
    expect(filtered.pages.map((row) => row.name)).toEqual(["/", "/contact"]);

    for (const [query, message] of [
      ["from=2026-13-01&to=2026-12-01", 'from "2026-13-01" is not a date'],
      ["from=2026-11-30&to=2026-11-01", "from 2026-11-30 is after to 2026-11-01"],
      ["from=2020-01-01&to=2026-01-01", "ask for at most"],
      ["period=forever", 'Unknown period "forever"'],
      ["source=Google&page=/", "Filter by one row at a time"],
    ]) {
      const bad = await get(`/api/insights?${query}`);
      expect(bad.status, query).toBe(400);
      expect(((await bad.json()) as { error: string }).error).toContain(message);
    }
    const page = await get("/insights?from=2026-11-30&to=2026-11-01");
    expect(page.status).toBe(400);
    expect(await page.text()).toContain("from 2026-11-30 is after to 2026-11-01");
  });

  it("answers 403 to a person without marketing, on the page, the API and the CSV", async () => {
    const { get, post } = await workspace(["sales"]);
    for (const path of ["/insights", "/api/insights?from=2026-11-01&to=2026-11-02", "/insights/sources.csv"]) expect((await get(path)).status, path).toBe(403);
    expect((await post("/insights/sources.csv", { period: "7d" })).status).toBe(403);
    const operator = await workspace(["operator"]);
    expect((await operator.get("/insights")).status).toBe(200);
  });

  it("renders the dashboard on the server: the picker, the filter's banner with its removal, the chart as SVG and as a table, and each table's CSV", async () => {
    const { get, post, storage, audit } = await workspace(["marketing"]);
    await storage.insertVisits([visit({ visitor: "g", source: "Google", referrer: "https://www.google.com" }), visit({ visitor: "d", at: new Date(startOfDay("2026-11-26", zone).getTime() + 3600_000) })]);
    const response = await get("/insights?period=7d&source=Google");
    expect(response.status).toBe(200);
    const html = (await response.text()).replaceAll("<!-- -->", "");
    expect(html).toContain('aria-current="page" class="inline-block rounded border px-3 py-2 text-sm no-underline border-slate-900');
    expect(html).toMatch(/>7 days<\/a>/);
    expect(html).toContain("Filtered by source: <strong>Google</strong>");
    expect(html).toContain('href="/insights?period=7d" class="rounded border border-slate-400 bg-white px-2 py-1 text-sm no-underline" aria-label="Remove the filter"');
    expect(html).toContain('<svg viewBox="0 0 600 120"');
    expect(html).not.toMatch(/\sstyle=/);
    // The CSV is a POST of the period and the filter: it writes an audit line.
    expect(html).toMatch(/<form action="\/insights\/sources.csv" method="post"><input type="hidden" name="period" value="7d"\/><input type="hidden" name="source" value="Google"\/><button[^>]*>Download CSV/);
    expect(html).toContain("Days are counted in Europe/Berlin");
    // A row's link filters the dashboard by it.
    expect(html).toContain('href="/insights?period=7d&amp;device=desktop"');

    // A GET of the address (a link on another site, a bookmark) writes nothing: the dashboard of the same period.
    const query = `?period=7d&source=${encodeURIComponent("\u202eattacker words")}`;
    const viaGet = await get(`/insights/sources.csv${query}`);
    expect(viaGet.status).toBe(303);
    expect(viaGet.headers.get("location")).toBe(`/insights${query}`);
    // Another site's form cannot download in a marketer's name.
    expect((await post("/insights/sources.csv", { period: "7d", source: "x" }, "https://evil.example")).status).toBe(403);
    expect((await audit()).filter((line) => line.action.startsWith("insights"))).toEqual([]);
    const csv = await post("/insights/sources.csv", { period: "7d" });
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toContain("text/csv");
    expect((await csv.text()).split("\r\n").slice(0, 3)).toEqual([
      '"name","visitors","leads","conversionRate","won","lost","inProgress"',
      '"Direct","1","0","0","0","0","0"',
      '"Google","1","0","0","0","0","0"',
    ]);
    expect((await audit()).filter((line) => line.action.startsWith("insights"))).toEqual([expect.objectContaining({ actor: "m@example.com", action: "insights.export", subject: "Sources", detail: "2026-11-21 to 2026-11-27" })]);
  });

  it("cuts every table to its top 100 rows by visitors in the API, the CSV and the page, and says how many more there were", async () => {
    const { get, post, storage } = await workspace(["marketing"]);
    // 130 made-up paths, the first ten with two visitors each (so they lead the cut).
    await storage.insertVisits(Array.from({ length: 130 }, (_, i) => [visit({ visitor: `v${i}`, path: `/made-up-${i}` }), ...(i < 10 ? [visit({ visitor: `w${i}`, path: `/made-up-${i}` })] : [])]).flat());
    const json = (await (await get("/api/insights?from=2026-11-23&to=2026-11-27")).json()) as { pages: { name: string; visitors: number }[]; moreRows: Record<string, number> };
    expect(json.pages).toHaveLength(100);
    expect(json.pages.slice(0, 10).every((row) => row.visitors === 2)).toBe(true);
    expect(json.moreRows).toMatchObject({ pages: 30, landingPages: 30, devices: 0 });
    const csv = await (await post("/insights/pages.csv", { from: "2026-11-23", to: "2026-11-27" })).text();
    expect(csv.trim().split("\r\n")).toHaveLength(1 + 100);
    const html = (await (await get("/insights?from=2026-11-23&to=2026-11-27")).text()).replaceAll("<!-- -->", "");
    expect(html).toContain("and 30 more rows");
  });

  it("refuses a filter with a control character or over 500 characters, and a too long address, with a 400 in words", async () => {
    const { get, post } = await workspace(["marketing"]);
    for (const [query, message] of [
      ["source=%00", "cannot hold control characters"],
      ["page=/a%1Bb", "cannot hold control characters"],
      ["country=%C2%85", "cannot hold control characters"],
      [`campaign=a%1F%00%1F%1F%1F`, "cannot hold control characters"],
      [`source=${"x".repeat(501)}`, "at most 500 characters"],
      [`source=${encodeURIComponent("😀".repeat(2000))}`, "too long"],
    ] as [string, string][]) {
      for (const bad of [await get(`/api/insights?period=30d&${query}`), await post("/insights/sources.csv", Object.fromEntries(new URLSearchParams(`period=30d&${query}`)))]) {
        expect(bad.status, query.slice(0, 40)).toBe(400);
        expect(await bad.text()).toContain(message);
      }
    }
    // A campaign's five parts of 200 are still a filter.
    expect((await get(`/api/insights?campaign=${encodeURIComponent(["a".repeat(200), "b", "c", "", ""].join("\u001f"))}`)).status).toBe(200);
    const page = await get("/insights?period=30d&source=%00");
    expect(page.status).toBe(400);
    const html = (await page.text()).replaceAll("<!-- -->", "");
    expect(html).toContain("The source filter cannot hold control characters.");
    expect(html).toMatch(/href="\/insights\?period=12m"[^>]*>12 months<\/a>/);
    expect(html).toMatch(/href="\/insights\?period=30d"[^>]*>Remove the filter<\/a>/);
  });

  it("labels a campaign filter by the parts that are set, and lets a long filter name or row name wrap anywhere", async () => {
    const { get, storage } = await workspace(["marketing"]);
    const long = `www.${"x".repeat(150)}.example`;
    await storage.insertVisits([visit({ visitor: "c", source: long, utmSource: "google", utmMedium: "cpc" })]);
    const html = (await (await get(`/insights?period=7d&campaign=${encodeURIComponent("google\u001fcpc\u001f\u001f\u001f")}`)).text()).replaceAll("<!-- -->", "");
    expect(html).toContain("Filtered by campaign: <strong>google / cpc</strong>");
    const byLong = (await (await get(`/insights?period=7d&source=${encodeURIComponent(long)}`)).text()).replaceAll("<!-- -->", "");
    expect(byLong).toContain(`<span class="min-w-0 wrap-anywhere">Filtered by source: <strong>${long}</strong>`);
    expect(byLong).toMatch(new RegExp(`<th scope="row" class="[^"]*wrap-anywhere[^"]*"><a [^>]*>${long.replaceAll(".", "\\.")}</a>`));
  });
});
