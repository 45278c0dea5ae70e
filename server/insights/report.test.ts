// @vitest-environment node
import { describe, expect, it } from "vitest";
import type { Lead } from "../db/store";
import { parseSalesHours, type Calendar } from "../leads/business-hours";
import { takeFigures, type Insights, type Row } from "./query";
import { reportHtml, reportText } from "./report";

/*
 * Issue 31's answering figures in the weekly report (text and HTML parts), and their arithmetic on leads alone:
 * the median of an odd and an even count, business time across a night, nothing taken.
 */

const calendar: Calendar = { hours: parseSalesHours("Mon-Fri 09:00-18:00"), timeZone: "Europe/Berlin", holidays: new Set() };
const lead = (createdAt: string, firstTakenAt?: string) => ({ id: 1, createdAt, firstTakenAt: firstTakenAt ?? null, takenAt: firstTakenAt ?? null, deliveries: [] }) as unknown as Lead;

const insights = (over: Partial<Insights> = {}): Insights => ({
  from: "2026-11-16",
  to: "2026-11-22",
  visitors: 1234,
  pageviews: 2000,
  leads: 12,
  conversionRate: 0.0097,
  won: 2,
  lost: 1,
  inProgress: 9,
  leftOut: { spam: 3, duplicate: 1 },
  interval: "day",
  series: [],
  filter: null,
  filterFullFrom: null,
  leadsTaken: 9,
  medianMinutesToTake: 80,
  leadsNotTaken: 3,
  previous: { from: "2026-11-09", to: "2026-11-15", visitors: 1000, pageviews: 1500, leads: 10, conversionRate: 0.01, won: 0, lost: 0, inProgress: 10, leftOut: { spam: 0, duplicate: 0 }, leadsTaken: 10, medianMinutesToTake: 45, leadsNotTaken: 0 },
  landingPages: [],
  pages: [],
  sources: [],
  campaigns: [],
  countries: [],
  devices: [],
  ...over,
});

describe("take figures", () => {
  it("take the median business time to the first take, odd and even counts, across a night", () => {
    // Tuesday 17:50 Berlin (16:50 UTC) taken Wednesday 09:10: 10 + 10 min of business hours, not 15 h 20 min.
    const night = lead("2026-11-17T16:50:00.000Z", "2026-11-18T08:10:00.000Z");
    const quick = lead("2026-11-18T10:00:00.000Z", "2026-11-18T10:05:00.000Z");
    const slow = lead("2026-11-18T10:00:00.000Z", "2026-11-18T12:00:00.000Z");
    expect(takeFigures([night, quick, slow, lead("2026-11-18T11:00:00.000Z")], calendar)).toEqual({ leadsTaken: 3, medianMinutesToTake: 20, leadsNotTaken: 1 });
    expect(takeFigures([slow, night], calendar)).toEqual({ leadsTaken: 2, medianMinutesToTake: 70, leadsNotTaken: 0 });
    expect(takeFigures([lead("2026-11-18T11:00:00.000Z")], calendar)).toEqual({ leadsTaken: 0, medianMinutesToTake: null, leadsNotTaken: 1 });
    expect(takeFigures([], calendar)).toEqual({ leadsTaken: 0, medianMinutesToTake: null, leadsNotTaken: 0 });
  });
});

describe("the weekly report's take figures", () => {
  it("names each on its own line in the text part, the median in business hours or '-'", () => {
    const text = reportText(insights(), "Arcline");
    expect(text).toContain("Leads: 12 (+20%, from 10)\nConversion rate: 1.0% (from 1.0%)\nLeads taken: 9\nMedian time to take: 1 h 20 min (business hours)\nLeads not taken: 3\n");
    expect(reportText(insights({ leadsTaken: 0, medianMinutesToTake: null, leadsNotTaken: 12 }), "Arcline")).toMatch(/^Leads taken: 0\nMedian time to take: -\nLeads not taken: 12$/m);
  });

  it("shows them in the HTML part's figures, tables only, no script, no remote image", () => {
    const html = reportHtml(insights({ leadsTaken: 1234 }), "Arcline");
    expect(html).toMatch(/Leads taken<br><strong[^>]*>1,234<\/strong><br><span[^>]*>of 12 leads<\/span>/);
    expect(html).toMatch(/Median time to take<br><strong[^>]*>1 h 20 min<\/strong><br><span[^>]*>business hours<\/span>/);
    expect(html).toMatch(/Leads not taken<br><strong[^>]*>3<\/strong>/);
    expect(reportHtml(insights({ leadsTaken: 0, medianMinutesToTake: null }), "Arcline")).toMatch(/Median time to take<br><strong[^>]*>-<\/strong><br><span[^>]*>no lead taken<\/span>/);
    expect(html).not.toMatch(/<script|<img|src=|url\(/i);
  });
});

describe("the weekly report's outcomes (issue 37)", () => {
  it("says what became of the week's leads, and how many messages were left out as Spam or Duplicate, in both parts", () => {
    const text = reportText(insights(), "Arcline");
    expect(text).toContain("Won: 2, lost: 1, in progress: 9\nLeft out: 3 spam, 1 duplicate (closed as not leads: in no figure).");
    const html = reportHtml(insights(), "Arcline");
    expect(html).toMatch(/Won<br><strong[^>]*>2<\/strong>/);
    expect(html).toContain("Left out: 3 spam, 1 duplicate (closed as not leads: in no figure).");
  });
});

describe("the weekly report read on a phone (issue 36 item 4)", () => {
  const row = (over: Partial<Row> & { name: string; visitors: number }): Row => ({ leads: 0, conversionRate: 0, won: 0, lost: 0, inProgress: 0, ...over });
  const rows = (names: string[], leadsAt: number[] = []) => names.map((name, i) => row({ name, visitors: 100 - i, leads: leadsAt.includes(i) ? 1 : 0, won: leadsAt.includes(i) ? 1 : 0 }));
  const week = insights({
    visitors: 11,
    previous: { ...insights().previous, visitors: 3 },
    // The only lead came from the 7th source by visitors.
    sources: rows(["Google", "LinkedIn", "Direct", "bing", "newsletter", "partner.example", "rare.example"], [6]),
    landingPages: [row({ name: "/services/ux-design", title: "UX Design", visitors: 4, pageviews: 5 })],
    countries: [row({ name: "GB", visitors: 2 }), row({ name: "Unknown", visitors: 1 })],
  });

  it("shows every row that brought a lead, beside the top 5 by visitors, in both parts", () => {
    const text = reportText(week, "Arcline");
    expect(text).toContain("  rare.example: 94 visitors, 1 lead (1 won, 0 lost)");
    expect(text).not.toContain("partner.example");
    const html = reportHtml(week, "Arcline");
    expect(html).toContain(">rare.example<");
    expect(html).not.toContain("partner.example");
  });

  it("gives each change the figure it compares with, pages by title and path, countries by name", () => {
    const text = reportText(week, "Arcline");
    expect(text).toContain("Visitors: 11 (+267%, from 3)");
    expect(text).toContain("  UX Design (/services/ux-design): 4 visitors, 0 leads");
    expect(text).toContain("  United Kingdom: 2 visitors, 0 leads");
    expect(text).toContain("  Unknown: 1 visitor, 0 leads");
    const html = reportHtml(week, "Arcline");
    expect(html).toContain("+267%, from 3");
    expect(html).toMatch(/UX Design<br><span[^>]*>\/services\/ux-design<\/span>/);
    expect(html).toContain(">United Kingdom<");
  });

  it("has no fixed widths wider than a phone and no column without a header", () => {
    const html = reportHtml(week, "Arcline");
    expect(html).not.toMatch(/width="\d+"/);
    expect(html).not.toMatch(/<th[^>]*><\/th>/);
    // Only max-width may be wide; a fixed width is a figure block, narrower than a phone.
    for (const [, px] of html.matchAll(/(?<!max-)width:(\d+)px/g)) expect(Number(px)).toBeLessThanOrEqual(160);
  });
});

describe("the weekly report's footnote", () => {
  const row = (over: Partial<Row> & { name: string; visitors: number }): Row => ({ leads: 0, conversionRate: 0, won: 0, lost: 0, inProgress: 0, ...over });
  // One lead, from a Google visit that landed on the home page and read a service page (query.ts gives it to both pages).
  const week = insights({
    leads: 1,
    sources: [row({ name: "Google", visitors: 3, leads: 1 })],
    landingPages: [row({ name: "/", title: "Home", visitors: 3, leads: 1 })],
    pages: [row({ name: "/", title: "Home", visitors: 3, leads: 1 }), row({ name: "/services/ux-design", title: "UX Design", visitors: 2, leads: 1 })],
    countries: [row({ name: "GB", visitors: 3, leads: 1 })],
    devices: [row({ name: "desktop", visitors: 3, leads: 1 })],
  });
  const note =
    "A lead counts for its visit's source, campaign and landing page, for every page that visit read (so the Pages table's leads can add up to more than the week's), and for its country and device.";

  it("says what the tables do: a lead counts for every page its visit read and for its country and device, not only its landing page, source and campaign", () => {
    const text = reportText(week, "Arcline");
    expect(text).toContain("Pages:\n  Home (/): 3 visitors, 1 lead\n  UX Design (/services/ux-design): 2 visitors, 1 lead\n");
    expect(text).toContain("Devices:\n  desktop: 3 visitors, 1 lead\n");
    expect(text).toContain(`Tables show the top 5 by visitors and every row that brought a lead. Visitors are counted without cookies. ${note}\n`);
    expect(text).not.toContain("a lead counts for the landing page, source and campaign of its visit");
    const html = reportHtml(week, "Arcline");
    expect(html).toContain(note.replaceAll("'", "&#39;"));
    expect(html).not.toContain("a lead counts for the landing page, source and campaign of its visit");
  });
});
