/*
 * `npm run insights`: visits and leads by landing page, page, source, campaign, country and device, for a period
 * and the one before it. Reads DATABASE_URL like the server; safe while it runs.
 *
 *   npm run insights [-- --from 2026-11-01 --to 2026-11-30] [-- --format text|json|csv]
 *   npm run insights -- report --send [--week MONDAY] [--force]   the last (or a chosen) week's report now, unless it went
 *   npm run insights -- report --preview [--week MONDAY] [FILE]   the last (or a chosen) week's report as an .eml file
 */
import { existsSync } from "node:fs";
import { parseArgs } from "node:util";
import { loadConfig } from "../config";
import { toCsv } from "../contact/csv";
import { formatReceived } from "../delivery/lead-text";
import { withStore } from "../db";
import { databaseFile } from "../db/sqlite-store";
import { DEFAULT_DATABASE_URL } from "../db/store";
import { reportSettings } from "../insights";
import { dueReportWeek, isDay, mondayOf, weekPeriod } from "../insights/period";
import { insightsFor, type Filter, type Insights, type Row } from "../insights/query";
import { leftOutLine } from "../insights/report";
import { buildInsights, insightsJson, readCliRequest, type ShownInsights } from "../insights/request";
import { sitePages } from "../insights/site-pages";
import { insightsStorage } from "../insights/storage";
import { composeReport, sendDueReports, smtpReportSender, writeReportPreview } from "../insights/weekly-report";
import { formatMinutes } from "../leads/follow-up";
import { visible } from "./terminal-text";
import { site as siteConfig } from "~/config/site";

const USAGE = `Usage:
  npm run insights [-- --from YYYY-MM-DD --to YYYY-MM-DD] [-- --format text|json|csv] [-- --filter TABLE=NAME]
                                       visitors, page views, leads and conversion rate for the period (default:
                                       the last 7 days in COMPANY_TIME_ZONE) and the one before, the leads taken
                                       and not, the median business time to take, then tables by landing page,
                                       page, source, campaign, country and device, each row with its leads,
                                       conversion rate and what became of them (won, lost, in progress);
                                       messages closed as Spam or Duplicate are no leads: left out, and counted.
                                       --filter sources=Google: every figure for that row only
  npm run insights -- report --send [--week YYYY-MM-DD] [--force]
                                       send the last week's report (Monday to Sunday), or the week starting on
                                       the Monday given, to INSIGHTS_REPORT_TO now, unless it has already gone
                                       (--force sends it again). Needs SMTP_URL, INSIGHTS_REPORT_TO and, as the
                                       server does with SMTP_URL, LEADS_NOTIFY_TO
  npm run insights -- report --preview [--week YYYY-MM-DD] [FILE]
                                       write the last (or that) week's report to FILE (default
                                       data/insights-report-WEEK.eml)
A period of whole calendar months (--from 2026-11-01 --to 2026-11-30) is compared with as many calendar months
before it (October); any other period with as many days just before it.
Reads DATABASE_URL (default ${DEFAULT_DATABASE_URL}), COMPANY_TIME_ZONE, SALES_HOURS, SALES_HOLIDAYS, SMTP_URL,
INSIGHTS_REPORT_TO, LEADS_NOTIFY_TO, STATIC_DIR (the build, for the pages' titles).
`;

class UsageError extends Error {}

const filterLabels: Record<Filter["table"], string> = { landingPages: "landing page", pages: "page", sources: "source", campaigns: "campaign", countries: "country", devices: "device" };

/** `--week`: the Monday (YYYY-MM-DD) of the week to preview or send. */
function chosenWeek(value: string): string {
  if (!isDay(value)) throw new UsageError(`--week "${value}" is not a date: use the week's Monday, YYYY-MM-DD.`);
  if (mondayOf(value) !== value) throw new UsageError(`--week ${value} is not a Monday: a week runs Monday to Sunday (that week's Monday is ${mondayOf(value)}).`);
  return value;
}

const formats = ["text", "json", "csv"] as const;
type Format = (typeof formats)[number];
const tables = ["landingPages", "pages", "sources", "campaigns", "countries", "devices"] as const;
const titles: Record<(typeof tables)[number], string> = { landingPages: "Landing pages", pages: "Pages", sources: "Sources", campaigns: "Campaigns (source / medium / campaign)", countries: "Countries", devices: "Devices" };

const pct = (rate: number) => `${(rate * 100).toFixed(1)}%`;
const minutes = (value: number | null) => (value === null ? "-" : `${formatMinutes(value)} of business hours`);

function asText(insights: ShownInsights): string {
  const p = insights.previous;
  const lines = [
    `Visits and leads, ${insights.from} to ${insights.to} (before: ${p.from} to ${p.to})`,
    ...(insights.filter ? [`Filtered by ${filterLabels[insights.filter.table]} = ${visible(insights.filter.name)}${insights.filterFullFrom ? ` (before ${insights.filterFullFrom}, older than the 90 days of visits kept: that table's own figures only)` : ""}`] : []),
    "",
    `Visitors: ${insights.visitors} (before: ${p.visitors})`,
    `Page views: ${insights.pageviews} (before: ${p.pageviews})`,
    `Leads: ${insights.leads} (before: ${p.leads})`,
    `Conversion rate: ${pct(insights.conversionRate)} (before: ${pct(p.conversionRate)})`,
    `Won: ${insights.won}, lost: ${insights.lost}, in progress: ${insights.inProgress} (before: ${p.won}, ${p.lost}, ${p.inProgress})`,
    `${leftOutLine(insights)} Before: ${p.leftOut.spam} spam, ${p.leftOut.duplicate} duplicates.`,
    `Leads taken: ${insights.leadsTaken} (before: ${p.leadsTaken})`,
    `Median time to take: ${minutes(insights.medianMinutesToTake)} (before: ${minutes(p.medianMinutesToTake)})`,
    `Leads not taken: ${insights.leadsNotTaken} (before: ${p.leadsNotTaken})`,
  ];
  for (const table of tables) {
    const rows = insights[table];
    lines.push("", `${titles[table]}:`);
    if (rows.length === 0) lines.push("  none");
    // A utm_* value is whatever a link carried: its control characters are shown as escapes, never sent to the terminal.
    for (const row of rows) lines.push(`  ${visible(row.name)}${row.title ? `  (${visible(row.title)})` : ""}  visitors ${row.visitors}${row.pageviews === undefined ? "" : `  page views ${row.pageviews}`}  leads ${row.leads}  won ${row.won}  lost ${row.lost}  in progress ${row.inProgress}`);
    if (insights.moreRows[table] > 0) lines.push(`  and ${insights.moreRows[table]} more rows`);
  }
  return `${lines.join("\n")}\n`;
}

const rowRate = (row: Row) => (row.visitors === 0 ? "" : row.conversionRate);

function asCsv(insights: Insights): string {
  // The take figures are columns of the two headline rows only (empty elsewhere); an empty median: no lead taken.
  // A campaign's values are columns of their own (a spreadsheet filters by medium); a row's conversion rate is its
  // leads over its visitors (empty where leads are not known, or no visitor was counted).
  const take = (h: Insights | Insights["previous"]) => [h.leadsTaken, h.medianMinutesToTake ?? "", h.leadsNotTaken, h.won, h.lost, h.inProgress, h.leftOut.spam, h.leftOut.duplicate];
  const noUtm = ["", "", "", "", ""];
  const rows: unknown[][] = [
    ["total", "", "", ...noUtm, insights.visitors, insights.pageviews, insights.leads, insights.conversionRate, ...take(insights)],
    ["previous", "", "", ...noUtm, insights.previous.visitors, insights.previous.pageviews, insights.previous.leads, insights.previous.conversionRate, ...take(insights.previous)],
    ...tables.flatMap((table) =>
      insights[table].map((row: Row) => [
        table,
        row.name,
        row.title ?? "",
        ...(row.utm ? [row.utm.source, row.utm.medium, row.utm.campaign, row.utm.term, row.utm.content] : noUtm),
        row.visitors,
        row.pageviews ?? "",
        row.leads,
        rowRate(row),
        "",
        "",
        "",
        row.won,
        row.lost,
        row.inProgress,
        "",
        "",
      ]),
    ),
  ];
  return toCsv(
    ["table", "name", "title", "source", "medium", "campaign", "term", "content", "visitors", "pageviews", "leads", "conversionRate", "leadsTaken", "medianMinutesToTake", "leadsNotTaken", "won", "lost", "inProgress", "spam", "duplicate"],
    rows,
  );
}

async function main() {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      from: { type: "string" },
      to: { type: "string" },
      format: { type: "string", short: "f", default: "text" },
      send: { type: "boolean" },
      force: { type: "boolean" },
      preview: { type: "boolean" },
      week: { type: "string" },
      filter: { type: "string" },
      help: { type: "boolean", short: "h" },
    },
  });
  if (values.help) return void process.stdout.write(USAGE);
  const config = loadConfig({ ...process.env, NODE_ENV: process.env.NODE_ENV ?? "development", LEADS_DELIVERY: process.env.SMTP_URL || process.env.LEADS_WEBHOOK_URL ? undefined : "store-only" });
  const timeZone = config.COMPANY_TIME_ZONE;
  const { calendar } = reportSettings(config);
  const url = config.DATABASE_URL;
  const site = sitePages(config.STATIC_DIR, siteConfig.name);
  const file = url.startsWith("file:") ? databaseFile(url) : undefined;
  if (file !== undefined && !existsSync(file)) throw new Error(`No database at ${file} (DATABASE_URL=${url}): nothing has been counted there yet.`);
  const [command = "show", ...rest] = positionals;

  if (command === "show") {
    const format = values.format as Format;
    if (!formats.includes(format)) throw new UsageError(`Unknown --format "${values.format}": use one of ${formats.join(", ")}.`);
    // Read as the API reads its query: the same periods and filters are refused, in the same words (exit code 2).
    const read = readCliRequest({ from: values.from, to: values.to, filter: values.filter }, { timeZone, now: new Date() });
    if (!read.ok) throw new UsageError(read.error);
    const { period: asked, filter } = read.request;
    // The same function and JSON as the dashboard's GET /api/insights (request.ts).
    const insights = await withStore(url, (store) => buildInsights({ period: asked, filter }, { storage: insightsStorage(store), timeZone, calendar, site }));
    process.stdout.write(format === "json" ? insightsJson(insights) : format === "csv" ? asCsv(insights) : asText(insights));
    return;
  }
  if (command !== "report") throw new UsageError(`Unknown command "${command}".`);
  if (values.send === values.preview) throw new UsageError("report needs --send or --preview.");
  const settings = reportSettings(config);
  const week = values.week === undefined ? dueReportWeek(new Date(), timeZone) : chosenWeek(values.week);
  if (weekPeriod(week, timeZone).end > new Date()) throw new UsageError(`The week of ${week} has not ended yet (${timeZone}): its report can be made from the Monday after.`);
  if (values.preview) {
    const target = rest[0] ?? `data/insights-report-${week}.eml`;
    await withStore(url, async (store) => {
      const insights = await insightsFor(weekPeriod(week, timeZone), { storage: insightsStorage(store), timeZone, calendar, site });
      await writeReportPreview(composeReport(insights, week, { ...settings, to: settings.to.length ? settings.to : ["marketing@example.invalid"] }), target);
    });
    process.stdout.write(`The report of the week of ${week} is in ${target}.\n`);
    return;
  }
  if (settings.to.length === 0) throw new Error("INSIGHTS_REPORT_TO is not set: nobody to send the report to.");
  if (!config.SMTP_URL) throw new Error("SMTP_URL is not set: the report cannot be sent (report --preview writes it to a file).");
  const send = smtpReportSender(config.SMTP_URL);
  try {
    await withStore(url, async (store) => {
      const storage = insightsStorage(store);
      const now = new Date();
      if (values.force) await storage.requeueReport(week, now);
      else {
        await storage.queueReport(week, now);
        const existing = await storage.report(week);
        if (existing?.status === "sent") {
          process.stdout.write(`The report of the week of ${week} has already gone (${existing.sentAt ? formatReceived(existing.sentAt, timeZone) : "time unknown"}); --force sends it again.\n`);
          return;
        }
      }
      const log = { info: () => {}, warn: (fields: Record<string, unknown>) => process.stderr.write(`${String(fields.error ?? fields.msg)}\n`), error: () => {} };
      const sent = await sendDueReports({ storage, store, settings, send, log, site }, now, week);
      if (sent.length > 0) process.stdout.write(`The report of the week of ${week} was sent to ${settings.to.join(", ")}.\n`);
      else {
        const state = await storage.report(week);
        throw new Error(`The report of the week of ${week} was not sent: ${state?.status === "pending" && !state.lastError ? "another instance is sending it now" : (state?.lastError ?? "unknown reason")}.`);
      }
    });
  } finally {
    send.close();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  if (error instanceof UsageError) process.stderr.write(USAGE);
  process.exitCode = error instanceof UsageError ? 2 : 1;
});
