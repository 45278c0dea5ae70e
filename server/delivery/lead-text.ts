import type { VisitSource } from "~/lib/contact-schema";

/* How a lead's time and source read in the e-mails, the chat alert and `npm run messages`. */

/** Throws unless `timeZone` is an IANA name this Node knows (Europe/Berlin, America/New_York, UTC). */
export function checkTimeZone(timeZone: string): void {
  new Intl.DateTimeFormat("en-GB", { timeZone });
}

/** "Monday, 23 November 2026 at 16:18 (Europe/Berlin)": the time as people read it, naming its zone. */
/**
 * The reference a visitor is given for their lead, and sales see beside it: the start of its random public id,
 * never the sequential row id (which would tell anyone who writes twice how many leads arrived in between).
 */
export const leadReference = (lead: { publicId?: string | null }) => (lead.publicId ?? "").slice(0, 8).toUpperCase();

export function formatReceived(iso: string, timeZone: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const text = new Intl.DateTimeFormat("en-GB", { dateStyle: "full", timeStyle: "short", timeZone }).format(date);
  return `${text} (${timeZone})`;
}

/** "27 Nov 2026, 09:15": a time in a list, in `timeZone` (the page or listing names the zone once). */
export function shortTime(iso: string, timeZone: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "short", timeZone }).format(date);
}

/** The campaign as one line: "spring (source newsletter, medium email)", or null without utm_campaign or utm_source. */
export function campaignText(source: VisitSource): string | null {
  const utm = source.utm ?? {};
  const details = (["source", "medium", "term", "content"] as const)
    .filter((key) => utm[key] && !(key === "source" && !utm.campaign))
    .map((key) => `${key} ${utm[key]}`);
  if (utm.campaign) return details.length ? `${utm.campaign} (${details.join(", ")})` : utm.campaign;
  return utm.source ? `from ${utm.source}${utm.medium ? ` (medium ${utm.medium})` : ""}` : null;
}

/** The "Source" block: label and value pairs, the same in the HTML and the plain-text e-mail. */
export function sourceFields(source: VisitSource | null | undefined): [string, string][] {
  if (!source) return [["Recorded", "nothing (attribution is off, or the form sent none)"]];
  return [
    ["Landing page", source.landingPage],
    ["Campaign", campaignText(source) ?? "none"],
    ["Referrer", source.referrer ?? "none (direct visit, or the referrer was not shared)"],
    [`Pages viewed (${source.pages.length})`, source.pages.join(" → ")],
  ];
}

/** One short line for the chat alert: the campaign, else the referrer, else "direct". */
export function sourceSummary(source: VisitSource | null | undefined): string {
  if (!source) return "not recorded";
  const campaign = campaignText(source);
  if (campaign) return `campaign ${campaign}`;
  return source.referrer ? `referred by ${source.referrer}` : `direct, landed on ${source.landingPage}`;
}
