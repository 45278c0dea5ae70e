import { expect, test, type Browser } from "@playwright/test";
import { startFakeSiteverify, type FakeSiteverify } from "../test/support/fake-siteverify.mjs";
import { newWebhookSecret, startChatReceiver, startSmtpInbox, startWebhookReceiver } from "../test/support/lead-inbox.mjs";
import { sendContactForm } from "../test/support/contact-form";
import { stubRecaptcha } from "../test/support/recaptcha-stub";
import { listMessages, runMessages, startServer, withLeadId, type SiteServer } from "../test/support/servers";
import { unique } from "../test/support/leads";

/*
 * A visitor arrives from a campaign link, reads two pages, and writes: sales sees where the lead came from in
 * the stored lead, the e-mail, the webhook and the chat alert. Chromium against the production server, with a
 * real SMTP server, webhook and chat receivers on loopback; only Google's reCAPTCHA is stood in for.
 */

test.describe.configure({ mode: "serial" });

let server: SiteServer;
let inbox: Awaited<ReturnType<typeof startSmtpInbox>>;
let hooks: Awaited<ReturnType<typeof startWebhookReceiver>>;
let chat: Awaited<ReturnType<typeof startChatReceiver>>;
let siteverify: FakeSiteverify;

test.beforeAll(async () => {
  const secret = newWebhookSecret();
  [inbox, hooks, chat, siteverify] = await Promise.all([startSmtpInbox(), startWebhookReceiver(secret), startChatReceiver(), startFakeSiteverify()]);
  server = await startServer({
    RECAPTCHA_VERIFY_URL: siteverify.url,
    RECAPTCHA_HOSTNAMES: "127.0.0.1",
    SMTP_URL: inbox.url,
    LEADS_NOTIFY_TO: "sales@arcline.example",
    LEADS_NOTIFY_FROM: "Website <no-reply@arcline.example>",
    LEADS_WEBHOOK_URL: hooks.url,
    LEADS_WEBHOOK_SECRET: secret,
    LEADS_CHAT_WEBHOOK_URL: chat.url,
    LEADS_CONFIRMATION: "on",
    COMPANY_TIME_ZONE: "Europe/Berlin",
  });
});

test.afterAll(async () => {
  await server?.stop();
  await Promise.all([inbox?.stop(), hooks?.stop(), chat?.stop(), siteverify?.close()]);
});

async function visitAndWrite(browser: Browser, viewport: { width: number; height: number }, phone: boolean) {
  const context = await browser.newContext({ viewport, hasTouch: phone, isMobile: phone });
  const page = await context.newPage();
  await stubRecaptcha(page);
  const posts: unknown[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).pathname === "/api/contact") posts.push(JSON.parse(request.postData() ?? "null"));
  });
  // Nothing about the visit leaves the browser before the form is sent.
  const otherRequests: string[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    const ours = url.origin === new URL(server.url).origin;
    // The page view counts (POST /api/visit, decision 34) carry no personal data and nothing of the form.
    if ((!ours && !url.pathname.includes("/recaptcha/")) || (ours && url.pathname.startsWith("/api/") && url.pathname !== "/api/contact" && url.pathname !== "/api/visit")) otherRequests.push(request.url());
  });

  await page.goto(`${server.url}/?utm_source=newsletter&utm_campaign=spring`, { referer: "https://news.example/issue/7?reader=ada" });
  await expect(page.locator("html[data-hydrated]")).toBeAttached();
  // Two internal links: a service card, then that page's call to action back to the form.
  await page.locator('main a[href="/services/ux-design"]').first().click();
  await expect(page).toHaveURL(/\/services\/ux-design$/);
  await page.locator('section[aria-labelledby="cta-heading"] a').click();
  await expect(page).toHaveURL(`${server.url}/`);

  const privacyLine = (await page.locator("#contact-privacy").textContent()) ?? "";
  const email = `ada.${unique()}@example.com`;
  const message = `We want to modernise our platform. ${unique()}`;
  const response = await sendContactForm(page, { email, message, company: "Analytical Engines" });
  const { id, publicId } = await withLeadId(server.databaseUrl, (await response.json()) as { ok: boolean; id: string });
  await context.close();
  expect(otherRequests).toEqual([]);
  expect(posts).toHaveLength(1);
  return { id, publicId: publicId!, email, message, privacyLine, posted: posts[0] as { source?: Record<string, unknown> } };
}

const expectedSource = {
  landingPage: "/",
  utm: { source: "newsletter", campaign: "spring" },
  referrer: "https://news.example",
  pages: ["/", "/services/ux-design", "/"],
};

for (const [name, viewport, phone] of [
  ["on a phone", { width: 390, height: 844 }, true],
  ["on a desktop", { width: 1280, height: 800 }, false],
] as const) {
  test(`a lead from a campaign link shows its origin in the stored lead, the e-mail, the webhook and the chat alert (${name})`, async ({ browser }) => {
    const { id, publicId, email, message, privacyLine, posted } = await visitAndWrite(browser, viewport, phone);
    expect(posted.source).toEqual(expectedSource);
    // The line under the form names every kind of thing the request carried.
    const named: Record<string, RegExp> = { landingPage: /pages you viewed/, pages: /pages you viewed/, referrer: /site that linked you here/, utm: /campaign tags \(utm_/ };
    for (const key of Object.keys(posted.source!)) expect(privacyLine, `the privacy line names the ${key}`).toMatch(named[key] ?? /(?!)/);

    const [stored] = (await listMessages(server.databaseUrl)).filter((lead) => lead.id === id);
    expect(stored?.source).toEqual(expectedSource);

    await inbox.waitFor((mails) => mails.some((m) => m.mail.headers.get("x-lead-id") === String(id) && m.rcptTo.includes("sales@arcline.example")));
    const sales = inbox.mails.find((m) => m.mail.headers.get("x-lead-id") === String(id) && m.rcptTo.includes("sales@arcline.example"))!;
    const text = sales.mail.text ?? "";
    // The source block comes after the message, in the plain text and in the HTML.
    expect(text.indexOf("Source:")).toBeGreaterThan(text.indexOf(message));
    for (const line of ["Landing page: /", "Campaign: spring (source newsletter)", "Referrer: https://news.example", "Pages viewed (3): / → /services/ux-design → /"]) {
      expect(text).toContain(line);
    }
    expect(text).toMatch(/Received: \w+day, \d{1,2} \w+ \d{4} at \d\d:\d\d \(Europe\/Berlin\)/);
    expect(sales.mail.html).toContain("/ → /services/ux-design → /");
    expect(sales.mail.html).toContain("Europe/Berlin");

    await hooks.waitFor((deliveries) => deliveries.some((d) => d.payload.data.id === id));
    expect(hooks.deliveries.find((d) => d.payload.data.id === id)!.payload.data.source).toEqual(expectedSource);

    await chat.waitFor((messages) => messages.some((m) => m.body.text.includes(`#${id} `)));
    const alert = chat.messages.find((m) => m.body.text.includes(`#${id} `))!.body.text;
    expect(alert).toContain(`New lead #${id} from *Ada Lovelace* (Analytical Engines)`);
    expect(alert).toContain(`> ${message}`);
    expect(alert).toContain("Source: campaign spring (source newsletter)");

    // The visitor's confirmation: to them alone, none of their words.
    await inbox.waitFor((mails) => mails.some((m) => m.rcptTo.includes(email)));
    const confirmation = inbox.mails.filter((m) => m.rcptTo.includes(email));
    expect(confirmation).toHaveLength(1);
    // Its reference is the public id's, never the row id.
    expect(confirmation[0]!.mail.text).toContain(`Your reference is ${publicId.slice(0, 8).toUpperCase()}.`);
    expect(confirmation[0]!.mail.text).not.toContain(`#${id}`);
    expect(confirmation[0]!.mail.text).not.toContain("Ada");
    expect(confirmation[0]!.mail.text).not.toContain(message);

    // The operator's views name the source too.
    const listed = await runMessages(server.databaseUrl);
    expect(listed).toMatch(new RegExp(`#${id} [\\s\\S]*Campaign: spring \\(source newsletter\\)[\\s\\S]*Pages viewed \\(3\\): / → /services/ux-design → /`));
    const csv = await runMessages(server.databaseUrl, "--format", "csv");
    expect(csv).toMatch(/"sourceLandingPage","sourceUtmSource","sourceUtmMedium","sourceUtmCampaign"/);
    expect(csv).toContain(`"/","newsletter","","spring","","","https://news.example","/ > /services/ux-design > /"`);
  });
}
