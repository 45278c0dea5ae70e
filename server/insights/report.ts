import { escapeHtml, oneLine } from "../delivery/email";
import { formatMinutes } from "../leads/follow-up";
import type { Insights, Row } from "./query";

/*
 * The weekly report as an e-mail: a plain-text part that names each headline figure on its own line, and an
 * HTML part built of tables only (bars are table cells with a background), inline styles, no script and no
 * remote image, so Gmail, Outlook and Apple Mail show it the same.
 */

const number = (value: number) => new Intl.NumberFormat("en-US").format(value);
const percent = (value: number) => `${(value * 100).toFixed(1)}%`;

/** "+12%", "-3%", "new" or "no change" against the week before. */
export function change(now: number, before: number): string {
  if (before === 0) return now === 0 ? "no change" : "new";
  const delta = Math.round(((now - before) / before) * 100);
  return delta === 0 ? "no change" : `${delta > 0 ? "+" : ""}${delta}%`;
}

/** A change with the figure it compares with: "+267%, from 3" (a percentage alone says nothing of 3 or 3,000). */
const changeFrom = (now: number, before: number) => `${change(now, before)}, from ${number(before)}`;

const TOP = 5;
type TableKey = keyof Pick<Insights, "landingPages" | "sources" | "campaigns" | "pages" | "countries" | "devices">;
const tables: { key: TableKey; title: string }[] = [
  { key: "sources", title: "Sources" },
  { key: "campaigns", title: "Campaigns" },
  { key: "landingPages", title: "Landing pages" },
  { key: "pages", title: "Pages" },
  { key: "countries", title: "Countries" },
  { key: "devices", title: "Devices" },
];

const regions = new Intl.DisplayNames(["en"], { type: "region", fallback: "code" });
/** A country by name ("GB" is "United Kingdom"); "Unknown" and anything that is not a code stay as they are. */
export function countryName(code: string): string {
  if (!/^[A-Z]{2}$/.test(code)) return code;
  try {
    return regions.of(code) ?? code;
  } catch {
    return code;
  }
}

/**
 * The rows a table shows in the e-mail: the top 5 by visitors, and every other row that brought a lead, so no
 * row a lead counts for is left out (issue 36 item 4). Countries by name.
 */
export function shownRows(key: TableKey, rows: Row[]): Row[] {
  const shown = rows.filter((row, index) => index < TOP || (row.leads ?? 0) > 0);
  return key === "countries" ? shown.map((row) => ({ ...row, name: countryName(row.name) })) : shown;
}

function headline(insights: Insights): [string, string, string][] {
  const p = insights.previous;
  return [
    ["Visitors", number(insights.visitors), changeFrom(insights.visitors, p.visitors)],
    ["Page views", number(insights.pageviews), changeFrom(insights.pageviews, p.pageviews)],
    ["Leads", number(insights.leads), changeFrom(insights.leads, p.leads)],
    ["Conversion rate", percent(insights.conversionRate), `from ${percent(p.conversionRate)}`],
  ];
}

/** Issue 31's answering figures: [label, value, what the value means]. The median is "-" when no lead was taken. */
function takeHeadline(insights: Insights): [string, string, string][] {
  return [
    ["Leads taken", number(insights.leadsTaken), `of ${number(insights.leads)} lead${insights.leads === 1 ? "" : "s"}`],
    ["Median time to take", insights.medianMinutesToTake === null ? "-" : formatMinutes(insights.medianMinutesToTake), insights.medianMinutesToTake === null ? "no lead taken" : "business hours"],
    ["Leads not taken", number(insights.leadsNotTaken), "not yet taken"],
  ];
}

/** Issue 37: what became of the period's leads, and the messages that were not leads. */
function outcomeHeadline(insights: Insights): [string, string, string][] {
  const of = `of ${number(insights.leads)} lead${insights.leads === 1 ? "" : "s"}`;
  return [
    ["Won", number(insights.won), of],
    ["Lost", number(insights.lost), of],
    ["In progress", number(insights.inProgress), "open or answered"],
  ];
}

/** "Left out: 2 spam, 1 duplicate (not leads: in no figure)." */
export function leftOutLine(insights: Pick<Insights, "leftOut">): string {
  const { spam, duplicate } = insights.leftOut;
  return `Left out: ${number(spam)} spam, ${number(duplicate)} duplicate${duplicate === 1 ? "" : "s"} (closed as not leads: in no figure).`;
}

/**
 * What the tables count, as query.ts does (leadKeys): a lead counts for its visit's source, campaign and landing
 * page, for every page the visit read, and for its country and device, so a column of leads can add up to more.
 */
export const TABLES_NOTE =
  `Tables show the top ${TOP} by visitors and every row that brought a lead. Visitors are counted without cookies. ` +
  "A lead counts for its visit's source, campaign and landing page, for every page that visit read (so the Pages table's leads can add up to more than the week's), and for its country and device.";

const TAKE_NOTE = "Leads taken and not taken are as they stood when this report was made; the time to take counts sales' business hours only.";

/** A row's name as text: a page by its title and its path. */
const rowName = (row: Row) => (row.title ? `${row.title} (${row.name})` : row.name);
const rowOutcomes = (row: Row) => (row.won || row.lost ? ` (${number(row.won)} won, ${number(row.lost)} lost)` : "");
const rowLine = (row: Row) => `  ${oneLine(rowName(row))}: ${number(row.visitors)} visitor${row.visitors === 1 ? "" : "s"}, ${number(row.leads)} lead${row.leads === 1 ? "" : "s"}${rowOutcomes(row)}`;

export function reportSubject(insights: Insights, siteName: string): string {
  return `${siteName} weekly insights, ${insights.from} to ${insights.to}: ${number(insights.visitors)} visitors, ${number(insights.leads)} leads`;
}

export function reportText(insights: Insights, siteName: string): string {
  const lines = [`${siteName}: visits and leads, ${insights.from} to ${insights.to} (the week before: ${insights.previous.from} to ${insights.previous.to})`, ""];
  for (const [label, value, delta] of headline(insights)) lines.push(`${label}: ${value} (${delta})`);
  const median = insights.medianMinutesToTake;
  lines.push(`Leads taken: ${number(insights.leadsTaken)}`, `Median time to take: ${median === null ? "-" : `${formatMinutes(median)} (business hours)`}`, `Leads not taken: ${number(insights.leadsNotTaken)}`);
  lines.push(`Won: ${number(insights.won)}, lost: ${number(insights.lost)}, in progress: ${number(insights.inProgress)}`, leftOutLine(insights));
  const converting = insights.campaigns.filter((row) => (row.leads ?? 0) > 0);
  lines.push("", "Campaigns that brought leads:", ...(converting.length ? converting.map(rowLine) : ["  none this week"]));
  for (const { key, title } of tables) {
    const rows = shownRows(key, insights[key]);
    lines.push("", `${title}:`, ...(rows.length ? rows.map(rowLine) : ["  none"]));
  }
  lines.push("", TABLES_NOTE, TAKE_NOTE, "");
  return lines.join("\n");
}

/*
 * The HTML part is read on phones: nothing in it has a fixed width. Every table is 100% wide, figures are blocks
 * that wrap, a name breaks anywhere (a 70-character campaign has no space to break at), and a row's bar is a
 * percentage-wide line under its name, in the name's cell, so the tables have no column without a header.
 */
const font = "font-family:Arial,Helvetica,sans-serif";
const cell = `padding:6px 4px;border-bottom:1px solid #e5e7eb;${font};font-size:14px;line-height:1.35;color:#111827;vertical-align:top`;
const nameCell = `${cell};word-break:break-word;overflow-wrap:anywhere`;
const numberCell = `${cell};text-align:right;white-space:nowrap;width:1%`;

function htmlTable(title: string, rows: Row[]): string {
  const max = Math.max(1, ...rows.map((row) => row.visitors));
  const withLeads = true;
  const body = rows.length
    ? rows
        .map((row) => {
          const width = Math.max(1, Math.round((row.visitors / max) * 100));
          const name = row.title
            ? `${escapeHtml(row.title)}<br><span style="color:#4b5563;font-size:12px">${escapeHtml(row.name)}</span>`
            : escapeHtml(row.name);
          // The visitors' share: a line as wide as its share of the cell (a background, no image), under the name.
          const bar = `<div style="height:4px;line-height:4px;font-size:0;margin-top:4px;width:${width}%;background:#2563eb">&nbsp;</div>`;
          return `<tr><td style="${nameCell}">${name}${bar}</td><td style="${numberCell}">${number(row.visitors)}</td>${withLeads ? `<td style="${numberCell}">${number(row.leads)}</td><td style="${numberCell}">${number(row.won)}</td>` : ""}</tr>`;
        })
        .join("")
    : `<tr><td style="${cell}" colspan="4">none</td></tr>`;
  return `<h2 style="${font};font-size:16px;font-weight:bold;color:#111827;margin:24px 0 8px">${escapeHtml(title)}</h2>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="width:100%;border-collapse:collapse"><tr><th align="left" style="${cell}">Name</th><th align="right" style="${numberCell}">Visitors</th>${withLeads ? `<th align="right" style="${numberCell}">Leads</th><th align="right" style="${numberCell}">Won</th>` : ""}</tr>${body}</table>`;
}

/** Headline figures as blocks that sit side by side where there is room and wrap on a phone. */
function figureBlocks(rows: [string, string, string][]): string {
  return rows
    .map(
      ([label, value, delta]) =>
        `<div style="display:inline-block;vertical-align:top;width:128px;max-width:100%;padding:8px 8px 8px 0;${font};font-size:14px;color:#111827">${escapeHtml(label)}<br><strong style="font-size:22px">${escapeHtml(value)}</strong><br><span style="color:#4b5563">${escapeHtml(delta)}</span></div>`,
    )
    .join("");
}

export function reportHtml(insights: Insights, siteName: string): string {
  const converting = insights.campaigns.filter((row) => (row.leads ?? 0) > 0);
  return `<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(reportSubject(insights, siteName))}</title></head>
<body style="margin:0;padding:16px;background:#ffffff">
<div style="max-width:640px;margin:0 auto">
<h1 style="${font};font-size:20px;font-weight:bold;color:#111827;margin:0 0 4px">${escapeHtml(siteName)}: visits and leads</h1>
<p style="${font};font-size:14px;color:#4b5563;margin:0 0 16px">${escapeHtml(insights.from)} to ${escapeHtml(insights.to)}, against ${escapeHtml(insights.previous.from)} to ${escapeHtml(insights.previous.to)}</p>
<div>${figureBlocks(headline(insights))}</div>
<div>${figureBlocks(outcomeHeadline(insights))}</div>
<p style="${font};font-size:14px;color:#4b5563;margin:8px 0 0">${escapeHtml(leftOutLine(insights))}</p>
<div>${figureBlocks(takeHeadline(insights))}</div>
${htmlTable("Campaigns that brought leads", converting)}
${tables.map(({ key, title }) => htmlTable(title, shownRows(key, insights[key]))).join("\n")}
<p style="${font};font-size:12px;color:#4b5563;margin:24px 0 0">${escapeHtml(TABLES_NOTE)} ${escapeHtml(TAKE_NOTE)}</p>
</div></body></html>`;
}
