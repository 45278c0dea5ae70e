// @vitest-environment node
import { afterEach, describe, expect, it } from "vitest";
import { bothEngines, sampleMessage as sample } from "../../test/support/store-engines";
import { SEARCH_BATCH } from "../db/rows";
import type { Store } from "../db/store";

/*
 * Issue 37 (the leads inbox) on both engines: closing with an outcome (the chasers settled, lead.closed queued, in
 * one transaction), reopening, notes, the history with who and when, the take-over notice, the inbox's views and
 * search, and erasure and retention taking the new rows with the lead.
 */

const engines = bothEngines("outcome-db-");
const cleanup: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

const HOUR = 3600_000;

describe.each(["sqlite", "postgres"] as const)("outcomes, notes and the inbox on %s", (engine) => {
  async function open(): Promise<Store> {
    const store = await engines[engine]();
    cleanup.push(() => store.close());
    return store;
  }
  const chased = (at: number) => ({
    createdAt: new Date(at - 3 * HOUR).toISOString(),
    respondBy: new Date(at - HOUR).toISOString(),
    escalateBy: new Date(at - 1000).toISOString(),
  });
  const chasers = (at: number, key: string) => [
    { channel: "email" as const, externalId: `<lead-${key}@x>` },
    { channel: "reminder" as const, externalId: `<reminder-${key}@x>`, dueAt: new Date(at - HOUR).toISOString() },
    { channel: "escalation" as const, externalId: `<escalation-${key}@x>`, dueAt: new Date(at - 1000).toISOString() },
  ];

  it("closes an open lead once with its outcome: chasers settled, lead.closed queued, counted as answered (never taken), reopened, notes kept, all in the history", async () => {
    const store = await open();
    const now = Date.now();
    const lead = await store.insertLead({ ...sample, ...chased(now), email: "close-me@example.com" }, chasers(now, "c"));
    expect(await store.responseBacklog(new Date(now))).toEqual({ pastWindow: 1, pastTwice: 1 });
    expect((await store.overdueLeads(new Date(now))).map((l) => l.id)).toEqual([lead.id]);

    const at = (offset: number) => new Date(now + offset).toISOString();
    expect(await store.addNote(lead.id, { actor: "ada@example.com", at: at(1), note: "Called, no answer" })).toBe(true);
    expect(await store.closeLead(lead.id, { outcome: "spam", note: "a bot", actor: "ada@example.com", at: at(2), event: { channel: "close_webhook", externalId: "msg_close_1" } })).toBe(true);
    // Closed already: nothing changes, nothing more is queued.
    expect(await store.closeLead(lead.id, { outcome: "won", actor: "bob@example.com", at: at(3), event: { channel: "close_webhook", externalId: "msg_close_2" } })).toBe(false);

    let [found] = await store.findLeads(String(lead.id));
    expect(found).toMatchObject({ outcome: "spam", closedAt: at(2), closedBy: "ada@example.com", takenBy: null });
    expect(found?.deliveries.map((d) => `${d.channel}:${d.status}`).sort()).toEqual(["close_webhook:pending", "email:pending", "escalation:settled", "reminder:settled"]);
    expect(found?.deliveries.find((d) => d.channel === "reminder")?.lastError).toBe("lead closed");
    // A closed lead is answered for the gauges and the alert, though nobody took it; its reminder is never claimed.
    expect(await store.responseBacklog(new Date(now + 10 * HOUR))).toEqual({ pastWindow: 0, pastTwice: 0 });
    expect(await store.overdueLeads(new Date(now + 10 * HOUR))).toEqual([]);
    expect(await store.claimDeliveries("reminder", { now: new Date(now + 10 * HOUR), leaseMs: 60_000, limit: 10 })).toEqual([]);
    const [job] = await store.claimDeliveries("close_webhook", { now: new Date(now + 10), leaseMs: 60_000, limit: 10 });
    expect(job).toMatchObject({ externalId: "msg_close_1", lead: { id: lead.id, outcome: "spam" } });

    expect(await store.reopenLead(lead.id, { actor: "bob@example.com", at: at(4) })).toBe(true);
    expect(await store.reopenLead(lead.id, { actor: "bob@example.com", at: at(5) })).toBe(false);
    [found] = await store.findLeads(String(lead.id));
    expect(found).toMatchObject({ outcome: null, closedAt: null, closedBy: null });
    // Open again: counted again; its reminders stay settled (they were about the first window).
    expect(await store.responseBacklog(new Date(now))).toEqual({ pastWindow: 1, pastTwice: 1 });
    expect(found?.deliveries.find((d) => d.channel === "reminder")?.status).toBe("settled");

    expect(await store.takeLead(lead.id, { takenBy: "bob@example.com", takenAt: at(6), takeover: false })).toBe(true);
    expect(await store.closeLead(lead.id, { outcome: "won", actor: "bob@example.com", at: at(7), event: { channel: "close_webhook", externalId: "msg_close_3" } })).toBe(true);
    [found] = await store.findLeads(String(lead.id));
    // One lead.closed row per lead, pending again with the new event's id.
    expect(found?.deliveries.filter((d) => d.channel === "close_webhook")).toMatchObject([{ status: "pending", attempts: 0 }]);

    expect(await store.leadHistory(lead.id)).toEqual([
      { kind: "note", actor: "ada@example.com", at: at(1), note: "Called, no answer" },
      { kind: "close", actor: "ada@example.com", at: at(2), outcome: "spam", note: "a bot" },
      { kind: "reopen", actor: "bob@example.com", at: at(4) },
      { kind: "take", actor: "bob@example.com", at: at(6), takeover: false },
      { kind: "close", actor: "bob@example.com", at: at(7), outcome: "won", note: null },
    ]);
    expect(await store.addNote(999_999, { actor: "ada@example.com", at: at(8), note: "nobody" })).toBe(false);
    expect(await store.closeLead(999_999, { outcome: "won", actor: "ada@example.com", at: at(8) })).toBe(false);
  });

  it("queues the take-over notice only when a take replaced someone else's", async () => {
    const store = await open();
    const lead = await store.insertLead({ ...sample, email: "notice@example.com" }, []);
    const notice = (n: number) => ({ channel: "takeover_notice" as const, externalId: `<notice-${n}@x>` });
    const t = (s: number) => new Date(Date.UTC(2026, 0, 5, 9, 0, s)).toISOString();
    const channelsOf = async () => (await store.findLeads(String(lead.id)))[0]?.deliveries.map((d) => `${d.channel}:${d.status}`) ?? [];
    // A first take tells nobody; a take-over by the holder (twice the same person) neither.
    expect(await store.takeLead(lead.id, { takenBy: "ada@example.com", takenAt: t(1), takeover: false, notice: notice(1) })).toBe(true);
    expect(await channelsOf()).toEqual([]);
    expect(await store.takeLead(lead.id, { takenBy: "ada@example.com", takenAt: t(2), takeover: true, notice: notice(2) })).toBe(true);
    expect(await channelsOf()).toEqual([]);
    expect(await store.takeLead(lead.id, { takenBy: "bob@example.com", takenAt: t(3), takeover: true, notice: notice(3) })).toBe(true);
    expect(await channelsOf()).toEqual(["takeover_notice:pending"]);
    const [job] = await store.claimDeliveries("takeover_notice", { now: new Date(), leaseMs: 60_000, limit: 10 });
    expect(job?.externalId).toBe("<notice-3@x>");
    expect((await store.leadHistory(lead.id)).map((entry) => `${entry.kind}:${entry.actor}:${entry.kind === "take" && entry.takeover}`)).toEqual([
      "take:ada@example.com:false",
      "take:ada@example.com:true",
      "take:bob@example.com:true",
    ]);
  });

  it("lists a view of the inbox newest first, searched by name, company, e-mail or reference, and at most the limit", async () => {
    const store = await open();
    const add = (firstName: string, company: string, email: string) => store.insertLead({ ...sample, firstName, company, email }, []);
    const a = await add("Ada", "Analytical Engines", "ada@example.com");
    const b = await add("Grace", "Navy 100%_ Ltd", "grace@example.org");
    const c = await add("Alan", "Bletchley", "alan@example.net");
    const d = await add("Edsger", "THE", "edsger@example.com");
    await store.takeLead(b.id, { takenBy: "Sam@Example.com", takenAt: new Date().toISOString(), takeover: false });
    await store.closeLead(c.id, { outcome: "lost", actor: "sam@example.com", at: new Date().toISOString() });
    const ids = async (query: Parameters<Store["inboxLeads"]>[0]) => (await store.inboxLeads(query)).map((lead) => lead.id);

    expect(await ids({ view: "open", limit: 10 })).toEqual([d.id, b.id, a.id]);
    expect(await ids({ view: "closed", limit: 10 })).toEqual([c.id]);
    expect(await ids({ view: "not_taken", limit: 10 })).toEqual([d.id, a.id]);
    expect(await ids({ view: "mine", person: "sam@example.com", limit: 10 })).toEqual([b.id]);
    expect(await ids({ view: "mine", person: "other@example.com", limit: 10 })).toEqual([]);
    expect(await ids({ view: "open", limit: 2 })).toEqual([d.id, b.id]);
    // Search: part of the name, the company (wildcards are literal), the address, or a reference in any case.
    expect(await ids({ view: "open", search: "  ada LOVE ", limit: 10 })).toEqual([a.id]);
    expect(await ids({ view: "open", search: "100%_", limit: 10 })).toEqual([b.id]);
    expect(await ids({ view: "open", search: "%", limit: 10 })).toEqual([b.id]);
    expect(await ids({ view: "open", search: "example.com", limit: 10 })).toEqual([d.id, a.id]);
    const reference = (await store.findLeads(String(d.id)))[0]!.publicId!.slice(0, 8).toUpperCase();
    expect(await ids({ view: "open", search: reference, limit: 10 })).toEqual([d.id]);
    expect(await ids({ view: "closed", search: "bletch", limit: 10 })).toEqual([c.id]);
    const [first] = await store.inboxLeads({ view: "closed", limit: 1 });
    expect(first).toMatchObject({ outcome: "lost", closedBy: "sam@example.com", firstName: "Alan" });
  });

  it("searches folding case in every script, the same on both engines, and still stops at the limit", async () => {
    const store = await open();
    const add = (firstName: string, lastName: string, company: string, email: string) => store.insertLead({ ...sample, firstName, lastName, company, email }, []);
    const emile = await add("ÉMILE", "Zola", "Rougon", "emile@example.fr");
    const oster = await add("Lars", "ØSTERGAARD", "Fjord", "lars@example.dk");
    const aero = await add("Mette", "Holm", "ÆRØ FÆRGER", "mette@example.dk");
    const greek = await add("Σωκράτης", "Παππάς", "", "sokratis@example.gr");
    const plain = await add("Emile", "Plain", "Other", "plain@example.com");
    const ids = async (search: string, limit = 10) => (await store.inboxLeads({ view: "open", search, limit })).map((lead) => lead.id);
    expect(await ids("émile")).toEqual([emile.id]);
    expect(await ids("ÉMILE")).toEqual([emile.id]);
    expect(await ids("øster")).toEqual([oster.id]);
    expect(await ids("ærø")).toEqual([aero.id]);
    expect(await ids("færger")).toEqual([aero.id]);
    expect(await ids("σωκράτης")).toEqual([greek.id]);
    expect(await ids("ΠΑΠΠΆΣ")).toEqual([greek.id]);
    expect(await ids("emile")).toEqual([plain.id, emile.id]);
    expect(await ids("EMILE")).toEqual(await ids("emile"));
    // More candidates than one batch of the store reads (the pattern leaves é open, so "Ebene" and "ÉBÈNE" both are),
    // the matches spread over two batches: newest first, at most the limit.
    const matching: number[] = [];
    for (let n = 0; n < SEARCH_BATCH + 20; n++) {
      const lead = await add(n % 100 === 0 ? `ÉBÈNE ${n}` : `Ebene ${n}`, "Test", "", `e${n}@example.com`);
      if (n % 100 === 0) matching.unshift(lead.id);
    }
    expect(await ids("ébène", 3)).toEqual(matching.slice(0, 3));
    expect(await ids("ébène", 100)).toEqual(matching);
  });

  it("lists the failed deliveries, the latest first, with their lead", async () => {
    const store = await open();
    const a = await store.insertLead({ ...sample, firstName: "Failing", company: "Acme" }, [{ channel: "email", externalId: "<f1@x>" }]);
    await store.insertLead({ ...sample, email: "fine@example.com" }, [{ channel: "email", externalId: "<f2@x>" }]);
    const jobs = await store.claimDeliveries("email", { now: new Date(), leaseMs: 60_000, limit: 10 });
    await store.markFailed(jobs.find((job) => job.lead.id === a.id)!, "550 mailbox unavailable", null);
    expect(await store.failedDeliveries(10)).toEqual([{ leadId: a.id, publicId: a.publicId, name: "Failing Lovelace", company: "Acme", channel: "email", attempts: 1, lastError: "550 mailbox unavailable" }]);
    expect(await store.requeueFailed(a.id, new Date())).toBe(1);
    expect(await store.failedDeliveries(10)).toEqual([]);
  });

  it("erases a person's notes and closes with their leads, and retention deletes them with old leads", async () => {
    const store = await open();
    const at = new Date().toISOString();
    const old = await store.insertLead({ ...sample, email: "old@example.com", createdAt: "2020-01-01T00:00:00.000Z" }, []);
    const erased = await store.insertLead({ ...sample, email: "Erase@Example.com" }, []);
    const kept = await store.insertLead({ ...sample, email: "keep@example.com" }, []);
    for (const lead of [old, erased, kept]) {
      await store.addNote(lead.id, { actor: "ada@example.com", at, note: `note ${lead.id}` });
      await store.closeLead(lead.id, { outcome: "answered", note: "done", actor: "ada@example.com", at, event: { channel: "close_webhook", externalId: `msg_${lead.id}` } });
    }
    await store.settle(old.id);
    expect(await store.eraseByEmail("erase@example.com")).toEqual([erased.id]);
    expect(await store.leadHistory(erased.id)).toEqual([]);
    // A lead.closed still pending keeps nothing from retention: only deliveries to the company do.
    expect((await store.deleteLeadsBefore(new Date("2021-01-01T00:00:00.000Z"))).deleted).toEqual([old.id]);
    expect(await store.leadHistory(old.id)).toEqual([]);
    expect((await store.leadHistory(kept.id)).map((entry) => entry.kind)).toEqual(["note", "close"]);
  });
});
