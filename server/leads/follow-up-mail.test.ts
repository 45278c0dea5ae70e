// @vitest-environment node
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { startSmtpInbox, type ReceivedMail } from "../../test/support/lead-inbox.mjs";
import { loadConfig } from "../config";
import { bothEngines, quietLog, sampleMessage } from "../../test/support/store-engines";
import type { NewMessage, Store } from "../db/store";
import { createDelivery } from "../delivery";
import { formatReceived } from "../delivery/lead-text";

/*
 * Issue 36, items 19 and 20: e-mails sales can act on, and only real leads chased. The real delivery (worker,
 * senders) on both engines, a real SMTP server on loopback. The leads arrived long enough ago that their reminder
 * and escalation are due at once.
 */

const engines = bothEngines("follow-up-mail-");
const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const LINK_SECRET = "q7Vd0Jw3nKc9XbT2mRf8LpZ4sHy6GeA1uNo5IvE3xQk=";

describe.each(["sqlite", "postgres"] as const)("sales' e-mails on %s", (engine) => {
  async function setUp() {
    const store: Store = await engines[engine]();
    const inbox = await startSmtpInbox();
    const mailDir = mkdtempSync(join(tmpdir(), "follow-up-mail-"));
    const config = loadConfig({
      RECAPTCHA_SECRET_KEY: "a-real-looking-secret",
      SMTP_URL: inbox.url,
      LEADS_NOTIFY_TO: "sales@arcline.example",
      LEADS_NOTIFY_FROM: "Website <no-reply@arcline.example>",
      LEADS_LINK_SECRET: LINK_SECRET,
      SALES_ESCALATION_TO: "head-of-sales@arcline.example",
      SALES_HOURS: "Mon-Sun 00:00-24:00",
      SALES_RESPONSE_MINUTES: "60",
      COMPANY_TIME_ZONE: "America/New_York",
      LEADS_MAIL_DIR: mailDir,
    });
    const delivery = createDelivery(config, store, quietLog);
    cleanups.push(() => store.close(), () => inbox.stop(), () => rmSync(mailDir, { recursive: true, force: true }), () => delivery.close(), () => delivery.worker.stop(1_000));
    const insert = async (message: Partial<NewMessage>) => {
      const createdAt = new Date(Date.now() - 3 * 3600_000).toISOString();
      const lead = { ...sampleMessage, createdAt, ...delivery.deadlines(createdAt)!, ...message };
      return store.insertLead(lead, delivery.enqueue({ email: lead.email, verification: lead.verification, createdAt }));
    };
    return { store, inbox, delivery, insert };
  }
  const about = (inbox: { mails: ReceivedMail[] }, id: number) => inbox.mails.filter((m) => m.mail.headers.get("x-lead-id") === String(id));

  it("the first says by when to answer in the company's zone, link first; the reminder and escalation carry the visitor, reply to them and thread under the first", async () => {
    const { store, inbox, delivery, insert } = await setUp();
    const lead = await insert({ firstName: "Grace", lastName: "Hopper", email: "grace@navy.example", company: "Navy", message: "We need a compiler.\nBy spring." });
    await delivery.start();
    await inbox.waitFor((mails) => mails.length === 3, 20_000);
    const [first] = about(inbox, lead.id).filter((m) => m.mail.subject?.startsWith("New enquiry"));
    expect(first!.mail.text!.split("\n")[0]).toMatch(/^Take this lead: http:\/\/localhost:3000\/leads\/take\//);
    expect(first!.mail.text!.split("\n")[1]).toMatch(/^Respond by: \w+day, \d+ \w+ \d{4} at \d\d:\d\d \(America\/New_York\)$/);
    const [stored] = await store.findLeads(String(lead.id));
    expect(first!.mail.text).toContain(`Respond by: ${formatReceived(stored!.respondBy!, "America/New_York")}`);
    const html = String(first!.mail.html);
    expect(html.indexOf("Take this lead")).toBeLessThan(html.indexOf("Respond by"));
    expect(html.indexOf("Respond by")).toBeLessThan(html.indexOf("<table>"));
    const firstId = first!.mail.messageId!;
    expect(firstId).toMatch(/^<lead-[0-9a-f-]+@arcline\.example>$/);

    for (const subject of ["Not yet taken:", "Still not taken (escalation):"]) {
      const [mail] = about(inbox, lead.id).filter((m) => m.mail.subject?.startsWith(subject));
      expect(mail, subject).toBeDefined();
      expect(mail!.mail.replyTo?.value).toEqual([{ name: "Grace Hopper", address: "grace@navy.example" }]);
      expect(mail!.mail.inReplyTo).toBe(firstId);
      expect([mail!.mail.references].flat()).toEqual([firstId]);
      expect(mail!.mail.text!.split("\n")[0]).toMatch(/^Take this lead: /);
      for (const field of ["Name: Grace Hopper", "Email: grace@navy.example", "Company: Navy", "We need a compiler.\nBy spring."]) expect(mail!.mail.text, `${subject} ${field}`).toContain(field);
      expect(mail!.mail.html).toContain("We need a compiler.");
    }
  });

  it("an unverified lead is mailed to sales but not chased until it is marked verified", async () => {
    const { store, inbox, delivery, insert } = await setUp();
    const unverified = await insert({ email: "maybe@example.com", verification: "unverified", verificationNote: "siteverify timeout" });
    await delivery.start();
    await inbox.waitFor((mails) => about({ mails }, unverified.id).length === 1, 20_000);
    // Two polls of the worker: the due reminder and escalation are held.
    await new Promise((resolve) => setTimeout(resolve, 6_000));
    expect(about(inbox, unverified.id).map((m) => m.mail.subject)).toEqual(["[unverified] New enquiry from Ada Lovelace"]);
    expect(await store.markVerified(unverified.id)).toBe(true);
    delivery.worker.nudge();
    await inbox.waitFor((mails) => about({ mails }, unverified.id).length === 3, 20_000);
    expect(about(inbox, unverified.id).map((m) => m.mail.subject?.split(":")[0]).sort()).toEqual(["Not yet taken", "Still not taken (escalation)", "[unverified] New enquiry from Ada Lovelace"]);
  }, 40_000);
});
