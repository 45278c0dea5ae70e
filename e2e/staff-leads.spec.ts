import { readFile } from "node:fs/promises";
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Browser, type BrowserContext, type Page } from "@playwright/test";
import { sendContactForm } from "../test/support/contact-form";
import { startFakeSiteverify, type FakeSiteverify } from "../test/support/fake-siteverify.mjs";
import { newWebhookSecret, startSmtpInbox, startWebhookReceiver } from "../test/support/lead-inbox.mjs";
import { lead, unique } from "../test/support/leads";
import { stubRecaptcha } from "../test/support/recaptcha-stub";
import { runMessages, startServer, type SiteServer } from "../test/support/servers";
import { inviteStaff, runStaff, signIn, signInLinkFromInbox } from "../test/support/staff";

/*
 * Sales' leads inbox and the operator's deliveries page (issue 37) end to end: a real server with its workspace, real
 * SMTP and webhook receivers on loopback, people invited with the real CLI and signed in through the mailed link.
 * A lead sent through the site's form appears in /leads; its e-mailed link takes a signed-out person through sign-in
 * back to it; take, take-over (the previous holder is e-mailed), close (leaves the open list, its reminder is settled,
 * lead.closed reaches the webhook), reopen, note, Back and reload, CSV, erase, resend and settle; roles by URL.
 */

test.describe.configure({ mode: "serial" });

const phone = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true };
const desktop = { viewport: { width: 1280, height: 800 } };
const run = unique();
const SALES = `sales-a-${run}@arcline.example`;
const SALES_B = `sales-b-${run}@arcline.example`;
const MARKETING = `marketing-${run}@arcline.example`;
const OPERATOR = `operator-${run}@arcline.example`;

let site: SiteServer;
let inbox: Awaited<ReturnType<typeof startSmtpInbox>>;
let hooks: Awaited<ReturnType<typeof startWebhookReceiver>>;
let siteverify: FakeSiteverify;
const contexts: BrowserContext[] = [];

test.beforeAll(async () => {
  const secret = newWebhookSecret();
  [inbox, hooks, siteverify] = await Promise.all([startSmtpInbox(), startWebhookReceiver(secret), startFakeSiteverify()]);
  site = await startServer({
    RECAPTCHA_VERIFY_URL: siteverify.url,
    RECAPTCHA_HOSTNAMES: "127.0.0.1",
    CONTACT_RATE_LIMIT: "1000",
    SMTP_URL: inbox.url,
    LEADS_NOTIFY_TO: "sales@arcline.example",
    LEADS_NOTIFY_FROM: "Website <no-reply@arcline.example>",
    LEADS_WEBHOOK_URL: hooks.url,
    LEADS_WEBHOOK_SECRET: secret,
    COMPANY_TIME_ZONE: "Europe/Berlin",
    // Every hour is a business hour, so a new lead has a reminder queued (due in two hours).
    SALES_HOURS: "Mon-Sun 00:00-24:00",
  });
  const env = { STAFF_URL: site.staffUrl, SMTP_URL: inbox.url, LEADS_NOTIFY_TO: "sales@arcline.example" };
  for (const [email, roles] of [[SALES, ["sales"]], [SALES_B, ["sales"]], [MARKETING, ["marketing"]], [OPERATOR, ["operator"]]] as const) await inviteStaff(site.databaseUrl, email, [...roles], env);
});

test.afterAll(async () => {
  for (const context of contexts.splice(0)) await context.close();
  await site?.stop();
  await Promise.all([inbox?.stop(), hooks?.stop(), siteverify?.close()]);
});

async function signedIn(browser: Browser, email: string, options: typeof phone | typeof desktop, next = "/leads"): Promise<Page> {
  const context = await browser.newContext(options);
  contexts.push(context);
  const page = await context.newPage();
  await signIn(page, { staffUrl: site.staffUrl, inbox, email, next });
  return page;
}

type Listed = { reference: string; takenBy: string | null; outcome: string | null; closedBy: string | null; deliveries: { channel: string; status: string }[] };
const listed = async (reference: string) => (JSON.parse(await runMessages(site.databaseUrl, "--format", "json")) as Listed[]).find((m) => m.reference === reference);
const history = (page: Page) => page.getByRole("region", { name: "History" }).getByRole("listitem");

/** axe, no sideways scroll, and every heading, link, button and field of the page in Chromium's accessibility tree. */
async function checkPage(page: Page, name: string) {
  const axe = await new AxeBuilder({ page }).analyze();
  expect(axe.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`), `axe on ${name}`).toEqual([]);
  // Against the screen's width: a phone browser widens its layout to content that does not fit, then innerWidth grows too.
  expect(await page.evaluate(() => document.documentElement.scrollWidth), `${name} scrolls sideways`).toBeLessThanOrEqual(page.viewportSize()!.width);
  const fromDom = await page.evaluate(() => {
    const shown = (el: Element) => el.checkVisibility({ visibilityProperty: true });
    const count = (selector: string) => [...document.querySelectorAll(selector)].filter(shown).length;
    return { heading: count("h1, h2, h3"), link: count("a[href]"), button: count("button"), textbox: count("textarea"), searchbox: count("input[type=search]"), combobox: count("select"), listitem: count("li") };
  });
  const cdp = await page.context().newCDPSession(page);
  const { nodes } = await cdp.send("Accessibility.getFullAXTree");
  await cdp.detach();
  const present = nodes.filter((node) => !node.ignored);
  const fromTree = Object.fromEntries(Object.keys(fromDom).map((role) => [role, present.filter((node) => node.role?.value === role).length]));
  expect(fromTree, `accessibility tree of ${name}`).toEqual(fromDom);
  for (const landmark of ["banner", "main", "search"].slice(0, name === "/leads" ? 3 : 2)) expect(present.filter((node) => node.role?.value === landmark).length, `${landmark} of ${name}`).toBe(1);
}

let reference = "";
let email = "";

test("at 390 px: a lead from the site's form is in /leads; its e-mailed link goes through sign-in back to it; take, Back and reload repeat nothing; CSV of the list", async ({ browser }) => {
  // A visitor writes through the home page's form.
  const visitor = await browser.newContext(phone);
  contexts.push(visitor);
  const form = await visitor.newPage();
  await stubRecaptcha(form);
  await form.goto(site.url);
  email = `visitor-${run}@example.com`;
  const message = `We need a new booking flow. ${run}`;
  const answer = (await (await sendContactForm(form, { email, message, company: "Initech" })).json()) as { id: string };
  reference = answer.id.slice(0, 8).toUpperCase();

  // The sales e-mail links the lead's page in the workspace.
  await inbox.waitFor((mails) => mails.some((m) => m.mail.text?.includes(message)), 10_000);
  const mail = inbox.mails.find((m) => m.mail.text?.includes(message))!;
  const link = /^Take this lead: (\S+)$/m.exec(mail.mail.text ?? "")?.[1];
  expect(link).toBe(`${site.staffUrl}/leads/${reference}`);

  // Signed out, the link asks for sign-in and comes back to the lead.
  const context = await browser.newContext(phone);
  contexts.push(context);
  const page = await context.newPage();
  await page.goto(link!);
  await expect(page).toHaveURL(`${site.staffUrl}/sign-in?next=${encodeURIComponent(`/leads/${reference}`)}`);
  const since = Date.now();
  await page.getByLabel("E-mail", { exact: true }).fill(SALES);
  await page.getByRole("button", { name: "E-mail me a sign-in link" }).click();
  await page.goto(await signInLinkFromInbox(inbox, SALES, since));
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page).toHaveURL(`${site.staffUrl}/leads/${reference}`);
  await expect(page.getByRole("heading", { level: 1, name: `Lead ${reference}` })).toBeVisible();
  await expect(page.getByRole("link", { name: email })).toHaveAttribute("href", `mailto:${email}`);
  await expect(page.getByText(message)).toBeVisible();
  await expect(page.getByText("Nobody yet")).toBeVisible();
  await checkPage(page, "a lead page at 390 px");

  // The inbox lists it, with its reference and who has it.
  await page.getByRole("link", { name: "Back to the leads" }).click();
  const card = page.getByRole("listitem").filter({ hasText: reference });
  await expect(card).toContainText("Initech");
  await expect(card).toContainText("Not taken");
  await expect(card).toContainText(/left \(business hours\)/);
  await checkPage(page, "/leads");
  await page.screenshot({ path: test.info().outputPath("leads-390.png"), fullPage: true });

  // Take it, as the signed-in person.
  await card.getByRole("link").first().click();
  await page.getByRole("button", { name: "Take this lead" }).click();
  await expect(page).toHaveURL(`${site.staffUrl}/leads/${reference}`);
  await expect(page.getByText(`You (${SALES})`)).toBeVisible();
  await expect(history(page)).toHaveText([new RegExp(`${SALES} took it$`)]);
  // Reload and Back show the lead as it is, and take nothing again.
  await page.reload();
  await page.goBack();
  await page.goForward();
  await expect(history(page)).toHaveCount(1);
  expect((await listed(reference))?.takenBy).toBe(SALES);
  await page.screenshot({ path: test.info().outputPath("lead-390.png"), fullPage: true });

  // The list as filtered (Mine), as CSV.
  await page.goto(`${site.staffUrl}/leads?view=mine`);
  await expect(page.getByRole("link", { name: "Mine" })).toHaveAttribute("aria-current", "page");
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Download CSV" }).click()]);
  const csv = await readFile((await download.path())!, "utf8");
  expect(csv.split("\r\n")[0]).toContain('"reference","firstName"');
  expect(csv).toContain(`"${reference}","Ada","Lovelace","${email}","Initech"`);
});

test("at 1280 px: take it over (the previous holder is e-mailed), close (off the open list, reminder settled, lead.closed sent), reopen and note", async ({ browser }) => {
  const page = await signedIn(browser, SALES_B, desktop, `/leads/${reference}`);
  await page.getByRole("button", { name: "Take it over" }).click();
  await expect(page.getByText(`You (${SALES_B})`)).toBeVisible();
  await expect(history(page).last()).toHaveText(new RegExp(`${SALES_B} took it over$`));
  await inbox.waitFor((mails) => mails.some((m) => m.rcptTo.includes(SALES) && m.mail.subject === `Your lead ${reference} was taken over by ${SALES_B}`), 10_000);

  // Close with an outcome: it leaves the open list.
  await page.getByLabel("Outcome").selectOption("Won");
  await page.getByLabel("Note (optional)").fill("Signed for a year");
  await page.getByRole("button", { name: "Close lead" }).click();
  await expect(page.getByText(new RegExp(`^Won, closed by ${SALES_B} on `))).toBeVisible();
  await expect(history(page).last()).toHaveText(new RegExp(`${SALES_B} closed it: Won. Note: Signed for a year$`));
  await checkPage(page, "a lead page at 1280 px");
  await page.goto(`${site.staffUrl}/leads?q=${reference}`);
  await expect(page.getByText("No leads here.")).toBeVisible();
  await page.getByRole("link", { name: "Closed" }).click();
  await expect(page.getByRole("listitem").filter({ hasText: reference })).toContainText("Won");
  await checkPage(page, "/leads");

  // The CRM is told; the reminder is settled, never sent; the terminal shows holder and outcome.
  await hooks.waitFor((events) => events.some((event) => event.payload.type === "lead.closed" && event.payload.data.reference === reference), 10_000);
  const event = hooks.deliveries.find((e) => e.payload.type === "lead.closed" && e.payload.data.reference === reference)!;
  expect(event.payload.data).toMatchObject({ outcome: "won", closedBy: SALES_B, takenBy: SALES_B, sequence: 1, open: false });
  const row = await listed(reference);
  expect(row).toMatchObject({ takenBy: SALES_B, outcome: "won", closedBy: SALES_B });
  expect(row?.deliveries.find((d) => d.channel === "reminder")?.status).toBe("settled");
  expect(await runMessages(site.databaseUrl)).toMatch(new RegExp(`${reference}  \\d+ \\w+ \\d{4}, \\d\\d:\\d\\d [\\s\\S]*taken by ${SALES_B}[^\\n]*; closed: won by ${SALES_B}`));

  // Reopen, then a note; reload repeats neither.
  await page.goto(`${site.staffUrl}/leads/${reference}`);
  await page.getByRole("button", { name: "Reopen" }).click();
  await expect(page.getByRole("button", { name: "Close lead" })).toBeVisible();
  await page.getByLabel("Note", { exact: true }).fill("Asked for a second site too");
  await page.getByRole("button", { name: "Add note" }).click();
  await expect(history(page).last()).toHaveText(new RegExp(`${SALES_B} noted: Asked for a second site too$`));
  const count = await history(page).count();
  await page.reload();
  await page.goBack();
  await page.goForward();
  await expect(history(page)).toHaveCount(count);
  expect((await listed(reference))?.outcome).toBeNull();
});

test("a marketing-only person gets 403 on /leads, a lead page and its actions", async ({ browser }) => {
  const page = await signedIn(browser, MARKETING, desktop, "/account");
  for (const path of ["/leads", `/leads/${reference}`, "/leads/export.csv", "/deliveries"]) {
    const response = await page.goto(`${site.staffUrl}${path}`);
    expect(response?.status(), path).toBe(403);
  }
  await expect(page.getByText("Your roles do not open this page.")).toBeVisible();
  for (const action of ["take", "close", "reopen", "note", "erase"]) {
    const response = await page.request.post(`${site.staffUrl}/leads/${reference}/${action}`, { headers: { Origin: site.staffUrl }, form: { action: "takeover", outcome: "spam", note: "x", confirm: "yes" }, maxRedirects: 0 });
    expect(response.status(), action).toBe(403);
  }
  expect(await listed(reference)).toMatchObject({ takenBy: SALES_B, outcome: null });
});

test("an operator resends and settles failed deliveries on /deliveries and erases a person after a confirmation, each audited", async ({ browser }) => {
  // The CRM is gone (410) for two leads: their webhooks fail at once.
  hooks.settings.status = 410;
  const leads: string[] = [];
  for (const name of ["Resend", "Settle"]) {
    const body = lead({ firstName: name, email: `${name.toLowerCase()}-${run}@example.com` });
    const response = await fetch(`${site.url}/api/contact`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
    leads.push(((await response.json()) as { id: string }).id.slice(0, 8).toUpperCase());
  }
  await expect.poll(async () => Promise.all(leads.map(async (ref) => (await listed(ref))?.deliveries.find((d) => d.channel === "webhook")?.status)), { timeout: 15_000 }).toEqual(["failed", "failed"]);
  hooks.settings.status = 200;

  const page = await signedIn(browser, OPERATOR, phone, "/deliveries");
  const failed = (ref: string) => page.getByRole("listitem").filter({ hasText: ref });
  await expect(failed(leads[0]!)).toContainText("Last error: endpoint gone");
  await checkPage(page, "/deliveries at 390 px");
  await failed(leads[0]!).getByRole("button", { name: /^Resend/ }).click();
  await expect(page).toHaveURL(`${site.staffUrl}/deliveries`);
  await hooks.waitFor((events) => events.some((e) => e.payload.type === "lead.created" && e.payload.data.firstName === "Resend"), 15_000);
  await failed(leads[1]!).getByRole("button", { name: /^Settle/ }).click();
  await expect(failed(leads[1]!)).toHaveCount(0);
  expect((await listed(leads[1]!))?.deliveries.find((d) => d.channel === "webhook")?.status).toBe("settled");

  // Erase the first visitor: a confirmation first, then nothing of them is left.
  await page.goto(`${site.staffUrl}/leads/${reference}`);
  await page.getByRole("link", { name: "Erase this person" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Erase this person?" })).toBeVisible();
  expect(await listed(reference)).toBeDefined();
  await page.getByRole("button", { name: "Erase this person" }).click();
  await expect(page).toHaveURL(`${site.staffUrl}/leads`);
  expect(await listed(reference)).toBeUndefined();
  expect((await page.goto(`${site.staffUrl}/leads/${reference}`))?.status()).toBe(404);
  expect(JSON.parse(await runMessages(site.databaseUrl, "export", "--email", email)).leads).toEqual([]);

  const audit = (await runStaff(site.databaseUrl, ["audit"])).stdout;
  for (const line of [`${SALES} lead.take ${reference}`, `${SALES_B} lead.close ${reference}`, `${SALES} leads.export`, `${OPERATOR} delivery.resend ${leads[0]}`, `${OPERATOR} delivery.settle ${leads[1]}`, `${OPERATOR} lead.erase ${reference}`]) {
    const [actor, action, subject] = line.split(" ");
    expect(audit, line).toMatch(new RegExp(`${actor}[^\\n]*${action}[^\\n]*${subject ?? ""}`));
  }
  expect(audit).not.toContain(email);
});

test("at 320 px: the longest valid name, company and address, an unbroken message and a long delivery error scroll nowhere sideways (inbox, lead, erase, deliveries)", async ({ browser }) => {
  // The form's limits: names and company at their maximum without a space, a 252-character address.
  const label = "b".repeat(59);
  const long = lead({
    firstName: `W${run}`.padEnd(100, "W"),
    lastName: "L".repeat(100),
    company: "C".repeat(200),
    email: `${"a".repeat(64)}@${label}.${label}.${label}.ex`,
    message: "M".repeat(3000),
  });
  // Its webhook fails, so /deliveries lists it with its name; its e-mail too, refused with a reply that has no
  // space to break at (a mail server's diagnostic can be any length; the error is kept up to 500 characters).
  hooks.settings.status = 410;
  const diagnostic = `5.7.1 ${"R".repeat(420)}`;
  inbox.settings.refuse["sales@arcline.example"] = `550 ${diagnostic}`;
  const response = await fetch(`${site.url}/api/contact`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(long) });
  expect(response.status).toBe(201);
  const ref = ((await response.json()) as { id: string }).id.slice(0, 8).toUpperCase();
  const status = async (channel: string) => (await listed(ref))?.deliveries.find((d) => d.channel === channel)?.status;
  await expect.poll(async () => [await status("webhook"), await status("email")], { timeout: 15_000 }).toEqual(["failed", "failed"]);
  hooks.settings.status = 200;
  delete inbox.settings.refuse["sales@arcline.example"];

  const page = await signedIn(browser, OPERATOR, { viewport: { width: 320, height: 640 }, hasTouch: true, isMobile: true }, `/leads?q=${run}`);
  for (const path of [`/leads?q=${run}`, `/leads/${ref}`, `/leads/${ref}/erase`, "/deliveries"]) {
    await page.goto(`${site.staffUrl}${path}`);
    await expect(page.getByText(String(path.endsWith("/erase") ? long.email : long.firstName)).first()).toBeVisible();
    if (path === "/deliveries") await expect(page.getByRole("listitem").filter({ hasText: ref }).filter({ hasText: `Last error: the mail server refused sales@arcline.example (550 ${diagnostic})` })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth), `${path} scrolls sideways`).toBeLessThanOrEqual(320);
  }
});
