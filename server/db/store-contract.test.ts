// @vitest-environment node
import { afterEach, describe, expect, it } from "vitest";
import { bothEngines } from "../../test/support/store-engines";
import { channels, type Channel, type NewMessage, type Store } from "./store";

/*
 * What every engine must do, run against each: SQLite in a temp file, PostgreSQL in a throwaway server
 * (Debian's binaries, started once for this file). No mocks.
 */

const engines = bothEngines("contact-db-");
const stores: Store[] = [];

afterEach(async () => {
  for (const store of stores.splice(0)) await store.close();
});

const sample: NewMessage = {
  firstName: "Ada",
  lastName: "Lovelace",
  email: "ada@example.com",
  company: "",
  message: "Grüße 🚀",
  createdAt: "2025-01-01T00:00:00.000Z",
  country: "GB",
  device: "desktop",
  verification: "verified",
  verificationNote: null,
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const both = [
  { channel: "email" as const, externalId: "<lead-1@example.com>" },
  { channel: "webhook" as const, externalId: "msg_1" },
];

describe.each(Object.keys(engines) as (keyof typeof engines)[])("the %s store", (engine) => {
  const open = async () => {
    const store = await engines[engine]();
    stores.push(store);
    return store;
  };
  const claim = (store: Store, channel: Channel, now = new Date()) => store.claimDeliveries(channel, { now, leaseMs: 60_000, limit: 10 });

  it("names its engine", async () => {
    expect((await open()).engine).toBe(engine);
  });

  it("stores and lists messages as given, with increasing row ids and random public ids", async () => {
    // A lead without response deadlines (none given) and not taken.
    const notTaken = { respondBy: null, escalateBy: null, takenBy: null, takenAt: null, firstTakenAt: null, takes: [], outcome: null, closedAt: null, closedBy: null };
    const store = await open();
    const first = await store.insertLead(sample, []);
    const second = await store.insertLead({ ...sample, verification: "unverified", verificationNote: "siteverify timeout after 5000 ms", country: null, device: null }, []);
    expect(second.id).toBeGreaterThan(first.id);
    // The id the API shows: a version 4 UUID, nothing to count leads by.
    for (const { publicId } of [first, second]) expect(publicId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(second.publicId).not.toBe(first.publicId);
    expect(await store.listLeads()).toEqual([
      { ...sample, id: first.id, publicId: first.publicId, submissionId: null, source: null, deliveries: [], ...notTaken },
      { ...sample, id: second.id, publicId: second.publicId, submissionId: null, source: null, deliveries: [], ...notTaken, verification: "unverified", verificationNote: "siteverify timeout after 5000 ms", country: null, device: null },
    ]);
  });

  it("stores a message resent with the same submission id once, queues it once, and returns the first id", async () => {
    const store = await open();
    const first = await store.insertLead({ ...sample, submissionId: "resend-0001" }, [{ channel: "email", externalId: "<a@x>" }]);
    const again = await store.insertLead({ ...sample, message: "edited", submissionId: "resend-0001" }, [{ channel: "email", externalId: "<b@x>" }]);
    const other = await store.insertLead({ ...sample, submissionId: null }, []);
    const otherToo = await store.insertLead({ ...sample, submissionId: null }, []);
    expect(first.created).toBe(true);
    expect(again).toEqual({ id: first.id, publicId: first.publicId, created: false });
    expect(new Set([first.id, other.id, otherToo.id]).size).toBe(3);
    const leads = await store.listLeads();
    expect(leads).toHaveLength(3);
    expect(leads[0]?.message).toBe(sample.message);
    expect(leads[0]?.deliveries).toHaveLength(1);
    expect((await claim(store, "email")).map((job) => job.externalId)).toEqual(["<a@x>"]);
  });

  it("stores one lead when the same submission arrives many times at once", async () => {
    const store = await open();
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) => store.insertLead({ ...sample, message: `copy ${i}`, submissionId: "burst-0001" }, [{ channel: "email", externalId: `<${i}@x>` }])),
    );
    expect(results.filter((result) => result.created)).toHaveLength(1);
    expect(new Set(results.map((result) => result.id)).size).toBe(1);
    expect(new Set(results.map((result) => result.publicId)).size).toBe(1);
    expect(await store.listLeads()).toHaveLength(1);
    expect(await claim(store, "email")).toHaveLength(1);
  });

  it("writes one outbox row per channel with the lead, in the same transaction", async () => {
    const store = await open();
    // A row that cannot be written (an unknown channel) rolls the lead back too: both or nothing.
    await expect(store.insertLead(sample, [...both, { channel: "fax" as "email", externalId: "x" }])).rejects.toThrow();
    expect(await store.listLeads()).toEqual([]);
    const { id } = await store.insertLead(sample, both);
    const [lead] = await store.listLeads();
    expect(lead?.id).toBe(id);
    expect(lead?.deliveries.map((d) => [d.channel, d.status, d.attempts])).toEqual([
      ["email", "pending", 0],
      ["webhook", "pending", 0],
    ]);
  });

  it("hands a due delivery to one claimant at a time, counting attempts, until it is sent", async () => {
    const store = await open();
    const { id } = await store.insertLead(sample, both);
    const [job] = await store.claimDeliveries("email", { now: new Date(), leaseMs: 300, limit: 1 });
    expect(job).toMatchObject({ channel: "email", externalId: "<lead-1@example.com>", attempt: 1, lead: { ...sample, id } });
    expect(await claim(store, "email")).toEqual([]);
    // The lease runs out (its holder died): someone else takes it, and the first holder's late answer is ignored.
    await sleep(500);
    const [again] = await claim(store, "email");
    expect(again?.attempt).toBe(2);
    await store.markSent(job!, new Date());
    expect((await store.listLeads())[0]?.deliveries[0]?.status).toBe("pending");
    await store.markSent(again!, new Date("2026-01-01T00:00:00.000Z"));
    expect((await store.listLeads())[0]?.deliveries[0]).toMatchObject({ status: "sent", attempts: 2, sentAt: "2026-01-01T00:00:00.000Z" });
  });

  it("says when the next delivery is due, counting a lease as busy until it runs out", async () => {
    const store = await open();
    expect(await store.nextDue("email")).toBeNull();
    await store.insertLead(sample, both);
    expect((await store.nextDue("email"))!.getTime()).toBeLessThanOrEqual(Date.now());
    const now = new Date();
    await store.claimDeliveries("email", { now, leaseMs: 5_000, limit: 1 });
    // The lease's end is on the store's clock (the database's on PostgreSQL): the same machine here, give or take.
    expect(Math.abs((await store.nextDue("email"))!.getTime() - (now.getTime() + 5_000))).toBeLessThan(1_000);
  });

  it("schedules a retry, gives up as failed (kept), and requeues failed deliveries on request", async () => {
    const store = await open();
    const { id } = await store.insertLead(sample, both);
    const [job] = await claim(store, "webhook");
    const retryAt = new Date(Date.now() + 10_000);
    await store.markFailed(job!, "HTTP 502", retryAt);
    expect(await claim(store, "webhook")).toEqual([]);
    expect((await store.nextDue("webhook"))?.toISOString()).toBe(retryAt.toISOString());
    const [second] = await claim(store, "webhook", new Date(retryAt.getTime() + 1));
    await store.markFailed(second!, "connection refused", null);
    expect((await store.listLeads())[0]?.deliveries[1]).toMatchObject({ status: "failed", attempts: 2, lastError: "connection refused", nextAttemptAt: null });
    expect(await store.nextDue("webhook")).toBeNull();
    expect(await store.requeueFailed(id, new Date())).toBe(1);
    expect(await store.requeueFailed(id, new Date())).toBe(0);
    expect((await claim(store, "webhook"))[0]).toMatchObject({ attempt: 1, externalId: "msg_1" });
  });

  it("counts each channel's deliveries by state, with the arrival of the oldest pending lead, zeros for a quiet channel", async () => {
    const store = await open();
    const empty = { pending: 0, failed: 0, sent: 0, previewed: 0, settled: 0, scheduled: 0, oldestPendingAt: null };
    expect(await store.outboxStats()).toEqual(Object.fromEntries(channels.map((channel) => [channel, empty])));
    await store.insertLead({ ...sample, createdAt: "2025-03-01T10:00:00.000Z" }, both);
    await store.insertLead({ ...sample, createdAt: "2025-03-01T09:00:00.000Z" }, both);
    await store.insertLead({ ...sample, createdAt: "2025-03-01T11:00:00.000Z" }, [both[0]!]);
    const [sent, failed] = await claim(store, "webhook");
    await store.markSent(sent!, new Date());
    await store.markFailed(failed!, "HTTP 500", null);
    const stats = await store.outboxStats();
    expect(stats.email).toEqual({ ...empty, pending: 3, oldestPendingAt: new Date("2025-03-01T09:00:00.000Z") });
    expect(stats.webhook).toEqual({ ...empty, failed: 1, sent: 1 });
    // A delivery being attempted (leased) is still pending until its outcome is recorded.
    await claim(store, "email");
    expect((await store.outboxStats()).email.pending).toBe(3);
  });

  it("answers a ping", async () => {
    await expect((await open()).ping()).resolves.toBeUndefined();
  });

  it("deletes old leads with their outbox rows, and erases one person's leads by address in any case", async () => {
    const store = await open();
    await store.insertLead({ ...sample, createdAt: "2020-01-01T00:00:00.000Z" }, both);
    await store.insertLead({ ...sample, email: "grace@example.com", createdAt: new Date().toISOString() }, both);
    await store.insertLead({ ...sample, createdAt: new Date().toISOString() }, both);
    // Delivered (or never queued): nothing holds the old lead back.
    for (const job of [...(await claim(store, "email")), ...(await claim(store, "webhook"))]) if (job.lead.createdAt.startsWith("2020")) await store.markSent(job, new Date());
    const [oldLead] = await store.listLeads();
    expect(await store.deleteLeadsBefore(new Date("2021-01-01T00:00:00.000Z"))).toEqual({ deleted: [oldLead!.id], kept: 0 });
    expect((await store.eraseByEmail("ADA@example.com")).length).toBe(1);
    const left = await store.listLeads();
    expect(left.map((lead) => lead.email)).toEqual(["grace@example.com"]);
    expect((await store.listLeads({ email: "GRACE@example.com" })).map((lead) => lead.deliveries.length)).toEqual([2]);
    // Only the remaining lead's deliveries are left (claimed above, released now).
    expect(await store.recoverLeases()).toBe(0);
  });

  it("never deletes an old lead while a delivery is pending or failed, and counts those it kept", async () => {
    const store = await open();
    const old = { ...sample, createdAt: "2020-01-01T00:00:00.000Z" };
    const pending = await store.insertLead(old, both);
    const failed = await store.insertLead({ ...old, email: "failed@example.com" }, [{ channel: "webhook", externalId: "msg_f" }]);
    const delivered = await store.insertLead({ ...old, email: "sent@example.com" }, [{ channel: "webhook", externalId: "msg_s" }]);
    const storedOnly = await store.insertLead({ ...old, email: "stored@example.com" }, []);
    const jobs = await claim(store, "webhook");
    await store.markFailed(jobs.find((job) => job.lead.id === failed.id)!, "HTTP 500", null);
    await store.markSent(jobs.find((job) => job.lead.id === delivered.id)!, new Date());
    await store.releaseDeliveries(jobs.filter((job) => job.lead.id === pending.id));
    expect(await store.deleteLeadsBefore(new Date("2021-01-01T00:00:00.000Z"))).toEqual({ deleted: [delivered.id, storedOnly.id].sort((a, b) => a - b), kept: 2 });
    expect((await store.listLeads()).map((lead) => lead.id)).toEqual([pending.id, failed.id]);
    // Once resolved (erased here), nothing is held back.
    expect(await store.eraseByEmail("failed@example.com")).toEqual([failed.id]);
  });

  it("gives claimed deliveries back at once, due for anyone, the attempt not counted", async () => {
    const store = await open();
    await store.insertLead(sample, both);
    const jobs = await claim(store, "email");
    expect(await claim(store, "email")).toEqual([]);
    await store.releaseDeliveries(jobs);
    const [again] = await claim(store, "email");
    expect(again?.attempt).toBe(1);
    // A release with a lease lost to another claimant changes nothing.
    await store.releaseDeliveries(jobs);
    expect(await claim(store, "email")).toEqual([]);
  });

  it("keeps a live lease from a claimant whose clock runs ahead", async () => {
    const store = await open();
    await store.insertLead(sample, both);
    expect(await claim(store, "email")).toHaveLength(1);
    expect(await claim(store, "email", new Date(Date.now() + 120_000))).toEqual([]);
  });

  it("at start-up takes back only leases that have run out, never a live one", async () => {
    const store = await open();
    await store.insertLead(sample, both);
    await store.claimDeliveries("email", { now: new Date(), leaseMs: 60_000, limit: 1 });
    await store.claimDeliveries("webhook", { now: new Date(), leaseMs: 100, limit: 1 });
    await sleep(300);
    expect(await store.recoverLeases()).toBe(1);
    expect(await claim(store, "email")).toEqual([]);
    expect(await claim(store, "webhook")).toHaveLength(1);
  });

  it("queues leads that reached nobody for the channels configured now, and flags channels no longer configured", async () => {
    const store = await open();
    const none = await store.insertLead(sample, []);
    const emailOnly = await store.insertLead({ ...sample, email: "e@example.com" }, [{ channel: "email", externalId: "<e@x>" }]);
    const reached = await store.insertLead({ ...sample, email: "r@example.com" }, [{ channel: "email", externalId: "<r@x>" }]);
    const [sent] = (await claim(store, "email")).filter((job) => job.lead.id === reached.id);
    await store.markSent(sent!, new Date());
    let n = 0;
    const enqueue = () => [
      { channel: "email" as const, externalId: `<new-${++n}@x>` },
      { channel: "webhook" as const, externalId: `msg_new_${n}` },
    ];
    // Two rows for the lead with none, the webhook for the e-mail-only lead, nothing for the lead someone got.
    expect(await store.queueUnreached(enqueue, new Date())).toBe(3);
    expect(await store.queueUnreached(enqueue, new Date())).toBe(0);
    const byId = new Map((await store.listLeads()).map((lead) => [lead.id, lead.deliveries.map((d) => d.channel)]));
    expect(byId.get(none.id)).toEqual(["email", "webhook"]);
    expect(byId.get(emailOnly.id)).toEqual(["email", "webhook"]);
    expect(byId.get(reached.id)).toEqual(["email"]);
    expect((await claim(store, "webhook")).map((job) => job.lead.id).sort()).toEqual([none.id, emailOnly.id].sort());

    expect(await store.flagUnconfigured(["webhook"])).toBe(2);
    const flagged = (await store.listLeads()).flatMap((lead) => lead.deliveries).filter((d) => d.channel === "email" && d.status === "pending");
    expect(flagged.map((d) => d.lastError)).toEqual(["channel not configured", "channel not configured"]);
  });

  it("keeps a preview apart from a delivery: counted as previewed, keeps its lead, queued again once the channel is real", async () => {
    const store = await open();
    const old = { ...sample, createdAt: "2020-01-01T00:00:00.000Z" };
    const previewOnly = await store.insertLead(old, [both[0]!]);
    const [job] = await claim(store, "email");
    await store.markSent(job!, new Date(), "previewed");
    expect((await store.listLeads())[0]?.deliveries).toEqual([expect.objectContaining({ channel: "email", status: "previewed", sentAt: null })]);
    expect((await store.outboxStats()).email).toMatchObject({ previewed: 1, sent: 0, pending: 0 });
    // Nobody got it: retention keeps it, and a newly configured channel counts it as a lead that reached nobody.
    expect(await store.deleteLeadsBefore(new Date("2021-01-01T00:00:00.000Z"))).toEqual({ deleted: [], kept: 1 });
    expect(await store.queueUnreached(() => [{ channel: "webhook", externalId: "msg_late" }], new Date())).toBe(1);
    // Only the channels named are queued again, as new: attempts start over, with the same e-mail id.
    expect(await store.requeuePreviewed(["webhook"], new Date())).toBe(0);
    expect(await store.requeuePreviewed(["email", "webhook"], new Date())).toBe(1);
    expect(await claim(store, "email")).toEqual([expect.objectContaining({ attempt: 1, externalId: both[0]!.externalId, lead: expect.objectContaining({ id: previewOnly.id }) })]);
  });

  it("settles what cannot be delivered as things stand (failed, previewed, waiting for a channel nobody has), so retention deletes the lead", async () => {
    const store = await open();
    const old = { ...sample, createdAt: "2020-01-01T00:00:00.000Z" };
    const stuck = await store.insertLead(old, both);
    const retrying = await store.insertLead({ ...old, email: "r@example.com" }, [{ channel: "webhook", externalId: "msg_r" }]);
    const [failed, retried] = await claim(store, "webhook");
    await store.markFailed(failed!, "HTTP 410", null);
    await store.markFailed(retried!, "HTTP 503", new Date(Date.now() + 60_000));
    // The e-mail channel is gone from every instance: its row waits for nobody.
    expect(await store.flagUnconfigured(["webhook"])).toBe(1);
    expect(await store.deleteLeadsBefore(new Date("2021-01-01T00:00:00.000Z"))).toMatchObject({ deleted: [], kept: 2 });

    expect(await store.settle(stuck.id)).toBe(2);
    expect(await store.settle(stuck.id)).toBe(0);
    // A delivery still being retried is not the operator's to settle.
    expect(await store.settle(retrying.id)).toBe(0);
    expect((await store.listLeads())[0]?.deliveries.map((d) => [d.channel, d.status, d.lastError])).toEqual([
      ["email", "settled", "channel not configured"],
      ["webhook", "settled", "HTTP 410"],
    ]);
    expect((await store.outboxStats()).webhook).toMatchObject({ settled: 1, failed: 0 });
    expect(await store.deleteLeadsBefore(new Date("2021-01-01T00:00:00.000Z"))).toEqual({ deleted: [stuck.id], kept: 1 });
  });

  it("drops the not-configured mark once an instance with the channel starts: a delivery it will make is not the operator's to settle", async () => {
    const store = await open();
    const lead = await store.insertLead(sample, both);
    const [webhook] = await claim(store, "webhook");
    await store.markFailed(webhook!, "HTTP 503", new Date(Date.now() + 3_600_000));
    // An instance without e-mail started (the row was marked), then one with both channels.
    expect(await store.flagUnconfigured(["webhook"])).toBe(1);
    expect(await store.flagUnconfigured(["email", "webhook"])).toBe(0);
    expect((await store.listLeads())[0]?.deliveries.map((d) => [d.channel, d.status, d.lastError])).toEqual([
      ["email", "pending", null],
      ["webhook", "pending", "HTTP 503"],
    ]);
    expect(await store.settle(lead.id)).toBe(0);
  });

  const source = {
    landingPage: "/",
    utm: { source: "newsletter", campaign: "spring" },
    referrer: "https://news.example",
    pages: ["/", "/services/ux-design", "/industries/retail-ecommerce"],
  };

  it("keeps where the visit came from with the lead, hands it to deliveries, and erases it with the lead", async () => {
    const store = await open();
    const { id } = await store.insertLead({ ...sample, source }, both);
    await store.insertLead({ ...sample, email: "grace@example.com" }, []);
    expect((await store.listLeads()).map((lead) => lead.source)).toEqual([source, null]);
    expect((await claim(store, "webhook"))[0]?.lead).toMatchObject({ id, source });
    expect(await store.eraseByEmail("ada@example.com")).toEqual([id]);
    expect(JSON.stringify(await store.listLeads())).not.toContain("newsletter");
  });

  const confirmation = (email: string, n: number) => [{ channel: "confirmation" as const, externalId: `<confirm-${n}@x>`, oncePerDayTo: email }];
  const hoursAfter = (hours: number) => new Date(Date.parse("2026-03-01T00:00:00.000Z") + hours * 3600_000).toISOString();
  const confirmed = async (store: Store) => (await store.listLeads()).map((lead) => lead.deliveries.some((d) => d.channel === "confirmation"));

  it("queues a visitor's confirmation at most once a day per address, in any case", async () => {
    const store = await open();
    await store.insertLead({ ...sample, createdAt: hoursAfter(0) }, confirmation("ada@example.com", 1));
    await store.insertLead({ ...sample, email: "ADA@Example.com", createdAt: hoursAfter(23.9) }, confirmation("ADA@Example.com", 2));
    await store.insertLead({ ...sample, email: "grace@example.com", createdAt: hoursAfter(1) }, confirmation("grace@example.com", 3));
    await store.insertLead({ ...sample, createdAt: hoursAfter(24.1) }, confirmation("ada@example.com", 4));
    expect(await confirmed(store)).toEqual([true, false, true, true]);
    // A resend of a stored submission queues nothing, and does not take the address's turn.
    await store.insertLead({ ...sample, email: "bob@example.com", submissionId: "resend-0002", createdAt: hoursAfter(0) }, confirmation("bob@example.com", 5));
    await store.insertLead({ ...sample, email: "bob@example.com", submissionId: "resend-0002", createdAt: hoursAfter(30) }, confirmation("bob@example.com", 6));
    expect((await claim(store, "confirmation")).map((job) => job.externalId)).toEqual(["<confirm-1@x>", "<confirm-3@x>", "<confirm-4@x>", "<confirm-5@x>"]);
  });

  it("counts every spelling of one inbox as one address: a +tag, Gmail's dots, googlemail.com", async () => {
    const store = await open();
    const spellings = ["victim@gmail.com", "victim+1@gmail.com", "Victim+2@Gmail.com", "v.ictim@gmail.com", "vic.tim+x@googlemail.com"];
    for (const [i, email] of spellings.entries()) await store.insertLead({ ...sample, email, createdAt: hoursAfter(i) }, confirmation(email, i));
    expect(await confirmed(store)).toEqual([true, false, false, false, false]);
    // Erasing any spelling forgets the inbox's turn.
    await store.eraseByEmail("V.I.C.T.I.M+gone@googlemail.com");
    await store.insertLead({ ...sample, email: "victim+3@gmail.com", createdAt: hoursAfter(6) }, confirmation("victim+3@gmail.com", 9));
    expect((await claim(store, "confirmation")).map((job) => job.externalId)).toEqual(["<confirm-0@x>", "<confirm-9@x>"]);
  });

  it("queues at most the hourly cap of confirmations, all addresses together, also for leads arriving at the same moment", async () => {
    const store = await open();
    const capped = (email: string, n: number) => confirmation(email, n).map((row) => ({ ...row, hourlyCap: 3 }));
    await Promise.all(Array.from({ length: 6 }, (_, i) => store.insertLead({ ...sample, email: `p${i}@example.com`, createdAt: hoursAfter(0) }, capped(`p${i}@example.com`, i))));
    expect((await confirmed(store)).filter(Boolean)).toHaveLength(3);
    // Leads over the cap are stored all the same; an hour later there is room again.
    expect(await store.listLeads()).toHaveLength(6);
    await store.insertLead({ ...sample, email: "late@example.com", createdAt: hoursAfter(0.9) }, capped("late@example.com", 7));
    await store.insertLead({ ...sample, email: "later@example.com", createdAt: hoursAfter(1.1) }, capped("later@example.com", 8));
    expect((await confirmed(store)).slice(6)).toEqual([false, true]);
  });

  it("shares the once-a-day rule between leads arriving at the same moment", async () => {
    const store = await open();
    await Promise.all(Array.from({ length: 6 }, (_, i) => store.insertLead({ ...sample, createdAt: hoursAfter(0) }, confirmation("ada@example.com", i))));
    expect((await confirmed(store)).filter(Boolean)).toHaveLength(1);
  });

  it("forgets an address's confirmation record on erase and with retention", async () => {
    const store = await open();
    await store.insertLead({ ...sample, createdAt: hoursAfter(0) }, confirmation("ada@example.com", 1));
    await store.eraseByEmail("Ada@example.com");
    await store.insertLead({ ...sample, createdAt: hoursAfter(1) }, confirmation("ada@example.com", 2));
    expect(await confirmed(store)).toEqual([true]);
    await store.insertLead({ ...sample, email: "grace@example.com", createdAt: hoursAfter(1) }, confirmation("grace@example.com", 3));
    // Retention takes the records as old as the leads it deletes: a later lead is confirmed again.
    await store.deleteLeadsBefore(new Date(hoursAfter(2)));
    await store.insertLead({ ...sample, createdAt: hoursAfter(3) }, confirmation("ada@example.com", 4));
    expect(await confirmed(store)).toEqual([true]);
  });
});
