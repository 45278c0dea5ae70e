// @vitest-environment node
import { afterEach, describe, expect, it } from "vitest";
import { newWebhookSecret, startSmtpInbox, startWebhookReceiver } from "../../test/support/lead-inbox.mjs";
import type { OutboxJob, StoredMessage } from "../db/store";
import { smtpSender } from "./email";
import { DeliveryError } from "./outcome";
import { checkWebhookSecret, retryAfterMs, webhookSender } from "./webhook";

const lead: StoredMessage = {
  id: 7,
  firstName: "Grace",
  lastName: "Hopper",
  email: "grace@navy.example",
  company: "Navy",
  message: "Line one\nLine two <b>bold</b>",
  createdAt: "2026-11-22T10:00:00.000Z",
  country: "GB",
  device: "desktop",
  verification: "verified",
  verificationNote: null,
};
const job = (overrides: Partial<StoredMessage> = {}, externalId = "<lead-abc@example.com>"): OutboxJob => ({
  id: 1,
  channel: "email",
  externalId,
  attempt: 1,
  lease: "l",
  lead: { ...lead, ...overrides },
});

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe("the notification e-mail over real SMTP", () => {
  const setup = async () => {
    const inbox = await startSmtpInbox();
    const send = smtpSender(inbox.url, { to: ["sales@example.com", "ceo@example.com"], from: "no-reply@example.com" });
    cleanups.push(() => inbox.stop(), () => send.close());
    return { inbox, send };
  };

  it("names the visitor and company, replies to the visitor, and carries every field and a fixed Message-ID", async () => {
    const { inbox, send } = await setup();
    await send(job());
    await send(job({ verification: "unverified", verificationNote: "siteverify timeout after 5000 ms", company: "" }, "<lead-def@example.com>"));
    await inbox.waitFor((mails) => mails.length === 2);
    const [first, second] = inbox.mails;
    expect(first!.mail.subject).toBe("New enquiry from Grace Hopper (Navy)");
    expect(first!.mail.replyTo?.value).toEqual([{ name: "Grace Hopper", address: "grace@navy.example" }]);
    expect(first!.mail.messageId).toBe("<lead-abc@example.com>");
    expect(first!.rcptTo.sort()).toEqual(["ceo@example.com", "sales@example.com"]);
    expect(first!.mail.text).toContain("Email: grace@navy.example");
    expect(first!.mail.text).toContain("Lead: #7");
    expect(first!.mail.text).toContain("Received: Sunday, 22 November 2026 at 10:00 (UTC)");
    expect(first!.mail.text).toContain("reCAPTCHA: verified");
    expect(first!.mail.text).toContain("Line one\nLine two <b>bold</b>");
    expect(first!.mail.html).toContain("Line two &lt;b&gt;bold&lt;/b&gt;");
    expect(second!.mail.subject).toBe("[unverified] New enquiry from Grace Hopper");
    expect(second!.mail.text).toContain("reCAPTCHA: UNVERIFIED (siteverify timeout after 5000 ms)");
  });

  it("lets no visitor text add a header or a recipient", async () => {
    const { inbox, send } = await setup();
    await send(
      job({
        firstName: "Eve\r\nBcc: thief@evil.example",
        lastName: "X\nTo: thief2@evil.example",
        company: "Acme\r\n\r\nInjected body",
        // Display-name tricks: a quoted address and a comma must stay inside the name.
        email: "eve@example.com",
        message: "Hi\r\n.\r\nMAIL FROM:<x@evil.example>\r\nRCPT TO:<thief3@evil.example>\r\nBcc: thief4@evil.example",
      }),
    );
    await send(job({ firstName: '"Mallory" <thief5@evil.example>,', lastName: "thief6@evil.example" }, "<lead-2@example.com>"));
    await inbox.waitFor((mails) => mails.length === 2);
    for (const { mail, rcptTo } of inbox.mails) {
      expect(rcptTo.sort()).toEqual(["ceo@example.com", "sales@example.com"]);
      expect(mail.bcc).toBeUndefined();
      expect(mail.to && "value" in mail.to ? mail.to.value.map((a) => a.address).sort() : []).toEqual(["ceo@example.com", "sales@example.com"]);
      expect(mail.replyTo?.value.map((a) => a.address)).toEqual([mail === inbox.mails[0]!.mail ? "eve@example.com" : "grace@navy.example"]);
      expect(JSON.stringify([...mail.headers.keys()])).not.toMatch(/bcc/i);
    }
    expect(inbox.mails[0]!.mail.subject).toBe("New enquiry from Eve Bcc: thief@evil.example X To: thief2@evil.example (Acme Injected body)");
    expect(inbox.mails[0]!.mail.text).toContain("RCPT TO:<thief3@evil.example>");
  });
});

describe("what the mail server answers", () => {
  const failure = async (promise: Promise<unknown>) => {
    const error = await promise.then(
      () => null,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(Error);
    return error as Error;
  };

  it("is not sent while any recipient is refused: the error names it, permanent for a 5xx, retried for a 4xx", async () => {
    const inbox = await startSmtpInbox();
    const send = smtpSender(inbox.url, { to: ["sales@example.com", "typo@example.com"], from: "no-reply@example.com" });
    cleanups.push(() => inbox.stop(), () => send.close());
    inbox.settings.refuse["typo@example.com"] = "550 No such user";
    const refused = await failure(send(job()));
    expect(refused).toBeInstanceOf(DeliveryError);
    expect(refused.message).toMatch(/refused typo@example\.com \(550 .*No such user/);
    expect((refused as DeliveryError).permanent).toBe(true);
    // The accepted recipient did get it (and gets it again, the same Message-ID, once the address is fixed).
    expect(inbox.mails.map((m) => m.rcptTo)).toEqual([["sales@example.com"]]);

    inbox.settings.refuse["typo@example.com"] = "450 Mailbox busy";
    const deferred = await failure(send(job()));
    expect(deferred.message).toMatch(/refused typo@example\.com \(450 /);
    expect((deferred as DeliveryError).permanent).toBe(false);

    // Every recipient refused: nodemailer rejects, and the outcome is the same.
    inbox.settings.refuse["sales@example.com"] = "550 No such user";
    inbox.settings.refuse["typo@example.com"] = "550 No such user";
    const all = await failure(send(job()));
    expect(all.message).toMatch(/refused sales@example\.com .*typo@example\.com/);
    expect((all as DeliveryError).permanent).toBe(true);

    inbox.settings.refuse = {};
    await send(job());
    expect(inbox.mails.at(-1)!.rcptTo.sort()).toEqual(["sales@example.com", "typo@example.com"]);
  });

  it("never sends credentials over a connection without TLS", async () => {
    const inbox = await startSmtpInbox({ auth: true });
    const send = smtpSender(`smtp://user:secret@127.0.0.1:${inbox.port}`, { to: ["sales@example.com"], from: "no-reply@example.com" });
    cleanups.push(() => inbox.stop(), () => send.close());
    const error = await failure(send(job()));
    expect(error.message).toMatch(/offers no TLS, and credentials are never sent in clear/);
    expect(inbox.auths).toEqual([]);
    expect(inbox.mails).toEqual([]);
  });

  it("stops sending when the attempt is aborted (the connection is closed, not left running)", async () => {
    const inbox = await startSmtpInbox({ delayMs: 5_000 });
    const send = smtpSender(inbox.url, { to: ["sales@example.com"], from: "no-reply@example.com" });
    cleanups.push(() => inbox.stop(), () => send.close());
    const started = Date.now();
    await expect(send(job(), AbortSignal.timeout(300))).rejects.toThrow();
    expect(Date.now() - started).toBeLessThan(2_000);
    await inbox.waitFor(() => inbox.counters.closed >= 1, 2_000);
  });
});

describe("the lead webhook", () => {
  const secret = newWebhookSecret();

  it("posts a signed lead.created event that the receiver verifies, with the same webhook-id each time", async () => {
    const receiver = await startWebhookReceiver(secret);
    cleanups.push(() => receiver.stop());
    const send = webhookSender(receiver.url, secret);
    await send(job({}, "msg_lead7"));
    await send(job({}, "msg_lead7"));
    expect(receiver.rejected).toEqual([]);
    expect(receiver.deliveries).toHaveLength(2);
    const [first, second] = receiver.deliveries;
    expect(first!.headers["webhook-id"]).toBe("msg_lead7");
    expect(second!.headers["webhook-id"]).toBe("msg_lead7");
    expect(first!.headers["webhook-signature"]).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
    expect(first!.payload).toEqual({
      type: "lead.created",
      // The event's time (the lead's creation), the same on every attempt; only webhook-timestamp is the attempt's.
      timestamp: lead.createdAt,
      data: {
        id: 7,
        createdAt: lead.createdAt,
        firstName: "Grace",
        lastName: "Hopper",
        email: "grace@navy.example",
        company: "Navy",
        message: lead.message,
        verification: "verified",
        verificationNote: null,
        source: null,
      },
    });
  });

  it("fails on any answer but 2xx, and on a receiver with another secret", async () => {
    const receiver = await startWebhookReceiver(secret, { status: 503 });
    cleanups.push(() => receiver.stop());
    await expect(webhookSender(receiver.url, secret)(job())).rejects.toThrow("HTTP 503");
    receiver.settings.status = 200;
    await expect(webhookSender(receiver.url, newWebhookSecret())(job())).rejects.toThrow("HTTP 401");
    await webhookSender(receiver.url, secret)(job());
    expect(receiver.deliveries).toHaveLength(1);
  });

  it("accepts only whsec_ secrets of 24 to 64 bytes, naming the variable", () => {
    const ofBytes = (n: number) => `whsec_${Buffer.alloc(n, 7).toString("base64")}`;
    expect(() => checkWebhookSecret(secret)).not.toThrow();
    expect(() => checkWebhookSecret(ofBytes(24))).not.toThrow();
    expect(() => checkWebhookSecret(ofBytes(64))).not.toThrow();
    expect(() => checkWebhookSecret("hunter2")).toThrow(/LEADS_WEBHOOK_SECRET.*whsec_/);
    expect(() => checkWebhookSecret("whsec_short")).toThrow(/whsec_/);
    expect(() => checkWebhookSecret(ofBytes(12))).toThrow(/LEADS_WEBHOOK_SECRET must be whsec_ .* 24 to 64 .*12 bytes/);
    expect(() => checkWebhookSecret(ofBytes(23))).toThrow(/23 bytes/);
    expect(() => checkWebhookSecret(ofBytes(65))).toThrow(/65 bytes/);
  });

  it("signs each attempt at its own time, while the payload's timestamp stays the lead's creation", async () => {
    const receiver = await startWebhookReceiver(secret);
    cleanups.push(() => receiver.stop());
    const send = webhookSender(receiver.url, secret);
    await send(job({}, "msg_same"));
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    await send(job({}, "msg_same"));
    const [first, second] = receiver.deliveries;
    expect(first!.payload.timestamp).toBe(lead.createdAt);
    expect(second!.payload.timestamp).toBe(lead.createdAt);
    expect(Number(second!.headers["webhook-timestamp"])).toBeGreaterThan(Number(first!.headers["webhook-timestamp"]));
  });

  it("stops for good on 410 Gone, and passes on Retry-After", async () => {
    const receiver = await startWebhookReceiver(secret, { status: 410 });
    cleanups.push(() => receiver.stop());
    const send = webhookSender(receiver.url, secret);
    await expect(send(job())).rejects.toMatchObject({ permanent: true, message: expect.stringMatching(/endpoint gone/) });
    receiver.settings.status = 503;
    receiver.settings.headers = { "Retry-After": "120" };
    await expect(send(job())).rejects.toMatchObject({ permanent: false, retryAfterMs: 120_000, message: "webhook answered HTTP 503" });
    expect(retryAfterMs(new Date(Date.now() + 60_000).toUTCString())).toBeGreaterThan(55_000);
    expect(retryAfterMs("soon")).toBeUndefined();
  });

  it("aborts the request itself when the attempt is aborted", async () => {
    const receiver = await startWebhookReceiver(secret);
    cleanups.push(() => receiver.stop());
    receiver.settings.hang = true;
    const started = Date.now();
    await expect(webhookSender(receiver.url, secret)(job(), AbortSignal.timeout(300))).rejects.toThrow();
    expect(Date.now() - started).toBeLessThan(2_000);
    await receiver.waitFor(() => receiver.counters.aborted === 1, 2_000);
  });
});
