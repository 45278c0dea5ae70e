import { writeFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { startFakeSiteverify } from "../test/support/fake-siteverify.mjs";
import { startChatReceiver, startSmtpInbox } from "../test/support/lead-inbox.mjs";
import { lead } from "../test/support/leads";
import { startServer, tempDatabaseUrl, type SiteServer } from "../test/support/servers";

/*
 * Reminders (issue 31) with two instances on one PostgreSQL: a lead not taken gets one reminder (e-mail and chat)
 * when its window ends and one escalation at twice the window, however many instances there are, and a lead taken
 * gets neither. All instances are down when the window ends: the reminder goes once one is back. A 30-second window
 * round the clock (SALES_RESPONSE_MINUTES takes a fraction) keeps the test near a minute; the deadlines are
 * event-driven (each instance sleeps until the next one is due), so a short window tests the same code.
 * Runs in the "postgres" project only (playwright.config.ts).
 */

const WINDOW_MS = 30_000;

test("two instances: one reminder and one escalation per lead not taken, none for a taken one, none lost to a restart", async () => {
  test.setTimeout(150_000);
  const siteverify = await startFakeSiteverify();
  const inbox = await startSmtpInbox();
  const chat = await startChatReceiver();
  const running: SiteServer[] = [];
  try {
    const databaseUrl = tempDatabaseUrl();
    const env = {
      DATABASE_URL: databaseUrl,
      RECAPTCHA_VERIFY_URL: siteverify.url,
      CONTACT_RATE_LIMIT: "1000",
      SMTP_URL: inbox.url,
      LEADS_NOTIFY_TO: "sales@arcline.example",
      LEADS_CHAT_WEBHOOK_URL: chat.url,
      LEADS_LINK_SECRET: "72ef010d4264792ac7f14b1bd41f2700949b5f261d7ae9b2",
      SALES_HOURS: "Mon-Sun 00:00-24:00",
      SALES_RESPONSE_MINUTES: String(WINDOW_MS / 60_000),
      SALES_ESCALATION_TO: "head-of-sales@arcline.example",
      COMPANY_TIME_ZONE: "Europe/Berlin",
      // The site's own take page (no workspace): its links and POST take a lead on any instance.
      STAFF_PORT: "off",
    };
    // One after the other, with a second try: on a machine this busy a start can miss the helper's 15 s.
    const startOne = async () => {
      const server = await startServer(env).catch(() => startServer(env));
      running.push(server);
      return server;
    };
    const start = async () => [await startOne(), await startOne()];
    const [a, b] = await start();
    const post = async (server: SiteServer, company: string) => {
      const response = await fetch(`${server.url}/api/contact`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(lead({ company })) });
      expect(response.status).toBe(201);
      return ((await response.json()) as { id: string }).id;
    };
    // The lead is stored, and its deadlines set, between these two instants.
    const postStarted = Date.now();
    const waiting = await post(a!, "Waiting Ltd");
    const posted = Date.now();
    const taken = await post(b!, "Taken Ltd");
    // The taken lead is taken through its link, on the other instance.
    await inbox.waitFor((mails) => mails.filter((m) => /^New enquiry/.test(m.mail.subject ?? "")).length === 2, 10_000);
    const takenLink = inbox.mails.map((m) => /^Take this lead: (\S+)$/m.exec(m.mail.text ?? "")?.[1]).find((link) => link?.includes(`/leads/take/${taken}.`))!;
    const path = new URL(takenLink).pathname;
    const takeAnswer = await fetch(`${a!.url}${path}`, { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: "name=Ada&action=take" });
    expect(takeAnswer.status).toBe(200);

    // Every instance stops before the window ends (one crashes) and starts again after it: the reminder is still due.
    await a!.crash();
    await b!.stop();
    running.splice(0);
    const reminders = () => inbox.mails.filter((m) => m.mail.subject?.startsWith("Not yet taken:"));
    const escalations = () => inbox.mails.filter((m) => m.mail.subject?.startsWith("Still not taken (escalation):"));
    // Down before the window ended, or this would not test a restart.
    expect(Date.now(), "instances down before the window ended").toBeLessThan(postStarted + WINDOW_MS);
    expect(reminders()).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, posted + WINDOW_MS + 5_000 - Date.now())));
    const restartedAt = Date.now();
    await start();

    await inbox.waitFor(() => reminders().length >= 1, 30_000);
    test.info().annotations.push({ type: "reminder after restart", description: `${Date.now() - restartedAt} ms` });
    await chat.waitFor((messages) => messages.some((m) => m.body.text.startsWith("Not yet taken:")), 30_000);

    // The escalation at twice the window, with both instances running: within 30 s of its due time.
    await inbox.waitFor(() => escalations().length >= 1, Math.max(0, posted + 2 * WINDOW_MS + 30_000 - Date.now()));
    // Not before its due time (the lead was stored after postStarted), and within 30 s of it.
    const escalatedAt = escalations()[0]!.receivedAt;
    expect(escalatedAt, "escalation not before twice the window").toBeGreaterThanOrEqual(postStarted + 2 * WINDOW_MS);
    const escalatedAfter = escalatedAt - (posted + 2 * WINDOW_MS);
    test.info().annotations.push({ type: "escalation after its due time", description: `${escalatedAfter} ms` });
    expect(escalatedAfter).toBeLessThan(30_000);
    // Two instances' poll cycles later, still one of each.
    await new Promise((resolve) => setTimeout(resolve, 8_000));
    expect(reminders()).toHaveLength(1);
    expect(escalations()).toHaveLength(1);
    expect(chat.messages.filter((m) => m.body.text.startsWith("Not yet taken:"))).toHaveLength(1);
    const [reminder] = reminders();
    const [escalation] = escalations();
    expect(reminder!.rcptTo).toEqual(["sales@arcline.example"]);
    expect(escalation!.rcptTo).toEqual(["head-of-sales@arcline.example"]);
    // Each is about the lead not taken, with its take link; the taken one got nothing.
    for (const mail of [reminder!, escalation!]) {
      expect(mail.mail.text).toContain(`/leads/take/${waiting}.`);
      expect(mail.mail.text).toContain("Waiting Ltd");
    }
    const followUps = [...reminders(), ...escalations()].map((m) => m.mail.text ?? "").concat(chat.messages.filter((m) => m.body.text.startsWith("Not yet taken:")).map((m) => m.body.text));
    expect(followUps.filter((text) => text.includes("Taken Ltd") || text.includes(taken))).toEqual([]);
    expect(chat.messages.find((m) => m.body.text.startsWith("Not yet taken:"))!.body.text).toContain(`/leads/take/${waiting}.`);
    // Kept for the report: what sales read.
    writeFileSync(test.info().outputPath("reminder.txt"), `Subject: ${reminder!.mail.subject}\n\n${reminder!.mail.text}`);
  } finally {
    for (const server of running) await server.stop();
    await inbox.stop();
    await chat.stop();
    await siteverify.close();
  }
});
