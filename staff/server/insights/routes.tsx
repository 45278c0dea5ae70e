import type { Hono } from "hono";
import { toCsv } from "../../../server/contact/csv";
import { reportSettings } from "../../../server/insights";
import { countryName } from "../../../server/insights/report";
import { buildInsights, insightsJson, QUERY_MAX, readInsightsRequest, type InsightsDeps } from "../../../server/insights/request";
import { sitePages } from "../../../server/insights/site-pages";
import { insightsStorage, type Dimension } from "../../../server/insights/storage";
import type { Row } from "../../../server/insights/query";
import { site as siteConfig } from "~/config/site";
import type { StaffDeps } from "../app";
import { requireRole, type StaffEnv } from "../context";
import { renderPage } from "../render";
import { InsightsPage, InsightsProblem, tableTitles } from "../../app/pages/insights";

/*
 * Marketing's dashboard (issue 37 item 4): /insights (the page), GET /api/insights (the JSON of `npm run insights
 * -- --format json` for the same period: one function builds both, request.ts), and each table's CSV. For the
 * roles marketing and operator. The CSV is a POST: it writes an audit line.
 */

const csvTables: Record<string, Dimension> = { sources: "sources", campaigns: "campaigns", "landing-pages": "landingPages", pages: "pages", countries: "countries", devices: "devices" };
export const csvPath = (table: Dimension) => `/insights/${Object.entries(csvTables).find(([, value]) => value === table)![0]}.csv`;

function tableCsv(table: Dimension, rows: Row[]): string {
  const campaign = table === "campaigns";
  const header = ["name", ...(table === "pages" || table === "landingPages" ? ["title"] : []), ...(campaign ? ["source", "medium", "campaign", "term", "content"] : []), "visitors", ...(table === "pages" || table === "landingPages" ? ["pageviews"] : []), "leads", "conversionRate", "won", "lost", "inProgress"];
  return toCsv(
    header,
    rows.map((row) => [
      table === "countries" ? countryName(row.name) : row.name,
      ...(table === "pages" || table === "landingPages" ? [row.title ?? ""] : []),
      ...(campaign && row.utm ? [row.utm.source, row.utm.medium, row.utm.campaign, row.utm.term, row.utm.content] : []),
      row.visitors,
      ...(table === "pages" || table === "landingPages" ? [row.pageviews ?? 0] : []),
      row.leads,
      row.conversionRate,
      row.won,
      row.lost,
      row.inProgress,
    ]),
  );
}

export function mountInsightsRoutes(app: Hono<StaffEnv>, deps: StaffDeps) {
  const { config, store } = deps;
  const storage = insightsStorage(store);
  const timeZone = config.COMPANY_TIME_ZONE;
  const { calendar } = reportSettings(config);
  const site = sitePages(config.STATIC_DIR, siteConfig.name);
  const now = deps.now ?? (() => new Date());
  const insightsDeps = (): InsightsDeps => ({ storage, timeZone, calendar, site, now: now() });

  app.get("/api/insights", requireRole("marketing"), async (c) => {
    const read = readInsightsRequest(new URL(c.req.url).searchParams, { timeZone, now: now() });
    if (!read.ok) return c.json({ ok: false, error: read.error }, 400);
    const insights = await buildInsights(read.request, insightsDeps());
    return c.body(insightsJson(insights), 200, { "Content-Type": "application/json; charset=utf-8" });
  });

  // A table's CSV writes an audit line, so it is a POST (the cross-site check covers it: a page elsewhere cannot make
  // a signed-in marketer's browser write text of its choosing into the log); a GET of the address (a bookmark, a
  // link from elsewhere) writes nothing and shows the dashboard of the same period and filter.
  app.get("/insights/:file{[a-z-]+\\.csv}", requireRole("marketing"), (c) => {
    const query = new URL(c.req.url).search;
    return c.redirect(`/insights${query.length <= QUERY_MAX ? query : ""}`, 303);
  });

  app.post("/insights/:file{[a-z-]+\\.csv}", requireRole("marketing"), async (c) => {
    const table = csvTables[c.req.param("file").replace(/\.csv$/, "")];
    if (!table) return c.notFound();
    const body = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
    const params = new URLSearchParams(Object.entries(body).filter((entry): entry is [string, string] => typeof entry[1] === "string"));
    const read = readInsightsRequest(params, { timeZone, now: now() });
    if (!read.ok) return c.text(read.error, 400);
    const insights = await buildInsights(read.request, insightsDeps());
    const name = `${c.req.param("file").replace(/\.csv$/, "")}-${insights.from}-to-${insights.to}.csv`;
    await c.get("audit")("insights.export", tableTitles[table], `${insights.from} to ${insights.to}${insights.filter ? `, filtered by ${insights.filter.table} = ${insights.filter.name}` : ""}`);
    return c.body(tableCsv(table, insights[table]), 200, { "Content-Type": "text/csv; charset=utf-8", "Content-Disposition": `attachment; filename="${name}"` });
  });

  app.get("/insights", requireRole("marketing"), async (c) => {
    const params = new URL(c.req.url).searchParams;
    const read = readInsightsRequest(params, { timeZone, now: now() });
    if (!read.ok) return renderPage(c, { title: "Insights", body: <InsightsProblem error={read.error} params={params} />, status: 400 });
    const insights = await buildInsights(read.request, insightsDeps());
    return renderPage(c, { title: "Insights", body: <InsightsPage insights={insights} choice={read.request.choice} timeZone={timeZone} /> });
  });
}
