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

const TOP = 5;
const tables: { key: keyof Pick<Insights, "landingPages" | "sources" | "campaigns" | "pages" | "countries" | "devices">; title: string }[] = [
  { key: "sources", title: "Sources" },
  { key: "campaigns", title: "Campaigns" },
  { key: "landingPages", title: "Landing pages" },
  { key: "pages", title: "Pages" },
  { key: "countries", title: "Countries" },
  { key: "devices", title: "Devices" },
];

function headline(insights: Insights): [string, string, string][] {
  const p = insights.previous;
  return [
    ["Visitors", number(insights.visitors), change(insights.visitors, p.visitors)],
    ["Page views", number(insights.pageviews), change(insights.pageviews, p.pageviews)],
    ["Leads", number(insights.leads), change(insights.leads, p.leads)],
    ["Conversion rate", percent(insights.conversionRate), `${percent(p.conversionRate)} the week before`],
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

const TAKE_NOTE = "Leads taken and not taken are as they stood when this report was made; the time to take counts sales' business hours only.";

const rowLine = (row: Row) => `  ${oneLine(row.name)}: ${number(row.visitors)} visitor${row.visitors === 1 ? "" : "s"}${row.leads === undefined ? "" : `, ${number(row.leads)} lead${row.leads === 1 ? "" : "s"}`}`;

export function reportSubject(insights: Insights, siteName: string): string {
  return `${siteName} weekly insights, ${insights.from} to ${insights.to}: ${number(insights.visitors)} visitors, ${number(insights.leads)} leads`;
}

export function reportText(insights: Insights, siteName: string): string {
  const lines = [`${siteName}: visits and leads, ${insights.from} to ${insights.to} (the week before: ${insights.previous.from} to ${insights.previous.to})`, ""];
  for (const [label, value, delta] of headline(insights)) lines.push(`${label}: ${value} (${delta})`);
  const median = insights.medianMinutesToTake;
  lines.push(`Leads taken: ${number(insights.leadsTaken)}`, `Median time to take: ${median === null ? "-" : `${formatMinutes(median)} (business hours)`}`, `Leads not taken: ${number(insights.leadsNotTaken)}`);
  const converting = insights.campaigns.filter((row) => (row.leads ?? 0) > 0);
  lines.push("", "Campaigns that brought leads:", ...(converting.length ? converting.map(rowLine) : ["  none this week"]));
  for (const { key, title } of tables) {
    const rows = insights[key].slice(0, TOP);
    lines.push("", `Top ${title.toLowerCase()}:`, ...(rows.length ? rows.map(rowLine) : ["  none"]));
  }
  lines.push("", "Visitors are counted without cookies; a lead counts for the landing page, source and campaign of its visit.", TAKE_NOTE, "");
  return lines.join("\n");
}

const cell = "padding:4px 8px;border-bottom:1px solid #e5e7eb;font:14px Arial,Helvetica,sans-serif;color:#111827";

function htmlTable(title: string, rows: Row[]): string {
  const max = Math.max(1, ...rows.map((row) => row.visitors));
  const withLeads = rows.some((row) => row.leads !== undefined);
  const body = rows.length
    ? rows
        .map((row) => {
          const width = Math.max(1, Math.round((row.visitors / max) * 100));
          // The bar: one cell of the visitors' share with a background, the rest empty (no images, no CSS widths Outlook ignores).
          const bar = `<table role="presentation" width="120" cellpadding="0" cellspacing="0" border="0"><tr><td width="${Math.round(width * 1.2)}" height="8" bgcolor="#2563eb" style="background:#2563eb;font-size:0;line-height:0">&nbsp;</td>${width < 100 ? `<td width="${120 - Math.round(width * 1.2)}" style="font-size:0;line-height:0">&nbsp;</td>` : ""}</tr></table>`;
          return `<tr><td style="${cell}">${escapeHtml(row.name)}</td><td style="${cell}" align="right">${number(row.visitors)}</td><td style="${cell}">${bar}</td>${withLeads ? `<td style="${cell}" align="right">${number(row.leads ?? 0)}</td>` : ""}</tr>`;
        })
        .join("")
    : `<tr><td style="${cell}" colspan="4">none</td></tr>`;
  return `<h2 style="font:bold 16px Arial,Helvetica,sans-serif;color:#111827;margin:24px 0 8px">${escapeHtml(title)}</h2>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0"><tr><th align="left" style="${cell}">Name</th><th align="right" style="${cell}">Visitors</th><th style="${cell}"></th>${withLeads ? `<th align="right" style="${cell}">Leads</th>` : ""}</tr>${body}</table>`;
}

export function reportHtml(insights: Insights, siteName: string): string {
  const figureCells = (rows: [string, string, string][]) =>
    rows.map(([label, value, delta]) => `<td style="padding:8px;font:14px Arial,Helvetica,sans-serif;color:#111827" valign="top">${escapeHtml(label)}<br><strong style="font-size:22px">${escapeHtml(value)}</strong><br><span style="color:#4b5563">${escapeHtml(delta)}</span></td>`)
    .join("");
  const converting = insights.campaigns.filter((row) => (row.leads ?? 0) > 0);
  return `<!doctype html><html><head><meta charset="utf-8"><title>${escapeHtml(reportSubject(insights, siteName))}</title></head>
<body style="margin:0;padding:16px;background:#ffffff">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="max-width:640px"><tr><td>
<h1 style="font:bold 20px Arial,Helvetica,sans-serif;color:#111827;margin:0 0 4px">${escapeHtml(siteName)}: visits and leads</h1>
<p style="font:14px Arial,Helvetica,sans-serif;color:#4b5563;margin:0 0 16px">${escapeHtml(insights.from)} to ${escapeHtml(insights.to)}, against ${escapeHtml(insights.previous.from)} to ${escapeHtml(insights.previous.to)}</p>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0"><tr>${figureCells(headline(insights))}</tr></table>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0"><tr>${figureCells(takeHeadline(insights))}</tr></table>
${htmlTable("Campaigns that brought leads", converting)}
${tables.map(({ key, title }) => htmlTable(`Top ${title.toLowerCase()}`, insights[key].slice(0, TOP))).join("\n")}
<p style="font:12px Arial,Helvetica,sans-serif;color:#4b5563;margin:24px 0 0">Visitors are counted without cookies; a lead counts for the landing page, source and campaign of its visit. ${escapeHtml(TAKE_NOTE)}</p>
</td></tr></table></body></html>`;
}
