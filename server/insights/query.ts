import type { Lead, Store } from "../db/store";
import { businessMsBetween, type Calendar } from "../leads/business-hours";
import { previousPeriod, type Period } from "./period";
import { CAMPAIGN_SEPARATOR, type CountRow, type Dimension, type InsightsStorage } from "./storage";

/*
 * The one query behind `npm run insights` and the weekly report: counts of the period and of the one before,
 * and the leads of the period joined by the attribution they already carry (landing page, referrer's origin,
 * utm_source / utm_medium / utm_campaign). Country and device are not known for leads, so those tables have no
 * lead column.
 */

export type Row = { name: string; visitors: number; pageviews?: number; leads?: number };
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

export const DIRECT = "Direct";

/** What names a lead in each table it counts in (undefined: it does not count there). */
const leadKey: Partial<Record<Dimension, (lead: Lead) => string | undefined>> = {
  landingPages: (lead) => lead.source?.landingPage,
  sources: (lead) => (lead.source ? (lead.source.referrer ?? DIRECT) : undefined),
  campaigns: (lead) => {
    const utm = lead.source?.utm;
    if (!utm || (!utm.source && !utm.medium && !utm.campaign)) return undefined;
    return [utm.source, utm.medium, utm.campaign].map((value) => (value ?? "").replaceAll(CAMPAIGN_SEPARATOR, "")).join(CAMPAIGN_SEPARATOR);
  },
};
/** What a table shows for a row's key: a campaign as "source / medium / campaign", "-" for a missing value. */
const shownName = (dimension: Dimension, key: string) => (dimension === "campaigns" ? key.split(CAMPAIGN_SEPARATOR).map((value) => value || "-").join(" / ") : key);
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

function table(dimension: Dimension, counts: CountRow[], leads: Lead[]): Row[] {
  const keyOf = leadKey[dimension];
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
  return rows.map((row) => ({ ...row, name: shownName(dimension, row.name) })).sort((a, b) => b.visitors - a.visitors || (b.leads ?? 0) - (a.leads ?? 0) || a.name.localeCompare(b.name));
}

export async function insightsFor(
  current: Period,
  { storage, store, timeZone, calendar }: { storage: InsightsStorage; store: Pick<Store, "listLeads">; timeZone: string; calendar: Calendar },
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
    ...(Object.fromEntries(dimensions.map((dimension) => [dimension, table(dimension, counts.tables[dimension], leads)])) as Record<Dimension, Row[]>),
  };
}
