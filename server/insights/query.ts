import { businessMsBetween, type Calendar } from "../leads/business-hours";
import { DIMENSION_NAMES, type Daily, type Day, type Filter, type LeadFacts } from "./daily";
import { notFound } from "./ingest";
import { addDays, localDate, mondayOf, previousPeriod, startOfDay, type Period } from "./period";
import { DIRECT, sourceName } from "./source-name";
import { CAMPAIGN_SEPARATOR, type CountRow, type Dimension, type InsightsStorage } from "./storage";

/*
 * The one query behind the dashboard (/insights, /api/insights), `npm run insights` and the weekly report: counts
 * of the period and of the one before, and the leads of the period joined by the attribution they already carry
 * (landing page, referrer's origin, the five utm_* values, the pages read, country and device), a lead's source
 * named as a visit's is (source-name.ts), with what became of each lead.
 */

export type Utm = { source: string; medium: string; campaign: string; term: string; content: string };
/**
 * What became of leads: Won and Lost are ends of a real lead; open and Answered are in progress. Spam and
 * Duplicate are not leads: they are in no figure, only counted as left out.
 */
export type Outcomes = { won: number; lost: number; inProgress: number };
/**
 * `title`: a page's title (pages and landing pages, when the site's titles are known); `utm`: a campaign's values
 * ("" for none). `leads`: the real leads this row brought, `conversionRate` leads over visitors (0 without visitors).
 */
export type Row = { name: string; visitors: number; pageviews?: number; leads: number; conversionRate: number; title?: string; utm?: Utm } & Outcomes;
/** What a table's row is named by in a filter: its name, or for a campaign its five values (Row.utm) joined by CAMPAIGN_SEPARATOR. */
export type { Filter };
/** What the query knows of the site: which paths are its pages, and their titles. */
export type SitePages = { isPage(path: string): boolean; title(path: string): string | undefined };
/**
 * Issue 31, for the period's leads: how many have been taken (by now, whenever it was) and how many not yet, and
 * the median business time (SALES_HOURS) from a lead's arrival to its first take, in whole minutes (null: none taken).
 */
export type TakeFigures = { leadsTaken: number; medianMinutesToTake: number | null; leadsNotTaken: number };
/** `leftOut`: the period's messages closed as Spam or Duplicate, in none of the figures. */
export type Headline = { visitors: number; pageviews: number; leads: number; conversionRate: number } & Outcomes & TakeFigures & { leftOut: { spam: number; duplicate: number } };
/** One point of the chart: a day, or a week (its first day in the period) over long periods. */
export type Point = { date: string; visitors: number; leads: number };
export type Insights = Headline & {
  from: string;
  to: string;
  previous: Headline & { from: string; to: string };
  /** The chart's points: per day, per week (Monday to Sunday) for periods over MAX_DAILY_POINTS days. */
  interval: "day" | "week";
  series: Point[];
  /** The filter applied to every figure, or null. */
  filter: Filter | null;
  /**
   * With a filter, the first day (YYYY-MM-DD) from which it applies to every table; before it (older than the 90
   * days of raw visits kept) only the filtered table's own daily figures exist: the visitors, page views and chart
   * are that row's, and the other tables count nothing of those days. null: it applies to the whole period.
   */
  filterFullFrom: string | null;
  landingPages: Row[];
  pages: Row[];
  sources: Row[];
  campaigns: Row[];
  countries: Row[];
  devices: Row[];
};

/** Raw visit rows are kept this many days (today included): any filter works within them. */
export const RAW_DAYS = 90;
/** A chart of up to this many days has a point per day; longer, a point per week. */
export const MAX_DAILY_POINTS = 92;

export { DIRECT };

const utmOrder = ["source", "medium", "campaign", "term", "content"] as const;

/** What names a lead in each table it counts in (none: it does not count there). */
function leadKeys(site: SitePages | undefined): Record<Dimension, (lead: LeadFacts) => string[]> {
  // A path the form reported is counted as a visit's would be: one of the site's pages, or not found.
  const page = (path: string) => (!site || site.isPage(path) ? path : notFound(path));
  return {
    landingPages: (lead) => (lead.source?.landingPage === undefined ? [] : [page(lead.source.landingPage)]),
    // Every page the visit read (once each): "the leads of visits that read this page".
    pages: (lead) => [...new Set((lead.source?.pages ?? []).map(page))],
    // A lead without a recorded source (its visitor asked not to be tracked, or it came before attribution) is Direct,
    // as the marketing guide says, so the sources table's leads add up to the period's.
    sources: (lead) => [lead.source ? sourceName({ utmSource: lead.source.utm?.source, referrer: lead.source.referrer }) : DIRECT],
    campaigns: (lead) => {
      const utm = lead.source?.utm;
      if (!utm || (!utm.source && !utm.medium && !utm.campaign)) return [];
      return [utmOrder.map((key) => (key === "source" ? (utm[key] ?? "").toLowerCase() : (utm[key] ?? "")).replaceAll(CAMPAIGN_SEPARATOR, "")).join(CAMPAIGN_SEPARATOR)];
    },
    // A lead keeps its country and device class (migrations SQLite 16 / PostgreSQL 14), named as a visit's are.
    countries: (lead) => [lead.country ?? "Unknown"],
    devices: (lead) => (lead.device ? [lead.device] : []),
  };
}

/** A campaign key's five values. */
function utmOf(key: string): Utm {
  const [source = "", medium = "", campaign = "", term = "", content = ""] = key.split(CAMPAIGN_SEPARATOR);
  return { source, medium, campaign, term, content };
}

/**
 * What a table shows for a row's key: a campaign as "source / medium / campaign" ("-" for a missing value), with
 * its term and content when it has them, so creatives that differ only there are told apart.
 */
function shownName(dimension: Dimension, key: string): string {
  if (dimension !== "campaigns") return key;
  const utm = utmOf(key);
  const extra = [utm.term && `term: ${utm.term}`, utm.content && `content: ${utm.content}`].filter(Boolean).join(", ");
  return `${[utm.source, utm.medium, utm.campaign].map((value) => value || "-").join(" / ")}${extra ? ` (${extra})` : ""}`;
}

/**
 * The sources table's rows by name: counts stored before ingest named their source hold their utm_source (after
 * CAMPAIGN_SEPARATOR) or their referrer's origin, which sourceName names; rows that come to one name are added up
 * (a visitor counted under two of them is counted twice, for those old counts only).
 */
function namedSources(counts: CountRow[]): CountRow[] {
  const byName = new Map<string, CountRow>();
  for (const row of counts) {
    const name = row.name.startsWith(CAMPAIGN_SEPARATOR) ? sourceName({ utmSource: row.name.slice(1) }) : /^https?:\/\//.test(row.name) ? sourceName({ referrer: row.name }) : row.name;
    const seen = byName.get(name);
    byName.set(name, seen ? { name, visitors: seen.visitors + row.visitors, pageviews: seen.pageviews + row.pageviews } : { ...row, name });
  }
  return [...byName.values()];
}
/** Which tables show page views (visitors alone say it for the others). */
const withPageviews = new Set<Dimension>(["pages", "landingPages"]);

const rate = (leads: number, visitors: number) => (visitors === 0 ? 0 : Math.round((leads / visitors) * 10_000) / 10_000);

const isReal = (lead: LeadFacts) => lead.outcome !== "spam" && lead.outcome !== "duplicate";

function outcomesOf(leads: LeadFacts[]): Outcomes {
  const won = leads.filter((lead) => lead.outcome === "won").length;
  const lost = leads.filter((lead) => lead.outcome === "lost").length;
  return { won, lost, inProgress: leads.length - won - lost };
}

export function takeFigures(leads: { createdAt: string; firstTakenAt?: string | null }[], calendar: Calendar): TakeFigures {
  // The same business time as `npm run messages` and the lead_take_business_seconds histogram.
  const times = leads
    .filter((lead) => lead.firstTakenAt)
    .map((lead) => businessMsBetween(new Date(lead.createdAt), new Date(lead.firstTakenAt!), calendar))
    .sort((a, b) => a - b);
  const middle = Math.floor(times.length / 2);
  const median = times.length === 0 ? null : times.length % 2 === 1 ? times[middle]! : (times[middle - 1]! + times[middle]!) / 2;
  return { leadsTaken: times.length, medianMinutesToTake: median === null ? null : Math.round(median / 60_000), leadsNotTaken: leads.length - times.length };
}

function table(dimension: Dimension, stored: CountRow[], leads: LeadFacts[], site: SitePages | undefined): Row[] {
  const keysOf = leadKeys(site)[dimension];
  const counts = dimension === "sources" ? namedSources(stored) : stored;
  const leadsBy = new Map<string, LeadFacts[]>();
  for (const lead of leads) {
    for (const key of keysOf(lead)) {
      const list = leadsBy.get(key);
      if (list) list.push(lead);
      else leadsBy.set(key, [lead]);
    }
  }
  const rows = counts.map(({ name, visitors, pageviews }) => ({ name, visitors, ...(withPageviews.has(dimension) ? { pageviews } : {}) }));
  // A lead whose landing page, source or campaign had no counted visit (counting was off, or the visitor opted out) still shows.
  const named = new Set(rows.map((row) => row.name));
  for (const name of leadsBy.keys()) {
    if (!named.has(name)) rows.push({ name, visitors: 0, ...(withPageviews.has(dimension) ? { pageviews: 0 } : {}) });
  }
  const titled = dimension === "pages" || dimension === "landingPages";
  return rows
    .map((row): Row => {
      const title = titled ? site?.title(row.name) : undefined;
      const rowLeads = leadsBy.get(row.name) ?? [];
      return {
        ...row,
        name: shownName(dimension, row.name),
        leads: rowLeads.length,
        conversionRate: rate(rowLeads.length, row.visitors),
        ...outcomesOf(rowLeads),
        ...(title ? { title } : {}),
        ...(dimension === "campaigns" ? { utm: utmOf(row.name) } : {}),
      };
    })
    .sort((a, b) => b.visitors - a.visitors || b.leads - a.leads || a.name.localeCompare(b.name));
}

/** Each company day of a period, with the instants it runs between. */
export function daysOf(p: Period, timeZone: string): Day[] {
  const days: Day[] = [];
  for (let day = p.from; day <= p.to; day = addDays(day, 1)) days.push({ day, start: startOfDay(day, timeZone), end: startOfDay(addDays(day, 1), timeZone) });
  return days;
}

function merge(a: Daily, b: Daily): Daily {
  const tables = {} as Daily["tables"];
  for (const dimension of DIMENSION_NAMES) {
    const byName = new Map<string, CountRow>();
    for (const row of [...a.tables[dimension], ...b.tables[dimension]]) {
      const seen = byName.get(row.name);
      byName.set(row.name, seen ? { name: row.name, visitors: seen.visitors + row.visitors, pageviews: seen.pageviews + row.pageviews } : { ...row });
    }
    tables[dimension] = [...byName.values()];
  }
  return { days: [...a.days, ...b.days], tables };
}

/**
 * A period's counts: each day rolled up comes from its aggregates, the others (today, a day not rolled up yet)
 * from the raw rows. With a filter, the days of the last RAW_DAYS (a filter on one table applies to every other)
 * come from their pairs (visit_pairs: the same figures, a few rows a day instead of every page view) or, rolled up
 * before pairs were written or not rolled up yet, from the raw rows; older ones from the filtered table's own
 * aggregates.
 */
async function countsOf(p: Period, storage: InsightsStorage, timeZone: string, filter: Filter | undefined, now: Date, firstRaw: Promise<Date | null>): Promise<{ counts: Daily; fullFrom: string | null }> {
  const rawFrom = addDays(localDate(now, timeZone), -(RAW_DAYS - 1));
  const [rolled, first] = await Promise.all([storage.daily.rollups(p.from, p.to), firstRaw]);
  // Days before the oldest raw row have none: not asked for (a year before counting began costs nothing).
  const firstDay = first ? localDate(first, timeZone) : undefined;
  const days = daysOf(p, timeZone);
  const pairedDay = (day: string) => filter !== undefined && day >= rawFrom && rolled.get(day)?.pairs === true;
  const aggregatedDay = (day: string) => rolled.has(day) && (!filter || day < rawFrom);
  const limited = filter ? days.filter((d) => aggregatedDay(d.day)) : [];
  // Months wholly in the period whose every day is in the month's sums: read as one row per table row.
  const months = [...new Set(days.map((d) => d.day.slice(0, 7)))].filter((month) => {
    const monthDays = days.filter((d) => d.day.startsWith(month));
    return monthDays[0]!.day.endsWith("-01") && addDays(monthDays[monthDays.length - 1]!.day, 1).endsWith("-01") && monthDays.every((d) => rolled.get(d.day)?.months === true);
  });
  const [aggregated, fromPairs, raw] = await Promise.all([
    // Only rolled-up days have aggregates: the range holds exactly those of them that are read from there.
    filter
      ? limited.length > 0
        ? storage.daily.aggregated(limited[0]!.day, limited[limited.length - 1]!.day, filter)
        : Promise.resolve(undefined)
      : rolled.size > 0
        ? storage.daily.aggregated(p.from, p.to, undefined, months)
        : Promise.resolve(undefined),
    filter ? storage.daily.filtered(days.filter((d) => pairedDay(d.day)).map((d) => d.day), filter) : Promise.resolve(undefined),
    storage.daily.raw(
      days.filter((d) => !aggregatedDay(d.day) && !pairedDay(d.day) && firstDay !== undefined && d.day >= firstDay),
      filter,
    ),
  ]);
  let counts = raw;
  if (fromPairs) counts = merge(fromPairs, counts);
  if (aggregated) counts = merge(aggregated, counts);
  return { counts, fullFrom: limited.length > 0 ? addDays(limited[limited.length - 1]!.day, 1) : null };
}

function leadMatches(keys: ReturnType<typeof leadKeys>, lead: LeadFacts, filter: Filter | undefined): boolean {
  return !filter || keys[filter.table](lead).includes(filter.name);
}

function headline(counts: Daily, all: LeadFacts[], calendar: Calendar): Headline {
  const leads = all.filter(isReal);
  const visitors = counts.days.reduce((sum, d) => sum + d.visitors, 0);
  return {
    visitors,
    pageviews: counts.days.reduce((sum, d) => sum + d.pageviews, 0),
    leads: leads.length,
    conversionRate: rate(leads.length, visitors),
    ...outcomesOf(leads),
    ...takeFigures(leads, calendar),
    leftOut: { spam: all.filter((lead) => lead.outcome === "spam").length, duplicate: all.filter((lead) => lead.outcome === "duplicate").length },
  };
}

function series(p: Period, counts: Daily, leads: LeadFacts[], timeZone: string): { interval: Insights["interval"]; series: Point[] } {
  const days = Math.round((Date.parse(`${p.to}T00:00:00Z`) - Date.parse(`${p.from}T00:00:00Z`)) / 86_400_000) + 1;
  const interval = days > MAX_DAILY_POINTS ? "week" : "day";
  const bucket = (day: string) => (interval === "day" ? day : mondayOf(day) < p.from ? p.from : mondayOf(day));
  const points = new Map<string, Point>();
  for (let day = p.from; day <= p.to; day = addDays(day, 1)) if (!points.has(bucket(day))) points.set(bucket(day), { date: bucket(day), visitors: 0, leads: 0 });
  for (const d of counts.days) {
    const point = points.get(bucket(d.day));
    if (point) point.visitors += d.visitors;
  }
  // A lead's day found among the period's day starts (formatting each lead's instant in the zone cost more than
  // the rest of a year's chart).
  const periodDays = daysOf(p, timeZone);
  const starts = periodDays.map((d) => d.start.getTime());
  for (const lead of leads) {
    const at = Date.parse(lead.createdAt);
    if (at < starts[0]! || at >= p.end.getTime()) continue;
    let low = 0;
    let high = starts.length - 1;
    while (low < high) {
      const middle = Math.ceil((low + high) / 2);
      if (starts[middle]! <= at) low = middle;
      else high = middle - 1;
    }
    const point = points.get(bucket(periodDays[low]!.day));
    if (point) point.leads += 1;
  }
  return { interval, series: [...points.values()] };
}

/**
 * The one query of the dashboard, `GET /api/insights`, `npm run insights` and the weekly e-mail: the period's
 * figures beside the period before's (as long), the chart's points, and the tables, with a filter on one row of
 * one table applied to all of it. `now`: what "the last 90 days" of raw rows are counted from.
 */
export async function insightsFor(
  current: Period,
  { storage, timeZone, calendar, site, filter, now = new Date() }: { storage: InsightsStorage; timeZone: string; calendar: Calendar; site?: SitePages; filter?: Filter; now?: Date },
): Promise<Insights> {
  const previous = previousPeriod(current, timeZone);
  const firstRaw = storage.firstVisitAt();
  const [{ counts, fullFrom }, { counts: before }, allLeads] = await Promise.all([
    countsOf(current, storage, timeZone, filter, now, firstRaw),
    countsOf(previous, storage, timeZone, filter, now, firstRaw),
    storage.daily.leads(previous.start, current.end),
  ]);
  const keys = leadKeys(site);
  const matching = allLeads.filter((lead) => leadMatches(keys, lead, filter));
  const inCurrent = matching.filter((lead) => inPeriod(lead, current));
  const inPrevious = matching.filter((lead) => inPeriod(lead, previous));
  const leads = inCurrent.filter(isReal);
  return {
    from: current.from,
    to: current.to,
    ...headline(counts, inCurrent, calendar),
    previous: { from: previous.from, to: previous.to, ...headline(before, inPrevious, calendar) },
    ...series(current, counts, leads, timeZone),
    filter: filter ?? null,
    filterFullFrom: fullFrom,
    ...(Object.fromEntries(DIMENSION_NAMES.map((dimension) => [dimension, table(dimension, counts.tables[dimension], leads, site)])) as Record<Dimension, Row[]>),
  };
}

function inPeriod(lead: LeadFacts, period: Period) {
  const at = Date.parse(lead.createdAt);
  return at >= period.start.getTime() && at < period.end.getTime();
}
