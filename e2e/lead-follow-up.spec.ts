import { expect, test } from "@playwright/test";
import { startFakeSiteverify } from "../test/support/fake-siteverify.mjs";
import { startChatReceiver, startSmtpInbox, type ReceivedMail } from "../test/support/lead-inbox.mjs";
import { listMessages, runMessages, startServer, withLeadId, type SiteServer } from "../test/support/servers";
import { lead as sampleLead, unique } from "../test/support/leads";
import { site } from "../app/config/site";

/*
 * What follows a lead besides sales' e-mail: the visitor's confirmation, the team chat alert, and the source
 * sent with the form, against the production server with a real SMTP server and chat receiver on loopback,
 * on each engine. Each test starts its own.
 */

test.describe.configure({ mode: "parallel" });

// Each lead of its own address: the confirmation goes to an address at most once a day.
const lead = (overrides: Record<string, unknown> = {}) => sampleLead({ email: `grace.${unique()}@navy.example`, ...overrides });

async function setUp(env: Record<string, string> = {}) {
  const inbox = await startSmtpInbox();
  const chat = await startChatReceiver();
  const siteverify = await startFakeSiteverify();
  const server: SiteServer = await startServer({
    RECAPTCHA_VERIFY_URL: siteverify.url,
    CONTACT_RATE_LIMIT: "1000",
    SMTP_URL: inbox.url,
    LEADS_NOTIFY_TO: "sales@arcline.example, leads@arcline.example",
    LEADS_NOTIFY_FROM: "Website <no-reply@arcline.example>",
    LEADS_CHAT_WEBHOOK_URL: chat.url,
    LEADS_CONFIRMATION: "on",
    LEADS_RETRY_BASE_SECONDS: "1",
    ...env,
  });
  return {
    inbox,
    chat,
    server,
    async post(body: Record<string, unknown>) {
      const response = await fetch(`${server.url}/api/contact`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
      return { status: response.status, ...(await withLeadId(server.databaseUrl, (await response.json()) as { ok: boolean; id?: string; error?: string })) };
    },
    async tearDown() {
      await server.stop();
      await Promise.all([inbox.stop().catch(() => {}), chat.stop().catch(() => {}), siteverify.close()]);
    },
  };
}
type Setup = Awaited<ReturnType<typeof setUp>>;
const withSetup = (env: Record<string, string>, run: (s: Setup) => Promise<void>) => async () => {
  const setup = await setUp(env);
  try {
    await run(setup);
  } finally {
    await setup.tearDown();
  }
};

const to = (s: Setup, address: string) => s.inbox.mails.filter((received: ReceivedMail) => received.rcptTo.includes(address));
const channelStatus = async (s: Setup, id: number, channel: string) => (await listMessages(s.server.databaseUrl)).find((m) => m.id === id)?.deliveries.find((d) => d.channel === channel)?.status;

test("a verified visitor gets one confirmation: to them alone, auto-replied, replies going to the public sales address, and none of their words", withSetup({}, async (s) => {
  const body = lead({ firstName: "Eve <b>", company: "Spam Corp", message: `Buy cheap watches at https://spam.example ${unique()}` });
  const email = body.email as string;
  const first = await s.post(body);
  expect(first.status).toBe(201);
  await s.inbox.waitFor(() => to(s, email).length === 1);
  const [{ mail, rcptTo }] = to(s, email) as [ReceivedMail];
  expect(rcptTo).toEqual([email]);
  expect(mail.to && "value" in mail.to ? mail.to.value.map((a) => a.address) : []).toEqual([email]);
  expect(mail.cc).toBeUndefined();
  expect(mail.bcc).toBeUndefined();
  expect(mail.headers.get("auto-submitted")).toBe("auto-replied");
  // One public address (LEADS_REPLY_TO, by default the site's sales e-mail): never the internal LEADS_NOTIFY_TO list.
  expect(mail.replyTo?.value.map((a) => a.address)).toEqual([site.salesEmail]);
  expect(JSON.stringify(mail.headers.get("reply-to"))).not.toMatch(/arcline\.example/);
  expect(mail.from?.value).toEqual([{ name: "Website", address: "no-reply@arcline.example" }]);
  // The reference comes from the public id: the row id would tell anyone who writes twice how many leads came in between.
  const reference = first.publicId!.slice(0, 8).toUpperCase();
  expect(mail.subject).toBe(`We received your message (reference ${reference})`);
  const text = mail.text ?? "";
  expect(text).toContain(`Your reference is ${reference}.`);
  for (const part of [mail.subject ?? "", text, String(mail.html)]) expect(part).not.toContain(`#${first.id}`);
  expect(mail.headers.get("x-lead-id")).toBeUndefined();
  expect(text).toMatch(/Your message reached us on \w+day, \d{1,2} \w+ \d{4} at \d\d:\d\d \(UTC\), and a senior consultant will reply within one business day\./);
  expect(text).toContain("hello@example.com");
  // Nothing the visitor typed: not their name, company or message, in either part.
  for (const part of [text, String(mail.html)]) {
    for (const typed of ["Eve", "Spam Corp", "spam.example", "watches", body.message as string]) expect(part).not.toContain(typed);
    expect(part).not.toMatch(/<img|https?:\/\//i);
  }

  // A second message within a day: stored and sent to sales, but no second confirmation (any case, any +tag: one inbox).
  const again = email.replace("@", "+again@").toUpperCase();
  const second = await s.post(lead({ email: again }));
  expect(second.status).toBe(201);
  await s.inbox.waitFor(() => s.inbox.mails.some((m) => m.mail.headers.get("x-lead-id") === String(second.id) && m.rcptTo.includes("sales@arcline.example")));
  await expect.poll(() => channelStatus(s, second.id, "email")).toBe("sent");
  expect(to(s, email)).toHaveLength(1);
  expect(to(s, again)).toHaveLength(0);
  expect((await listMessages(s.server.databaseUrl)).find((m) => m.id === second.id)?.deliveries.map((d) => d.channel)).not.toContain("confirmation");
  // The operator sees the confirmation as a delivery of the first lead.
  await expect.poll(() => channelStatus(s, first.id, "confirmation")).toBe("sent");
  expect(await runMessages(s.server.databaseUrl)).toMatch(new RegExp(`#${first.id} [\\s\\S]*-> confirmation: sent`));
}));

test("an unverified lead gets no confirmation", withSetup({}, async (s) => {
  const unverified = lead({ recaptchaToken: `http500:${unique()}` });
  const { id } = await s.post(unverified);
  await s.inbox.waitFor(() => s.inbox.mails.some((m) => m.mail.headers.get("x-lead-id") === String(id)));
  await expect.poll(() => channelStatus(s, id, "chat")).toBe("sent");
  expect(to(s, unverified.email as string)).toEqual([]);
  expect((await listMessages(s.server.databaseUrl)).find((m) => m.id === id)?.deliveries.map((d) => d.channel).sort()).toEqual(["chat", "email"]);
}));

test("the chat alert keeps a visitor's mentions, links and images as plain text for Slack and Markdown clients, names the lead and its source, and is retried", withSetup({}, async (s) => {
  s.chat.settings.status = 503;
  const hostile = lead({
    firstName: "<!channel>",
    lastName: "<@U024BE7LH> @here",
    company: "<https://evil.example|Click me> & Co [CRM](https://phish.example)",
    message: `Hello <!here> <!everyone> <@U123|boss> <#C123> <https://evil.example/login|Your account> @channel [Open lead in CRM](https://phish.example) ![](https://tracker.example/p.png) www.phish.example ${"x".repeat(400)}`,
    source: { landingPage: "/", utm: { campaign: "<!channel> spring", source: "<https://evil.example|news>", term: "[win](https://phish.example)" }, pages: ["/"] },
  });
  const { id } = await s.post(hostile);
  await expect.poll(async () => (await listMessages(s.server.databaseUrl)).find((m) => m.id === id)?.deliveries.find((d) => d.channel === "chat")?.attempts, { timeout: 15_000 }).toBeGreaterThanOrEqual(1);
  s.chat.settings.status = 200;
  await s.chat.waitFor((messages) => messages.length === 1);
  const [{ body, headers }] = s.chat.messages as [(typeof s.chat.messages)[number]];
  expect(headers["content-type"]).toBe("application/json");
  expect(body.unfurl_links).toBe(false);
  // The one link is ours, last: the lead's page in the staff workspace (issues 31, 37). The rest is the visitor's text.
  const takeLink = new RegExp(`\\n<${s.server.staffUrl}/leads/[0-9A-F]{8}\\|Take this lead>$`);
  expect(body.text).toMatch(takeLink);
  const text = body.text.replace(takeLink, "");
  // Slack reads <…> as a mention, a channel or a link: none may come from the visitor.
  expect(text).not.toMatch(/<[!@#]/);
  expect(text).not.toMatch(/<https?:/);
  expect(text.match(/</g) ?? []).toEqual([]);
  expect(text).toContain("&lt;!channel&gt;");
  expect(text).toContain("&lt;https\u2060://evil.example|Click me&gt; &amp; Co [CRM]\u2060(https\u2060://phish.example)");
  // Mattermost and Discord read Markdown: no link, image or bare URL a visitor typed may survive whole.
  expect(text).not.toMatch(/\]\(|!\[\]\(|https?:\/\/|www\./);
  expect(text).toContain("[Open lead in CRM]\u2060(https\u2060://phish.example) ![]\u2060(https\u2060://tracker.example/p.png) www\u2060.phish.example");
  expect(text).toContain("&lt;!here&gt;");
  // Mattermost and Discord read @channel, @here, @everyone: a word joiner keeps them from firing.
  expect(text).not.toMatch(/@(channel|here|everyone)/);
  expect(text).toContain(`New lead #${id} from *&lt;!channel&gt; &lt;@\u2060U024BE7LH&gt; @\u2060here*`);
  // The first 300 characters of the message, then an ellipsis.
  const quoted = text.split("\n").find((line) => line.startsWith("> "))!;
  expect(quoted.endsWith("x…")).toBe(true);
  expect(text).toContain("Source: campaign &lt;!channel&gt; spring (source &lt;https\u2060://evil.example|news&gt;");
  await expect.poll(() => channelStatus(s, id, "chat")).toBe("sent");
}));

test("a forged, oversized or malformed source never costs the lead: it is stored without it; erase removes a stored source", withSetup({ LEADS_CONFIRMATION: "off", LOG_LEVEL: "debug" }, async (s) => {
  const email = `ada.${unique()}@example.com`;
  const bad = [
    { landingPage: "/", pages: ["/"], email: "forged@example.com" },
    { landingPage: "/", pages: ["/"], utm: { campaign: "c".repeat(5000) } },
    { landingPage: "/", pages: Array.from({ length: 200 }, (_, i) => `/page-${i}`) },
    { landingPage: "/?token=secret", pages: ["/"] },
    { landingPage: "/", pages: ["/"], referrer: "https://news.example/issue?reader=ada" },
    "newsletter",
    42,
    [{ landingPage: "/" }],
    { pages: ["/"] },
  ];
  for (const source of bad) {
    const answer = await s.post(lead({ email, source }));
    expect(answer.status, JSON.stringify(source).slice(0, 80)).toBe(201);
  }
  const good = { landingPage: "/resources/x", utm: { campaign: "spring\u0007" }, referrer: "https://news.example", pages: ["/resources/x", "/"] };
  const kept = await s.post(lead({ email, source: good }));
  expect(kept.status).toBe(201);
  const leads = (await listMessages(s.server.databaseUrl)).filter((m) => m.email === email);
  expect(leads).toHaveLength(bad.length + 1);
  expect(leads.slice(0, bad.length).map((m) => m.source)).toEqual(bad.map(() => null));
  expect(leads.at(-1)?.source).toEqual({ ...good, utm: { campaign: "spring" } });
  // Each one is logged at debug level with its reason, never with the value it held.
  expect(s.server.output().match(/"msg":"contact source dropped","reason":"source/g)).toHaveLength(bad.length);
  expect(s.server.output()).not.toContain("forged@example.com");

  const exported = JSON.parse(await runMessages(s.server.databaseUrl, "export", "--email", email)) as { leads: { source: unknown }[] };
  expect(exported.leads.at(-1)?.source).toEqual({ ...good, utm: { campaign: "spring" } });
  expect(await runMessages(s.server.databaseUrl, "erase", "--email", email)).toContain(`Erased ${bad.length + 1} leads`);
  const after = await runMessages(s.server.databaseUrl, "export", "--email", email);
  expect(JSON.parse(after).leads).toEqual([]);
  expect(await runMessages(s.server.databaseUrl, "--format", "json")).not.toContain("/resources/x");
}));

test("a visitor's made-up address fails the confirmation for good; sales has the lead, so messages status warns and exits 0", withSetup({}, async (s) => {
  const body = lead();
  const email = body.email as string;
  s.inbox.settings.refuse[email.toLowerCase()] = "550 No such user";
  const { id } = await s.post(body);
  await expect.poll(() => channelStatus(s, id, "confirmation"), { timeout: 20_000 }).toBe("failed");
  await expect.poll(() => channelStatus(s, id, "email")).toBe("sent");
  // runMessages rejects on a non-zero exit code.
  const status = await runMessages(s.server.databaseUrl, "status");
  expect(status).toMatch(/^WARNING confirmation: 1 delivery failed for good/m);
  expect(status).not.toContain("PROBLEM");
  expect(status).toContain("OK: nothing failed, nothing waiting too long for sales");
}));
