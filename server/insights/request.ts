import type { Calendar } from "../leads/business-hours";
import type { Filter } from "./daily";
import { addDays, isDay, localDate, period, type Period } from "./period";
import { insightsFor, type Insights, type SitePages } from "./query";
import { CAMPAIGN_SEPARATOR, type Dimension, type InsightsStorage } from "./storage";

/*
 * What a dashboard request (/insights, GET /api/insights, a table's CSV) and `npm run insights` ask for: a period
 * and at most one filter, read and checked in one place, and the one function that builds the figures for both.
 */

/** The periods of the dashboard's picker; "custom" is from and to. */
export const choices = ["today", "7d", "30d", "month", "last-month", "12m", "custom"] as const;
export type Choice = (typeof choices)[number];
export const choiceLabels: Record<Choice, string> = { today: "Today", "7d": "7 days", "30d": "30 days", month: "This month", "last-month": "Last month", "12m": "12 months", custom: "Custom" };

/** A filter's query parameter per table: `?source=Google`, `?page=/contact`. */
export const filterParams: Record<Dimension, string> = { sources: "source", campaigns: "campaign", landingPages: "landing", pages: "page", countries: "country", devices: "device" };

/** The longest period asked for at once: two years (the aggregates are kept INSIGHTS_RETENTION_DAYS, 760 at most). */
export const MAX_DAYS = 762;

/** A filter value's limit (each of a campaign's five): a stored name is at most 200 characters (ingest.ts). */
export const FILTER_MAX = 500;
/** The longest query string read (encoded): a longer one is refused in words, before anything of it is used. */
export const QUERY_MAX = 12_000;

export type InsightsRequest = { period: Period; choice: Choice; filter?: Filter };

/** The period a choice of the picker means today (in the company's zone). */
export function choicePeriod(choice: Exclude<Choice, "custom">, now: Date, timeZone: string): Period {
  const today = localDate(now, timeZone);
  const monthStart = `${today.slice(0, 7)}-01`;
  switch (choice) {
    case "today":
      return period(today, today, timeZone);
    case "7d":
      return period(addDays(today, -6), today, timeZone);
    case "30d":
      return period(addDays(today, -29), today, timeZone);
    case "month":
      return period(monthStart, today, timeZone);
    case "last-month": {
      const end = addDays(monthStart, -1);
      return period(`${end.slice(0, 7)}-01`, end, timeZone);
    }
    case "12m":
      return period(addDays(today, -364), today, timeZone);
  }
}

/**
 * Reads `period` (a choice), or `from` and `to` (YYYY-MM-DD, either alone: seven days from or to it), and at most one
 * filter parameter. Without any: the last 7 days. Resolves to the request, or to what is wrong with it, in words.
 */
export function readInsightsRequest(params: URLSearchParams, { timeZone, now }: { timeZone: string; now: Date }): { ok: true; request: InsightsRequest } | { ok: false; error: string } {
  if (params.toString().length > QUERY_MAX) return { ok: false, error: `The address is too long (over ${QUERY_MAX} characters): use a shorter filter.` };
  const filters = (Object.entries(filterParams) as [Dimension, string][]).filter(([, name]) => params.has(name));
  if (filters.length > 1) return { ok: false, error: `Filter by one row at a time: ${filters.map(([, name]) => name).join(" and ")} were both given.` };
  let filter: Filter | undefined;
  if (filters.length === 1) {
    const [table, name] = filters[0]!;
    const value = params.get(name) ?? "";
    // A campaign is named by its five utm_* values joined by CAMPAIGN_SEPARATOR; each part is checked alone.
    const parts = table === "campaigns" ? value.split(CAMPAIGN_SEPARATOR) : [value];
    if (value === "" || parts.length > 5 || parts.some((part) => part.length > FILTER_MAX)) return { ok: false, error: `The ${name} filter needs a value (at most ${FILTER_MAX} characters).` };
    // No stored name holds one (ingest cleans them out), and PostgreSQL refuses a NUL outright.
    // eslint-disable-next-line no-control-regex
    if (parts.some((part) => /[\u0000-\u001f\u007f-\u009f]/.test(part))) return { ok: false, error: `The ${name} filter cannot hold control characters.` };
    filter = { table, name: value };
  }
  const asked = params.get("period");
  const from = params.get("from") || undefined;
  const to = params.get("to") || undefined;
  if (asked && asked !== "custom") {
    if (!(choices as readonly string[]).includes(asked)) return { ok: false, error: `Unknown period "${asked}": use one of ${choices.join(", ")}.` };
    return { ok: true, request: { period: choicePeriod(asked as Exclude<Choice, "custom">, now, timeZone), choice: asked as Choice, filter } };
  }
  for (const [name, value] of [["from", from], ["to", to]] as const) {
    if (value !== undefined && !isDay(value)) return { ok: false, error: `${name} "${value}" is not a date: use YYYY-MM-DD, a year from 2000 to 2100.` };
  }
  if (from === undefined && to === undefined) return { ok: true, request: { period: choicePeriod("7d", now, timeZone), choice: asked === "custom" ? "custom" : "7d", filter } };
  const end = to ?? addDays(from!, 6);
  const start = from ?? addDays(end, -6);
  if (start > end) return { ok: false, error: `from ${start} is after to ${end}.` };
  const days = Math.round((Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / 86_400_000) + 1;
  if (days > MAX_DAYS) return { ok: false, error: `from ${start} to ${end} is ${days} days: ask for at most ${MAX_DAYS} at once.` };
  // Days still to come are allowed (this whole month, to compare calendar months) and count nothing; MAX_DAYS keeps
  // any period, past or future, a bounded query.
  const chosen = period(start, end, timeZone);
  // A custom period that is one of the picker's today is shown as that choice.
  const same = choices.find((choice) => choice !== "custom" && (({ from: f, to: t }) => f === start && t === end)(choicePeriod(choice, now, timeZone)));
  return { ok: true, request: { period: chosen, choice: same ?? "custom", filter } };
}

/**
 * `npm run insights`'s --from, --to and --filter TABLE=NAME read as the API reads its query (readInsightsRequest),
 * so the CLI refuses, in the same words, what the dashboard refuses. Without --from and --to: the last 7 days.
 */
export function readCliRequest(
  { from, to, filter }: { from?: string; to?: string; filter?: string },
  context: { timeZone: string; now: Date },
): { ok: true; request: InsightsRequest } | { ok: false; error: string } {
  const params = new URLSearchParams();
  if (from !== undefined) params.set("from", from);
  if (to !== undefined) params.set("to", to);
  if (filter !== undefined) {
    const at = filter.indexOf("=");
    const table = filter.slice(0, at) as Dimension;
    if (at < 1 || !(table in filterParams)) return { ok: false, error: `--filter "${filter}" is not TABLE=NAME, TABLE one of ${Object.keys(filterParams).join(", ")}.` };
    params.set(filterParams[table], filter.slice(at + 1));
  }
  return readInsightsRequest(params, context);
}

export type InsightsDeps = { storage: InsightsStorage; timeZone: string; calendar: Calendar; site?: SitePages; now?: Date };

/** The most rows any table shows (page, API, CSV, CLI), by visitors: made-up names cannot make a reply huge. */
export const MAX_ROWS = 100;

const tableNames = Object.keys(filterParams) as Dimension[];

/** The figures with each table cut to MAX_ROWS; `moreRows`: how many rows each table had past them. */
export type ShownInsights = Insights & { moreRows: Record<Dimension, number> };

/**
 * The figures of a request: what the dashboard shows, GET /api/insights answers and `npm run insights` prints.
 * Cut here, in the one place every view reads, so the CLI and the API stay byte for byte the same.
 */
export async function buildInsights(request: Pick<InsightsRequest, "period" | "filter">, deps: InsightsDeps): Promise<ShownInsights> {
  const insights = await insightsFor(request.period, { ...deps, filter: request.filter });
  const moreRows = Object.fromEntries(tableNames.map((table) => [table, Math.max(0, insights[table].length - MAX_ROWS)])) as Record<Dimension, number>;
  for (const table of tableNames) insights[table] = insights[table].slice(0, MAX_ROWS);
  return { ...insights, moreRows };
}

/** The JSON of `npm run insights -- --format json` and GET /api/insights, byte for byte. */
export const insightsJson = (insights: Insights) => `${JSON.stringify(insights, null, 2)}\n`;
