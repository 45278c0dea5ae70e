import { expect, test } from "@playwright/test";
import { newWebhookSecret, startSmtpInbox, startWebhookReceiver } from "../test/support/lead-inbox.mjs";
import { lead, unique } from "../test/support/leads";
import { engine, runMessages, startServer, type SiteServer } from "../test/support/servers";
import { inviteStaff, signIn } from "../test/support/staff";

/*
 * Issue 37 on PostgreSQL, end to end where the store matters: a take-over in the workspace (the previous holder's
 * notice queued in the same transaction) and a close (its reminder settled, lead.closed queued) reach the e-mail
 * and webhook receivers from a server on PostgreSQL. The pages themselves are proven on SQLite (staff-leads.spec.ts),
 * the store's methods on both engines (server/leads/outcome-store.test.ts).
 */

test.describe.configure({ mode: "serial" });

let site: SiteServer;
let inbox: Awaited<ReturnType<typeof startSmtpInbox>>;
let hooks: Awaited<ReturnType<typeof startWebhookReceiver>>;

test.beforeAll(async () => {
  test.skip(engine() !== "postgres", "the postgres project only");
  const secret = newWebhookSecret();
  [inbox, hooks] = await Promise.all([startSmtpInbox(), startWebhookReceiver(secret)]);
  site = await startServer({ SMTP_URL: inbox.url, LEADS_NOTIFY_TO: "sales@arcline.example", LEADS_WEBHOOK_URL: hooks.url, LEADS_WEBHOOK_SECRET: secret, SALES_HOURS: "Mon-Sun 00:00-24:00" });
});

test.afterAll(async () => {
  await site?.stop();
  await Promise.all([inbox?.stop(), hooks?.stop()]);
});

test("take, take over and close on PostgreSQL: the notice and lead.closed are delivered, the reminder settled", async ({ browser }) => {
  test.skip(engine() !== "postgres", "the postgres project only");
  const run = unique();
  const [first, second] = [`pg-sales-a-${run}@arcline.example`, `pg-sales-b-${run}@arcline.example`];
  for (const email of [first, second]) await inviteStaff(site.databaseUrl, email, ["sales"], { STAFF_URL: site.staffUrl, SMTP_URL: inbox.url, LEADS_NOTIFY_TO: "sales@arcline.example" });
  const response = await fetch(`${site.url}/api/contact`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(lead({ company: "Postgres Ltd" })) });
  expect(response.status).toBe(201);
  const reference = ((await response.json()) as { id: string }).id.slice(0, 8).toUpperCase();

  const pages = [];
  for (const email of [first, second]) {
    const context = await browser.newContext();
    const page = await context.newPage();
    await signIn(page, { staffUrl: site.staffUrl, inbox, email, next: `/leads/${reference}` });
    pages.push(page);
  }
  const [a, b] = pages as [(typeof pages)[0], (typeof pages)[0]];
  await a.getByRole("button", { name: "Take this lead" }).click();
  await expect(a.getByText(`You (${first})`)).toBeVisible();
  await b.reload();
  await b.getByRole("button", { name: "Take it over" }).click();
  await expect(b.getByText(`You (${second})`)).toBeVisible();
  await inbox.waitFor((mails) => mails.some((m) => m.rcptTo.includes(first) && m.mail.subject === `Your lead ${reference} was taken over by ${second}`), 15_000);
  await b.getByLabel("Outcome").selectOption("Lost");
  await b.getByRole("button", { name: "Close lead" }).click();
  await expect(b.getByText(new RegExp(`^Lost, closed by ${second} on `))).toBeVisible();
  await hooks.waitFor((events) => events.some((e) => e.payload.type === "lead.closed" && e.payload.data.reference === reference), 15_000);
  const listed = (JSON.parse(await runMessages(site.databaseUrl, "--format", "json")) as { reference: string; outcome: string | null; takenBy: string; deliveries: { channel: string; status: string }[] }[]).find((m) => m.reference === reference)!;
  expect(listed).toMatchObject({ outcome: "lost", takenBy: second });
  expect(Object.fromEntries(listed.deliveries.map((d) => [d.channel, d.status]))).toMatchObject({ reminder: "settled", takeover_notice: "sent", close_webhook: "sent", take_webhook: "sent" });
  for (const page of pages) await page.context().close();
});
