import { execFile } from "node:child_process";
import { readFileSync, readdirSync, statSync, existsSync, mkdtempSync, mkdirSync } from "node:fs";
import { join, resolve } from "node:path";
import { promisify } from "node:util";
import { expect, test, type Page } from "@playwright/test";
import pg from "pg";
import { addDays, dueReportWeek, mondayOf, startOfDay } from "../server/insights/period";
import { startSmtpInbox } from "../test/support/lead-inbox.mjs";
import { startPostgres, type TestPostgres } from "../test/support/postgres.mjs";
import { startServer, type SiteServer } from "../test/support/servers";

/*
 * The weekly report from two instances of the real server on one PostgreSQL, to a real SMTP server on loopback:
 * one e-mail for the week, whose figures are those of `npm run insights` for the same week; `report --send`
 * then says it has gone, `--force` sends it again, `--preview` writes it. And PostgreSQL's own files (the
 * tables and the WAL) never hold a counted visitor's IP or user agent. The report's HTML part is then opened in
 * a real browser at 320 and 390 px: nothing scrolls sideways (issue 36 item 4). "postgres" project only.
 */

test.describe.configure({ mode: "serial" });
// Three servers, a PostgreSQL and five runs of the CLI on two shared cores.
test.setTimeout(120_000);

const ZONE = "Europe/Berlin";
const AGENT = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.7339.94 Safari/537.36";
const IP = "193.51.24.7";
const root = resolve(import.meta.dirname, "..");
const run = promisify(execFile);

let postgres: TestPostgres;
let databaseUrl: string;
const servers: SiteServer[] = [];
test.beforeAll(async () => {
  // Its own PostgreSQL, so the test can read the server's files.
  postgres = await startPostgres({ port: Number(process.env.E2E_PORT ?? 4173) + 6 });
  databaseUrl = postgres.createDatabase("insights_report");
});
test.afterAll(async () => {
  for (const server of servers.splice(0)) await server.stop();
  postgres?.destroy();
});

const insightsCli = (args: string[], env: Record<string, string> = {}) =>
  run(process.execPath, ["build/server/insights.mjs", ...args], { cwd: root, env: { ...process.env, DATABASE_URL: databaseUrl, COMPANY_TIME_ZONE: ZONE, ...env } });

const LONG_CAMPAIGN = "black-friday-2026_linkedin_sponsored_content_variant_b_retargeting_eu";

/** Whether the page (the e-mail's HTML part) scrolls sideways. */
const scrollsSideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);

test("two instances on one PostgreSQL send one report for the week, with the figures of npm run insights", async ({ browser }) => {
  const week = dueReportWeek(new Date(), ZONE);
  // On a Monday before 08:00 the due week is about to be replaced by the next, and is not sent (issue 36 item 5).
  test.skip(new Date() >= startOfDay(addDays(week, 14), ZONE), "Monday before 08:00 in Europe/Berlin: no report is due until 08:00");
  const inbox = await startSmtpInbox();
  // The first instance creates the schema; the week's visits and lead are then written as they would have been.
  servers.push(await startServer({ DATABASE_URL: databaseUrl, LEADS_DELIVERY: "store-only", COMPANY_TIME_ZONE: ZONE }));
  await servers.pop()!.stop();
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const at = (day: number) => new Date(`${addDays(week, day)}T10:00:00Z`);
  // Counts as stored before sources were named at ingest (no `source` column value): the query names them.
  const visits: [Date, string, string, boolean, string | null, string | null, string | null, string | null, string | null, string][] = [
    [at(1), "a", "/", true, "https://news.example", "newsletter", "email", "spring", "GB", "phone"],
    [at(1), "a", "/services/ux-design", false, null, null, null, null, "GB", "phone"],
    [at(2), "b", "/services/ux-design", true, null, null, null, null, "FR", "desktop"],
    [at(3), "c", "/", true, "https://search.example", null, null, null, "FR", "desktop"],
    [at(-6), "d", "/", true, null, null, null, null, null, "desktop"],
  ];
  for (const row of visits) {
    await client.query("INSERT INTO visits (at, visitor, path, entry, referrer, utm_source, utm_medium, utm_campaign, country, device) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)", row);
  }
  // Counts as ingest stores them now: two visitors each from five sites, which push the newsletter (the week's only
  // lead) out of the top 5 sources by visitors; one LinkedIn campaign with a 70-character name and two creatives.
  const named: [string, string, string | null, string | null, string | null, string | null, string | null, string | null][] = [
    ["l1", "LinkedIn", null, "linkedin", "paid_social", LONG_CAMPAIGN, null, "variant_b"],
    ["l2", "LinkedIn", "https://www.linkedin.com", "linkedin", "paid_social", LONG_CAMPAIGN, null, "variant_a"],
    ["g1", "Google", "https://www.google.de", null, null, null, null, null],
    ["g2", "Google", null, "google", "cpc", "brand", "it services", null],
    ["p1", "partner.example", "https://partner.example", null, null, null, null, null],
    ["p2", "partner.example", "https://partner.example", null, null, null, null, null],
    ["r1", "Reddit", "https://old.reddit.com", null, null, null, null, null],
    ["r2", "Reddit", "https://www.reddit.com", null, null, null, null, null],
    ["y1", "YouTube", "https://www.youtube.com", null, null, null, null, null],
    ["y2", "YouTube", "https://youtu.be", null, null, null, null, null],
  ];
  for (const [visitor, source, referrer, utmSource, medium, campaign, term, content] of named) {
    await client.query(
      "INSERT INTO visits (at, visitor, path, entry, referrer, source, utm_source, utm_medium, utm_campaign, utm_term, utm_content, country, device) VALUES ($1, $2, '/', true, $3, $4, $5, $6, $7, $8, $9, 'DE', 'phone')",
      [at(4), visitor, referrer, source, utmSource, medium, campaign, term, content],
    );
  }
  await client.query(
    `INSERT INTO messages (first_name, last_name, email, company, message, created_at, verification, public_id, source, taken_by, taken_at, first_taken_at)
     VALUES ('Ada', 'Lovelace', 'ada@example.com', '', 'Hello', $1, 'verified', $2, $3, 'Bob Sales', $4, $4)`,
    // Taken 80 minutes after it came (Tuesday 11:00 or 12:00 in Berlin: within the default business hours).
    [at(1), crypto.randomUUID(), JSON.stringify({ landingPage: "/", referrer: "https://news.example", utm: { source: "newsletter", medium: "email", campaign: "spring" }, pages: ["/"] }), new Date(at(1).getTime() + 80 * 60_000)],
  );
  await client.end();

  const env = { DATABASE_URL: databaseUrl, COMPANY_TIME_ZONE: ZONE, SMTP_URL: inbox.url, LEADS_NOTIFY_TO: "sales@example.com", INSIGHTS_REPORT_TO: "marketing@example.com, ceo@example.com", LEADS_NOTIFY_FROM: "Website <no-reply@arcline.example>" };
  servers.push(...(await Promise.all([startServer(env), startServer(env)])));
  // (The seeded lead's notification to sales goes out too: only the mails to marketing are reports.)
  const reports = () => inbox.mails.filter((mail) => mail.rcptTo.includes("marketing@example.com"));
  await inbox.waitFor(() => reports().length > 0, 20_000);
  // Both instances have had their turn (each queues and sends at start), and so has a third started later (a
  // restart, a deploy): still one.
  await new Promise((done) => setTimeout(done, 2000));
  servers.push(await startServer(env));
  await new Promise((done) => setTimeout(done, 3000));
  expect(reports()).toHaveLength(1);
  const [report] = reports();
  expect(report!.rcptTo.sort()).toEqual(["ceo@example.com", "marketing@example.com"]);
  const text = report!.mail.text ?? "";
  console.log(`--- the report's text part ---\n${text}`);
  await test.info().attach("report.txt", { body: text, contentType: "text/plain" });

  const figures = JSON.parse((await insightsCli(["--from", week, "--to", addDays(week, 6), "--format", "json"])).stdout) as { visitors: number; pageviews: number; leads: number; conversionRate: number; previous: { conversionRate: number } };
  expect(figures).toMatchObject({ visitors: 13, pageviews: 14, leads: 1, leadsTaken: 1, medianMinutesToTake: 80, leadsNotTaken: 0 });
  const n = (value: number) => value.toLocaleString("en-US");
  expect(text).toMatch(new RegExp(`^Visitors: ${n(figures.visitors)} `, "m"));
  expect(text).toMatch(new RegExp(`^Page views: ${n(figures.pageviews)} `, "m"));
  expect(text).toMatch(new RegExp(`^Leads: ${n(figures.leads)} `, "m"));
  expect(text).toMatch(new RegExp(`^Conversion rate: ${(figures.conversionRate * 100).toFixed(1)}% \\(from ${(figures.previous.conversionRate * 100).toFixed(1)}%\\)$`, "m"));
  // Each change with the figure it compares with.
  expect(text).toContain("Visitors: 13 (+1200%, from 1)");
  expect(text).toMatch(/^Leads taken: 1\nMedian time to take: 1 h 20 min \(business hours\)\nLeads not taken: 0$/m);
  expect(text).toMatch(/Campaigns that brought leads:\n {2}newsletter \/ email \/ spring: 1 visitor, 1 lead\n/);
  // Sources as sites, one row each; the newsletter is sixth by visitors, and in the e-mail since it brought the lead.
  expect(text).toMatch(/\nSources:\n {2}Google: 2 visitors, 0 leads\n {2}LinkedIn: 2 visitors, 0 leads\n {2}partner\.example: 2 visitors, 0 leads\n {2}Reddit: 2 visitors, 0 leads\n {2}YouTube: 2 visitors, 0 leads\n {2}newsletter: 1 visitor, 1 lead\n\n/);
  expect(text).toContain(`  linkedin / paid_social / ${LONG_CAMPAIGN} (content: variant_b): 1 visitor, 0 leads`);
  // Every row has its leads now, pages and countries too (issue 37).
  expect(text).toMatch(/\n {2}[^\n]*UX Design[^\n]*\(\/services\/ux-design\): 2 visitors, \d+ leads?[^\n]*\n/);
  expect(text).toMatch(/ {2}United Kingdom: 1 visitor, \d+ leads?/);
  const html = report!.mail.html || "";
  expect(html).toContain("newsletter / email / spring");
  expect(html).not.toMatch(/<script|<img|src=/i);

  // The HTML part in a real browser, as a phone shows it: nothing scrolls sideways at 320 or 390 px.
  const page = await browser.newPage();
  for (const width of [320, 390]) {
    await page.setViewportSize({ width, height: 800 });
    await page.setContent(html);
    expect(await scrollsSideways(page), `${width} px`).toBe(false);
    await expect(page.getByText(LONG_CAMPAIGN).first()).toBeVisible();
    // Every column has a header, and the Leads column is on screen.
    await expect(page.locator("th:empty")).toHaveCount(0);
    const leads = await page.locator("th", { hasText: /^Leads$/ }).first().boundingBox();
    expect(leads!.x + leads!.width).toBeLessThanOrEqual(width);
  }
  mkdirSync(join(root, "docs", "screens"), { recursive: true });
  await page.screenshot({ path: join(root, "docs", "screens", "weekly-report-390.png"), fullPage: true });
  await page.close();

  // By hand: it has gone already (exit 0); --force sends it again; --preview writes it.
  const again = await insightsCli(["report", "--send"], env);
  // The time it went, as the company reads it (COMPANY_TIME_ZONE), not UTC.
  expect(again.stdout).toMatch(new RegExp(`The report of the week of ${week} has already gone \\(\\w+day, \\d+ \\w+ \\d{4} at \\d\\d:\\d\\d \\(${ZONE}\\)\\)`));
  await insightsCli(["report", "--send", "--force"], env);
  expect(reports()).toHaveLength(2);
  const file = join(mkdtempSync(join(root, "test-results", "insights-")), "report.eml");
  await insightsCli(["report", "--preview", file], env);
  expect(readFileSync(file, "utf8")).toContain("Visitors: 13 (+1200%, from 1)");

  // A chosen week (issue 36 item 5): the week's Monday, nothing else.
  const earlier = addDays(week, -7);
  const chosen = join(mkdtempSync(join(root, "test-results", "insights-")), "earlier.eml");
  expect((await insightsCli(["report", "--preview", "--week", earlier, chosen], env)).stdout).toContain(`The report of the week of ${earlier} is in`);
  expect(readFileSync(chosen, "utf8")).toContain(`Visitors: 1 (new, from 0)`);
  await insightsCli(["report", "--send", "--week", earlier], env);
  expect(reports()).toHaveLength(3);
  expect(reports()[2]!.mail.subject).toContain(`${earlier} to ${addDays(earlier, 6)}`);
  for (const [value, message] of [
    [addDays(week, 2), `--week ${addDays(week, 2)} is not a Monday: a week runs Monday to Sunday (that week's Monday is ${week}).`],
    ["2026-02-30", `--week "2026-02-30" is not a date: use the week's Monday, YYYY-MM-DD.`],
    [mondayOf(addDays(week, 14)), `The week of ${mondayOf(addDays(week, 14))} has not ended yet (${ZONE})`],
  ]) {
    const refused = await insightsCli(["report", "--send", "--week", value!], env).then(
      () => undefined,
      (error: { code: number; stderr: string }) => error,
    );
    expect(refused?.code, value).toBe(2);
    expect(refused?.stderr).toContain(message);
  }
  // The usage names every setting `report --send` needs, LEADS_NOTIFY_TO included (SMTP_URL requires it).
  const usage = (await insightsCli(["--help"])).stdout;
  expect(usage).toMatch(/report --send \[--week YYYY-MM-DD\][\s\S]*LEADS_NOTIFY_TO/);

  // The CSV: a campaign in three columns (and its term and content), a conversion rate on every row with leads.
  // (Every field is quoted, after a byte-order mark for spreadsheets; none of these holds a comma.)
  const csv = (await insightsCli(["--from", week, "--to", addDays(week, 6), "--format", "csv"])).stdout.replace(/^\uFEFF/, "").replaceAll('"', "").split(/\r?\n/);
  expect(csv[0]).toBe("table,name,title,source,medium,campaign,term,content,visitors,pageviews,leads,conversionRate,leadsTaken,medianMinutesToTake,leadsNotTaken,won,lost,inProgress,spam,duplicate");
  // What became of the leads (issue 37): this one is open, in progress.
  expect(csv).toContain("campaigns,newsletter / email / spring,,newsletter,email,spring,,,1,,1,1,,,,0,0,1,,");
  expect(csv).toContain("sources,Google,,,,,,,2,,0,0,,,,0,0,0,,");
  // A calendar month is compared with the calendar month before.
  const month = JSON.parse((await insightsCli(["--from", "2026-11-01", "--to", "2026-11-30", "--format", "json"])).stdout) as { previous: { from: string; to: string } };
  expect(month.previous).toMatchObject({ from: "2026-10-01", to: "2026-10-31" });
  await inbox.stop();
});

test("PostgreSQL's table files and WAL never hold a counted visitor's IP or user agent", async () => {
  const server = await startServer({ DATABASE_URL: databaseUrl, LEADS_DELIVERY: "store-only", TRUST_PROXY: "loopback" });
  servers.push(server);
  const pageviews = async () => JSON.parse((await insightsCli(["--format", "json"])).stdout).pageviews as number;
  const before = await pageviews();
  for (const path of ["/", "/services/ux-design"]) {
    const response = await fetch(`${server!.url}/api/visit`, {
      method: "POST",
      headers: { "user-agent": AGENT, "sec-fetch-site": "same-origin", "x-forwarded-for": IP, "content-type": "text/plain" },
      body: JSON.stringify({ p: path, e: 1, d: "desktop", r: "https://privacy-probe.example" }),
    });
    expect(response.status).toBe(204);
  }
  await expect.poll(pageviews, { timeout: 10_000 }).toBe(before + 2);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  await client.query("CHECKPOINT");
  const files = (await client.query<{ path: string }>("SELECT pg_relation_filepath(oid) AS path FROM pg_class WHERE relname IN ('visits', 'insights_salts', 'visits_at') AND pg_relation_filepath(oid) IS NOT NULL")).rows.map((row) => row.path);
  await client.end();
  const data = join(postgres.dir, "data");
  const wal = join(data, "pg_wal");
  const paths = [...files.map((file) => join(data, file)), ...readdirSync(wal).map((name) => join(wal, name)).filter((path) => statSync(path).isFile())].filter(existsSync);
  const bytes = Buffer.concat(paths.map((path) => readFileSync(path)));
  expect(bytes.includes("privacy-probe.example")).toBe(true);
  for (const needle of [IP, AGENT, "7339.94"]) expect(bytes.includes(needle), needle).toBe(false);
});
