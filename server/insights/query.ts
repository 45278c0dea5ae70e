import type { Lead, Store } from "../db/store";
import { businessMsBetween, type Calendar } from "../leads/business-hours";
import { notFound } from "./ingest";
import { previousPeriod, type Period } from "./period";
import { DIRECT, sourceName } from "./source-name";
import { CAMPAIGN_SEPARATOR, type CountRow, type Dimension, type InsightsStorage } from "./storage";

/*
 * The one query behind `npm run insights` and the weekly report: counts of the period and of the one before,
 * and the leads of the period joined by the attribution they already carry (landing page, referrer's origin, the
 * five utm_* values), a lead's source named as a visit's is (source-name.ts). Country and device are not known for
 * leads, so those tables have no lead column.
 */

export type Utm = { source: string; medium: string; campaign: string; term: string; content: string };
/** `title`: a page's title (pages and landing pages, when the site's titles are known); `utm`: a campaign's values ("" for none). */
export type Row = { name: string; visitors: number; pageviews?: number; leads?: number; title?: string; utm?: Utm };
/** What the query knows of the site: which paths are its pages, and their titles. */
export type SitePages = { isPage(path: string): boolean; title(path: string): string | undefined };
/**
 * Issue 31, for the period's leads: how many have been taken (by now, whenever it was) and how many not yet, and
 * the median business time (SALES_HOURS) from a lead's arrival to its first take, in whole minutes (null: none taken).
 */
export type TakeFigures = { leadsTaken: number; medianMinutesToTake: number | null; leadsNotTaken: number };
export type Headline = { visitors: number; pageviews: number; leads: number; conversionRate: number } & TakeFigures;
export type Insights = Headline & {
  from: string;
  to: string;
  previous: Headline & { from: string; to: string };
  landingPages: Row[];
  pages: Row[];
  sources: Row[];
  campaigns: Row[];
  countries: Row[];
  devices: Row[];
};

export { DIRECT };

const utmOrder = ["source", "medium", "campaign", "term", "content"] as const;

/** What names a lead in each table it counts in (undefined: it does not count there). */
function leadKeys(site: SitePages | undefined): Partial<Record<Dimension, (lead: Lead) => string | undefined>> {
  return {
    // The landing page the form reported is counted as a visit's would be: one of the site's pages, or not found.
    landingPages: (lead) => {
      const path = lead.source?.landingPage;
      return path === undefined || !site || site.isPage(path) ? path : notFound(path);
    },
    sources: (lead) => (lead.source ? sourceName({ utmSource: lead.source.utm?.source, referrer: lead.source.referrer }) : undefined),
    campaigns: (lead) => {
      const utm = lead.source?.utm;
      if (!utm || (!utm.source && !utm.medium && !utm.campaign)) return undefined;
      return utmOrder.map((key) => (key === "source" ? (utm[key] ?? "").toLowerCase() : (utm[key] ?? "")).replaceAll(CAMPAIGN_SEPARATOR, "")).join(CAMPAIGN_SEPARATOR);
    },
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

function inPeriod(lead: Lead, period: Period) {
  const at = Date.parse(lead.createdAt);
  return at >= period.start.getTime() && at < period.end.getTime();
}

export function takeFigures(leads: Lead[], calendar: Calendar): TakeFigures {
  // The same business time as `npm run messages` and the lead_take_business_seconds histogram.
  const times = leads
    .filter((lead) => lead.firstTakenAt)
    .map((lead) => businessMsBetween(new Date(lead.createdAt), new Date(lead.firstTakenAt!), calendar))
    .sort((a, b) => a - b);
  const middle = Math.floor(times.length / 2);
  const median = times.length === 0 ? null : times.length % 2 === 1 ? times[middle]! : (times[middle - 1]! + times[middle]!) / 2;
  return { leadsTaken: times.length, medianMinutesToTake: median === null ? null : Math.round(median / 60_000), leadsNotTaken: leads.length - times.length };
}

function table(dimension: Dimension, stored: CountRow[], leads: Lead[], site: SitePages | undefined): Row[] {
  const keyOf = leadKeys(site)[dimension];
  const counts = dimension === "sources" ? namedSources(stored) : stored;
  const leadsBy = new Map<string, number>();
  for (const lead of leads) {
    const key = keyOf?.(lead);
    if (key !== undefined) leadsBy.set(key, (leadsBy.get(key) ?? 0) + 1);
  }
  const rows: Row[] = counts.map(({ name, visitors, pageviews }) => ({
    name,
    visitors,
    ...(withPageviews.has(dimension) ? { pageviews } : {}),
    ...(keyOf ? { leads: leadsBy.get(name) ?? 0 } : {}),
  }));
  // A lead whose landing page, source or campaign had no counted visit (counting was off, or the visitor opted out) still shows.
  for (const [name, count] of leadsBy) {
    if (!rows.some((row) => row.name === name)) rows.push({ name, visitors: 0, ...(withPageviews.has(dimension) ? { pageviews: 0 } : {}), leads: count });
  }
  const titled = dimension === "pages" || dimension === "landingPages";
  return rows
    .map((row) => {
      const title = titled ? site?.title(row.name) : undefined;
      return { ...row, name: shownName(dimension, row.name), ...(title ? { title } : {}), ...(dimension === "campaigns" ? { utm: utmOf(row.name) } : {}) };
    })
    .sort((a, b) => b.visitors - a.visitors || (b.leads ?? 0) - (a.leads ?? 0) || a.name.localeCompare(b.name));
}

export async function insightsFor(
  current: Period,
  { storage, store, timeZone, calendar, site }: { storage: InsightsStorage; store: Pick<Store, "listLeads">; timeZone: string; calendar: Calendar; site?: SitePages },
): Promise<Insights> {
  const previous = previousPeriod(current, timeZone);
  const [counts, before, allLeads] = await Promise.all([storage.counts(current.start, current.end), storage.counts(previous.start, previous.end), store.listLeads()]);
  const leads = allLeads.filter((lead) => inPeriod(lead, current));
  const leadsBefore = allLeads.filter((lead) => inPeriod(lead, previous));
  const dimensions: Dimension[] = ["landingPages", "pages", "sources", "campaigns", "countries", "devices"];
  return {
    from: current.from,
    to: current.to,
    visitors: counts.visitors,
    pageviews: counts.pageviews,
    leads: leads.length,
    conversionRate: rate(leads.length, counts.visitors),
    ...takeFigures(leads, calendar),
    previous: {
      from: previous.from,
      to: previous.to,
      visitors: before.visitors,
      pageviews: before.pageviews,
      leads: leadsBefore.length,
      conversionRate: rate(leadsBefore.length, before.visitors),
      ...takeFigures(leadsBefore, calendar),
    },
    ...(Object.fromEntries(dimensions.map((dimension) => [dimension, table(dimension, counts.tables[dimension], leads, site)])) as Record<Dimension, Row[]>),
  };
}
