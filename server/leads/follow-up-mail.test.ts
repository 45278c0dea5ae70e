// @vitest-environment node
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { startSmtpInbox, startWebhookReceiver, type ReceivedMail } from "../../test/support/lead-inbox.mjs";
import { loadConfig } from "../config";
import { bothEngines, quietLog, sampleMessage } from "../../test/support/store-engines";
import type { NewMessage, OutboxJob, Store } from "../db/store";
import { createDelivery } from "../delivery";
import { formatReceived } from "../delivery/lead-text";
import { staffStorage } from "../../staff/server/storage";

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
  /** `wrap`: the store as the delivery (worker and senders) sees it. */
  async function setUp(env: Record<string, string> = {}, wrap: (store: Store) => Store = (store) => store) {
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
      STAFF_URL: "https://staff.arcline.example",
      ...env,
    });
    const delivery = createDelivery(config, wrap(store), quietLog);
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
    // Issue 37: the lead's page in the staff workspace (STAFF_URL/leads/<REFERENCE>), where the signed-in person takes it.
    const reference = lead.publicId.slice(0, 8).toUpperCase();
    expect(first!.mail.text!.split("\n")[0]).toBe(`Take this lead: https://staff.arcline.example/leads/${reference}`);
    expect(first!.mail.text).not.toContain("/leads/take/");
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
      expect(mail!.mail.text!.split("\n")[0]).toBe(`Take this lead: https://staff.arcline.example/leads/${reference}`);
      expect(mail!.mail.html).toContain(`href="https://staff.arcline.example/leads/${reference}"`);
      for (const field of ["Name: Grace Hopper", "Email: grace@navy.example", "Company: Navy", "We need a compiler.\nBy spring."]) expect(mail!.mail.text, `${subject} ${field}`).toContain(field);
      expect(mail!.mail.html).toContain("We need a compiler.");
    }
  });

  it("issue 37: a closed lead is not chased and lead.closed reaches the webhook, signed; a take-over e-mails the previous holder", async () => {
    const secret = `whsec_${Buffer.alloc(32, 7).toString("base64")}`;
    const receiver = await startWebhookReceiver(secret);
    cleanups.push(() => receiver.stop());
    const { store, inbox, delivery, insert } = await setUp({ LEADS_WEBHOOK_URL: receiver.url, LEADS_WEBHOOK_SECRET: secret });
    const closed = await insert({ email: "closed@example.com" });
    const taken = await insert({ email: "taken-over@example.com", firstName: "Katherine", lastName: "Johnson", company: "NASA" });
    // Held before by an address that is not on the staff list (typed on the old take page, or `npm run messages --
    // take … as …`): taken over, nobody is told, whatever the text looks like.
    const outsider = await insert({ email: "outsider-lead@example.com" });
    await staffStorage(store).addPerson("ada@arcline.example", ["sales"], "test", new Date());
    // Closed as spam before anything was sent (never taken): its reminder and escalation are settled, not sent.
    const at = new Date().toISOString();
    expect(await store.closeLead(closed.id, { outcome: "spam", actor: "ada@arcline.example", at, event: delivery.closeEvent() })).toBe(true);
    expect(await store.takeLead(taken.id, { takenBy: "ada@arcline.example", takenAt: at, takeover: false, event: delivery.takeEvent(), notice: delivery.takeoverNotice() })).toBe(true);
    const later = new Date(Date.now() + 1000).toISOString();
    expect(await store.takeLead(taken.id, { takenBy: "bob@arcline.example", takenAt: later, takeover: true, event: delivery.takeEvent(), notice: delivery.takeoverNotice() })).toBe(true);
    expect(await store.takeLead(outsider.id, { takenBy: "spy@evil.example", takenAt: at, takeover: false, event: delivery.takeEvent(), notice: delivery.takeoverNotice() })).toBe(true);
    expect(await store.takeLead(outsider.id, { takenBy: "bob@arcline.example", takenAt: later, takeover: true, event: delivery.takeEvent(), notice: delivery.takeoverNotice() })).toBe(true);
    await delivery.start();
    await receiver.waitFor((hooks) => hooks.some((hook) => hook.payload.type === "lead.closed"), 20_000);
    await inbox.waitFor((mails) => mails.some((m) => m.rcptTo.includes("ada@arcline.example")), 20_000);
    // Two polls of the worker: nothing else comes for the closed lead.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect(about(inbox, closed.id).map((m) => m.mail.subject)).toEqual(["New enquiry from Ada Lovelace"]);
    const [found] = await store.findLeads(String(closed.id));
    expect(found?.deliveries.filter((d) => d.channel !== "email" && d.channel !== "webhook").map((d) => `${d.channel}:${d.status}`).sort()).toEqual(["close_webhook:sent", "escalation:settled", "reminder:settled"]);

    const hook = receiver.deliveries.find((h) => h.payload.type === "lead.closed")!;
    expect(hook.payload).toEqual({
      type: "lead.closed",
      timestamp: at,
      data: { id: closed.id, reference: closed.publicId.slice(0, 8).toUpperCase(), outcome: "spam", closedBy: "ada@arcline.example", closedAt: at, takenBy: null, sequence: 1, open: false },
    });
    expect(String(hook.headers["webhook-id"])).toMatch(/^msg_[0-9a-f]{32}$/);

    expect(inbox.mails.filter((m) => m.rcptTo.includes("spy@evil.example"))).toEqual([]);
    expect((await store.findLeads(String(outsider.id)))[0]?.deliveries.find((d) => d.channel === "takeover_notice")?.status).toBe("settled");
    const notices = inbox.mails.filter((m) => m.rcptTo.includes("ada@arcline.example"));
    expect(notices).toHaveLength(1);
    const reference = taken.publicId.slice(0, 8).toUpperCase();
    expect(notices[0]!.mail.subject).toBe(`Your lead ${reference} was taken over by bob@arcline.example`);
    expect(notices[0]!.mail.text).toContain(`Your lead ${reference} (Katherine Johnson, NASA) was taken over by bob@arcline.example on ${formatReceived(later, "America/New_York")}`);
    expect(notices[0]!.mail.text).toContain(`https://staff.arcline.example/leads/${reference}`);
    // Taken by then: the taken-over lead is not chased either.
    expect(about(inbox, taken.id).map((m) => m.mail.subject?.split(":")[0]).sort()).toEqual(["New enquiry from Katherine Johnson (NASA)", `Your lead ${reference} was taken over by bob@arcline.example`]);
  }, 40_000);

  it("a lead closed after its reminder was claimed gets no reminder: the sender looks at the lead again when it sends", async () => {
    // Another instance (or a person in the workspace) closes the lead between this worker's claim and its send:
    // the close settles the lead's pending chasers, but this one is under way, its job carrying the lead as it was.
    const claimed: { outcome: string | null; closed: boolean }[] = [];
    const attempts: string[] = [];
    const closeOnClaim = (real: Store) =>
      new Proxy(real, {
        get(target, property) {
          if (property === "claimDeliveries") {
            return async (...args: Parameters<Store["claimDeliveries"]>) => {
              const jobs = await target.claimDeliveries(...args);
              for (const job of jobs.filter((job) => job.channel === "reminder")) {
                const closed = await target.closeLead(job.lead.id, { outcome: "answered", actor: "ada@arcline.example", at: new Date().toISOString() });
                claimed.push({ outcome: job.lead.outcome ?? null, closed });
              }
              return jobs;
            };
          }
          // What the worker records of each reminder attempt: sent, settled (not needed) or failed.
          if (property === "markSent") {
            return async (job: OutboxJob, sentAt: Date, as?: Parameters<Store["markSent"]>[2]) => {
              if (job.channel === "reminder") attempts.push(as ?? "sent");
              return target.markSent(job, sentAt, as);
            };
          }
          if (property === "markFailed") {
            return async (job: OutboxJob, ...rest: [string, Date | null]) => {
              if (job.channel === "reminder") attempts.push("failed");
              return target.markFailed(job, ...rest);
            };
          }
          const value: unknown = Reflect.get(target, property, target);
          return typeof value === "function" ? value.bind(target) : value;
        },
      });
    // No escalation: its claim would close the lead first, settling the reminder before it is ever claimed.
    const { store, inbox, delivery, insert } = await setUp({ SALES_ESCALATION_TO: "" }, closeOnClaim);
    const lead = await insert({ email: "closed-meanwhile@example.com" });
    await delivery.start();
    await inbox.waitFor((mails) => about({ mails }, lead.id).length === 1, 20_000);
    await expect.poll(() => attempts.length, { timeout: 20_000 }).toBe(1);
    // The job said "open"; the sender asked the store, found it closed, and sent nothing.
    expect(claimed).toEqual([{ outcome: null, closed: true }]);
    expect(attempts).toEqual(["settled"]);
    expect(about(inbox, lead.id).map((m) => m.mail.subject)).toEqual(["New enquiry from Ada Lovelace"]);
    const [found] = await store.findLeads(String(lead.id));
    expect(found?.deliveries.find((d) => d.channel === "reminder")).toMatchObject({ status: "settled", lastError: "lead closed" });
  }, 40_000);

  it("issue 37: without a workspace (STAFF_PORT=off) the e-mails keep the site's take link", async () => {
    const { delivery } = await setUp({ STAFF_PORT: "off", STAFF_URL: "" });
    expect(delivery.takeLink({ publicId: "0123abcd-0000-4000-8000-000000000000" })).toMatch(/^http:\/\/localhost:3000\/leads\/take\/0123abcd-/);
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
