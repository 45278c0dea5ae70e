// @vitest-environment node
import { mkdtempSync, rmSync, utimesSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { newWebhookSecret, startSmtpInbox, startWebhookReceiver } from "../../test/support/lead-inbox.mjs";
import { loadConfig } from "../config";
import { bothEngines, quietLog as quiet, sampleMessage as sample } from "../../test/support/store-engines";
import type { Store } from "../db/store";
import { emlFileSender, emlPath } from "./email";
import { createDelivery } from "./index";
import { createContactApi } from "../contact/routes";
import { parseSalesHours } from "../leads/business-hours";

/*
 * Which channels a configuration gets, and what start-up does with deliveries that were only previewed. Real
 * stores on both engines and a real SMTP server on loopback.
 */

const engines = bothEngines("delivery-db-");
const cleanups: (() => unknown)[] = [];

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const secret = { RECAPTCHA_SECRET_KEY: "a-real-looking-secret" };


describe("the e-mail preview", () => {
  it("is never made for a public SITE_URL, even without NODE_ENV: no files of personal data on a live host, no lead held for ever", async () => {
    const store = await engines.sqlite();
    cleanups.push(() => store.close());
    const channelsOf = (env: Record<string, string>) => createDelivery(loadConfig({ ...secret, ...env }), store, quiet).channels;
    expect(channelsOf({ SITE_URL: "https://www.example.com", LEADS_DELIVERY: "store-only" })).toEqual([]);
    expect(channelsOf({ SITE_URL: "https://www.example.com", LEADS_WEBHOOK_URL: "https://crm.example.com/leads", LEADS_WEBHOOK_SECRET: `whsec_${Buffer.alloc(32, 1).toString("base64")}` })).toEqual(["webhook", "take_webhook", "close_webhook"]);
    // A site on this machine, or none: the developer's preview.
    expect(channelsOf({ SITE_URL: "http://localhost:5173" })).toEqual(["email", "reminder", "takeover_notice"]);
    expect(channelsOf({})).toEqual(["email", "reminder", "takeover_notice"]);
  });
});

describe.each(Object.keys(engines) as (keyof typeof engines)[])("start-up on %s", (engine) => {
  it("mails the leads an earlier release only previewed but recorded as sent, and no lead mailed since its preview", async () => {
    const store: Store = await engines[engine]();
    cleanups.push(() => store.close());
    const mailDir = mkdtempSync(join(tmpdir(), "previews-"));
    cleanups.push(() => rmSync(mailDir, { recursive: true, force: true }));
    const email = (externalId: string) => [{ channel: "email" as const, externalId }];
    const earlier = await store.insertLead(sample, email("<lead-earlier@www.example.com>"));
    const mailed = await store.insertLead({ ...sample, email: "grace@example.com" }, email("<lead-mailed@www.example.com>"));
    // What an earlier release did without SMTP_URL: write the preview, then record the delivery as sent.
    const preview = emlFileSender(mailDir, { to: ["sales@localhost"], from: "no-reply@www.example.com", timeZone: "UTC" });
    for (const job of await store.claimDeliveries("email", { now: new Date(), leaseMs: 60_000, limit: 10 })) {
      await preview(job);
      await store.markSent(job, new Date(), "sent");
    }
    preview.close();
    // The second lead's preview is from an hour before its delivery: it was mailed for real once SMTP was set.
    const hourAgo = new Date(Date.now() - 3_600_000);
    utimesSync(emlPath(mailDir, mailed.id), hourAgo, hourAgo);

    const inbox = await startSmtpInbox();
    cleanups.push(() => inbox.stop());
    const config = loadConfig({ ...secret, LEADS_LINK_SECRET: "q7Vd0Jw3nKc9XbT2mRf8LpZ4sHy6GeA1uNo5IvE3xQk=", SITE_URL: "https://www.example.com", SMTP_URL: inbox.url, LEADS_NOTIFY_TO: "sales@example.com", LEADS_MAIL_DIR: mailDir });
    const start = async () => {
      const delivery = createDelivery(config, store, quiet);
      await delivery.start();
      cleanups.push(async () => {
        await delivery.worker.stop(1_000);
        delivery.close();
      });
      return delivery;
    };
    // Upgraded and started with SMTP_URL later (at least the time a process takes to start).
    await new Promise((resolve) => setTimeout(resolve, 300));
    const first = await start();
    await inbox.waitFor((mails) => mails.length >= 1, 10_000);
    await expect.poll(async () => (await store.listLeads()).map((lead) => lead.deliveries[0]?.status), { timeout: 10_000 }).toEqual(["sent", "sent"]);
    expect(inbox.mails.map((received) => received.mail.messageId)).toEqual(["<lead-earlier@www.example.com>"]);
    expect(earlier.id).not.toBe(mailed.id);
    // Restarted within the minute: that e-mail, now sent seconds after its preview was written, is not sent again.
    await first.worker.stop(1_000);
    first.close();
    await start();
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(inbox.mails).toHaveLength(1);
    expect((await store.listLeads()).map((lead) => lead.deliveries[0]?.status)).toEqual(["sent", "sent"]);
  }, 30_000);

  it("delivers a lead an earlier release only previewed by a webhook configured since, and no longer counts its e-mail as sent", async () => {
    const store: Store = await engines[engine]();
    cleanups.push(() => store.close());
    const mailDir = mkdtempSync(join(tmpdir(), "previews-"));
    cleanups.push(() => rmSync(mailDir, { recursive: true, force: true }));
    const { id } = await store.insertLead(sample, [{ channel: "email", externalId: "<lead-earlier@www.example.com>" }]);
    const preview = emlFileSender(mailDir, { to: ["sales@localhost"], from: "no-reply@www.example.com", timeZone: "UTC" });
    const [job] = await store.claimDeliveries("email", { now: new Date(), leaseMs: 60_000, limit: 1 });
    await preview(job!);
    await store.markSent(job!, new Date(), "sent");
    preview.close();
    await new Promise((resolve) => setTimeout(resolve, 300));

    const secret = newWebhookSecret();
    const receiver = await startWebhookReceiver(secret);
    cleanups.push(() => receiver.stop());
    const config = loadConfig({ RECAPTCHA_SECRET_KEY: "a-real-looking-secret", SITE_URL: "https://www.example.com", LEADS_WEBHOOK_URL: receiver.url, LEADS_WEBHOOK_SECRET: secret, LEADS_MAIL_DIR: mailDir });
    const delivery = createDelivery(config, store, quiet);
    await delivery.start();
    cleanups.push(async () => {
      await delivery.worker.stop(1_000);
      delivery.close();
    });
    await receiver.waitFor((deliveries) => deliveries.some((received) => received.payload.data.id === id), 10_000);
    await expect.poll(async () => (await store.listLeads())[0]?.deliveries.map((d) => `${d.channel}:${d.status}`), { timeout: 10_000 }).toEqual(["email:previewed", "webhook:sent"]);
  }, 30_000);
});

describe.each(Object.keys(engines) as (keyof typeof engines)[])("a lead whose due time cannot be computed, on %s", (engine) => {
  it("is stored (201) without deadlines nor follow-ups, and the error is logged: never refused", async () => {
    const store: Store = await engines[engine]();
    cleanups.push(() => store.close());
    const mailDir = mkdtempSync(join(tmpdir(), "previews-"));
    cleanups.push(() => rmSync(mailDir, { recursive: true, force: true }));
    // A calendar start-up refuses, as a running server could still meet one (its hours read at another time).
    const config = { ...loadConfig({ ...secret, LEADS_MAIL_DIR: mailDir }), SALES_HOURS: parseSalesHours("Mon 09:00-09:05"), SALES_RESPONSE_MINUTES: 2000 };
    const errors: unknown[] = [];
    const log = { ...quiet, error: (entry: unknown) => void errors.push(entry) };
    const delivery = createDelivery(config, store, log);
    const api = createContactApi({ config, store, log, enqueue: delivery.enqueue, deadlines: delivery.deadlines, verify: async () => ({ kind: "verified" }) });
    const body = { firstName: "Ada", lastName: "Lovelace", email: "ada@example.com", company: "", message: "Hello", recaptchaToken: "token" };
    const response = await api.request("/", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
    expect(response.status).toBe(201);
    const [lead] = await store.listLeads();
    expect(lead).toMatchObject({ email: "ada@example.com", respondBy: null, escalateBy: null });
    expect(lead!.deliveries.map((d) => d.channel)).toEqual(["email"]);
    expect(JSON.stringify(errors)).toContain("lead stored without a response deadline");
  });
});
