// @vitest-environment node
import { afterEach, describe, expect, it } from "vitest";
import { bothEngines, sampleMessage as sample } from "../../test/support/store-engines";
import type { Store } from "../db/store";

/*
 * Issue 36, items 17 and 20, on both engines: only real leads are chased (an unverified lead's reminder and
 * escalation wait until it is marked verified), the pending count is of due deliveries only, and the leads past
 * two windows are named for `messages status`.
 */

const engines = bothEngines("chase-db-");
const cleanup: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

const HOUR = 3600_000;

describe.each(["sqlite", "postgres"] as const)("chasing leads on %s", (engine) => {
  async function open(): Promise<Store> {
    const store = await engines[engine]();
    cleanup.push(() => store.close());
    return store;
  }
  const claim = (store: Store, channel: "reminder" | "reminder_chat" | "escalation" | "email", now = new Date()) => store.claimDeliveries(channel, { now, leaseMs: 60_000, limit: 10 });
  const followUps = (at: number, key: string) => [
    { channel: "email" as const, externalId: `<lead-${key}@x>` },
    { channel: "reminder" as const, externalId: `<lead-reminder-${key}@x>`, dueAt: new Date(at - HOUR).toISOString() },
    { channel: "reminder_chat" as const, externalId: `chat_reminder_${key}`, dueAt: new Date(at - HOUR).toISOString() },
    { channel: "escalation" as const, externalId: `<lead-escalation-${key}@x>`, dueAt: new Date(at - 1000).toISOString() },
  ];

  it("holds an unverified lead's reminder and escalation (not claimed, not due, not waiting) until it is marked verified", async () => {
    const store = await open();
    const now = Date.now();
    const times = { createdAt: new Date(now - 3 * HOUR).toISOString(), respondBy: new Date(now - HOUR).toISOString(), escalateBy: new Date(now - 1000).toISOString() };
    const unverified = await store.insertLead({ ...sample, ...times, email: "bot-or-not@example.com", verification: "unverified", verificationNote: "siteverify timeout" }, followUps(now, "u"));
    // Sales' own e-mail of the lead goes as always: the lead is not lost, only not chased.
    expect((await claim(store, "email")).map((job) => job.lead.id)).toEqual([unverified.id]);
    for (const channel of ["reminder", "reminder_chat", "escalation"] as const) {
      expect(await claim(store, channel), channel).toEqual([]);
      expect(await store.nextDue(channel), channel).toBeNull();
    }
    const stats = await store.outboxStats();
    expect([stats.reminder.pending, stats.reminder.scheduled, stats.escalation.pending, stats.escalation.scheduled]).toEqual([0, 1, 0, 1]);
    expect(stats.reminder.oldestPendingAt).toBeNull();
    // It is named past two windows, as unverified: nobody is reminded of it, so a siteverify outage (every lead
    // unverified) must not leave them all waiting unseen.
    expect(await store.overdueLeads(new Date(now))).toEqual([{ id: unverified.id, publicId: unverified.publicId, escalateBy: times.escalateBy, verification: "unverified" }]);

    expect(await store.markVerified(unverified.id)).toBe(true);
    expect(await store.markVerified(unverified.id)).toBe(false);
    expect((await store.findLeads(String(unverified.id)))[0]?.verification).toBe("verified");
    expect((await claim(store, "reminder")).map((job) => job.lead.id)).toEqual([unverified.id]);
    expect((await claim(store, "escalation")).map((job) => job.lead.id)).toEqual([unverified.id]);
    expect(await store.overdueLeads(new Date(now))).toEqual([{ id: unverified.id, publicId: unverified.publicId, escalateBy: times.escalateBy, verification: "verified" }]);
  });

  it("counts a follow-up not yet due as scheduled, not pending, and with no age", async () => {
    const store = await open();
    const now = Date.now();
    await store.insertLead({ ...sample, createdAt: new Date(now).toISOString() }, [
      { channel: "reminder", externalId: "<lead-reminder-f@x>", dueAt: new Date(now + HOUR).toISOString() },
      { channel: "escalation", externalId: "<lead-escalation-f@x>", dueAt: new Date(now - 1000).toISOString() },
    ]);
    const stats = await store.outboxStats();
    expect(stats.reminder).toMatchObject({ pending: 0, scheduled: 1, oldestPendingAt: null });
    expect(stats.escalation).toMatchObject({ pending: 1, scheduled: 0, oldestPendingAt: new Date(now - 1000) });
  });

  it("names the leads not taken past two windows, verified or not, the longest waiting first; a taken one is not named", async () => {
    const store = await open();
    const now = Date.now();
    const lead = (hoursAgo: number) => ({ ...sample, createdAt: new Date(now - (hoursAgo + 2) * HOUR).toISOString(), respondBy: new Date(now - (hoursAgo + 1) * HOUR).toISOString(), escalateBy: new Date(now - hoursAgo * HOUR).toISOString() });
    const recent = await store.insertLead(lead(1), []);
    const older = await store.insertLead(lead(5), []);
    const taken = await store.insertLead(lead(3), []);
    const notYet = await store.insertLead(lead(-1), []);
    const unverified = await store.insertLead({ ...lead(2), verification: "unverified", verificationNote: "siteverify unavailable" }, []);
    await store.takeLead(taken.id, { takenBy: "Ada", takenAt: new Date(now).toISOString(), takeover: false });
    expect((await store.overdueLeads(new Date(now))).map((row) => `${row.publicId}:${row.verification}`)).toEqual([`${older.publicId}:verified`, `${unverified.publicId}:unverified`, `${recent.publicId}:verified`]);
    expect((await store.overdueLeads(new Date(now + 2 * HOUR))).map((row) => row.id)).toEqual([older.id, unverified.id, recent.id, notYet.id]);
  });
});
