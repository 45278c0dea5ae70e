// @vitest-environment node
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { migrations } from "./sqlite-migrations";
import { SqliteStore, databaseFile, openDatabase, type Database } from "./sqlite-store";
import type { NewMessage } from "./store";

const dirs: string[] = [];
const opened: Database[] = [];
const tempUrl = () => {
  const dir = mkdtempSync(join(tmpdir(), "contact-db-"));
  dirs.push(dir);
  return { dir, url: `file:${join(dir, "nested", "data", "messages.db")}` };
};
const open = async (url: string, ...rest: Parameters<typeof openDatabase> extends [string, ...infer R] ? R : never) => {
  const db = await openDatabase(url, ...rest);
  opened.push(db);
  return db;
};
const stores: SqliteStore[] = [];
const openStore = async (url: string) => {
  const store = await SqliteStore.open(url);
  stores.push(store);
  return store;
};
afterEach(async () => {
  for (const db of opened.splice(0)) db.close();
  for (const store of stores.splice(0)) await store.close();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const sample: NewMessage = {
  firstName: "Ada",
  lastName: "Lovelace",
  email: "ada@example.com",
  company: "",
  message: "Grüße 🚀",
  createdAt: "2025-01-01T00:00:00.000Z",
  ip: "127.0.0.1",
  userAgent: "test",
  verification: "verified",
  verificationNote: null,
};

describe("openDatabase", () => {
  it("creates the folder and file on first start, in WAL mode with full sync", async () => {
    const { url } = tempUrl();
    const db = await open(url);
    expect(existsSync(databaseFile(url)!)).toBe(true);
    expect((await db.execute("PRAGMA journal_mode")).rows[0]?.journal_mode).toBe("wal");
    expect(Number((await db.execute("PRAGMA synchronous")).rows[0]?.synchronous)).toBe(2);
    expect(Number((await db.execute("PRAGMA busy_timeout")).rows[0]?.timeout)).toBe(5000);
  });

  it("records each migration once, also when two processes open a new file at the same time", async () => {
    const { url } = tempUrl();
    const [a, b] = await Promise.all([open(url), open(url)]);
    const versions = (await a.execute("SELECT version, name FROM schema_migrations")).rows.map((row) => ({ ...row }));
    expect(versions).toEqual(migrations.map(({ version, name }) => ({ version, name })));
    await open(url);
    expect((await b.execute("SELECT COUNT(*) AS n FROM schema_migrations")).rows[0]?.n).toBe(migrations.length);
  });

  it("applies a later migration to an existing database", async () => {
    const { url } = tempUrl();
    const store = await SqliteStore.open(url);
    await store.insertLead(sample, []);
    await store.close();
    const later = await open(url, {
      migrations: [
        ...migrations,
        { version: migrations.length + 1, name: "add source", statements: ["ALTER TABLE messages ADD COLUMN source TEXT NOT NULL DEFAULT 'web'"] },
      ],
    });
    expect((await later.execute("SELECT source FROM messages")).rows[0]?.source).toBe("web");
    expect((await later.execute("SELECT version FROM schema_migrations ORDER BY version")).rows.map((row) => row.version)).toEqual([...migrations.map((m) => m.version), migrations.length + 1]);
  });

  it("stores a message resent with the same submission id once, queues it once, and returns the first id", async () => {
    const store = await openStore(tempUrl().url);
    const queue = [{ channel: "email" as const, externalId: "<a@x>" }];
    const first = await store.insertLead({ ...sample, submissionId: "resend-0001" }, queue);
    const again = await store.insertLead({ ...sample, message: "edited before resending", submissionId: "resend-0001" }, [{ channel: "email", externalId: "<b@x>" }]);
    const other = await store.insertLead({ ...sample, submissionId: null }, []);
    const otherToo = await store.insertLead({ ...sample, submissionId: null }, []);
    expect(first.created).toBe(true);
    expect(again).toEqual({ id: first.id, created: false });
    expect(new Set([first.id, other.id, otherToo.id]).size).toBe(3);
    const leads = await store.listLeads();
    expect(leads).toHaveLength(3);
    expect(leads[0]?.message).toBe(sample.message);
    expect(leads[0]?.deliveries).toHaveLength(1);
    const [job] = await store.claimDeliveries("email", { now: new Date(), leaseMs: 60_000, limit: 10 });
    expect(job?.externalId).toBe("<a@x>");
  });

  it("stores and lists messages as given, with increasing ids", async () => {
    const store = await openStore(tempUrl().url);
    const first = await store.insertLead(sample, []);
    const second = await store.insertLead({ ...sample, verification: "unverified", verificationNote: "siteverify timeout after 5000 ms", ip: null, userAgent: null }, []);
    expect(second.id).toBeGreaterThan(first.id);
    expect(await store.listLeads()).toEqual([
      { ...sample, id: first.id, submissionId: null, deliveries: [] },
      { ...sample, id: second.id, submissionId: null, deliveries: [], verification: "unverified", verificationNote: "siteverify timeout after 5000 ms", ip: null, userAgent: null },
    ]);
  });

  it("refuses a URL that is not a file", () => {
    expect(() => databaseFile("libsql://example.turso.io")).toThrow(/file: URL/);
  });
});

describe("the outbox", () => {
  const both = [
    { channel: "email" as const, externalId: "<lead-1@example.com>" },
    { channel: "webhook" as const, externalId: "msg_1" },
  ];
  const claim = (store: SqliteStore, channel: "email" | "webhook", now = new Date()) => store.claimDeliveries(channel, { now, leaseMs: 60_000, limit: 10 });

  it("writes one row per channel with the lead, in the same transaction", async () => {
    const store = await openStore(tempUrl().url);
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
    const store = await openStore(tempUrl().url);
    const { id } = await store.insertLead(sample, both);
    const [job] = await claim(store, "email");
    expect(job).toMatchObject({ channel: "email", externalId: "<lead-1@example.com>", attempt: 1, lead: { id, email: sample.email } });
    expect(await claim(store, "email")).toEqual([]);
    // The lease runs out (its holder died): someone else takes it, and the first holder's late answer is ignored.
    const [again] = await claim(store, "email", new Date(Date.now() + 61_000));
    expect(again?.attempt).toBe(2);
    await store.markSent(job!, new Date());
    expect((await store.listLeads())[0]?.deliveries[0]?.status).toBe("pending");
    await store.markSent(again!, new Date("2026-01-01T00:00:00.000Z"));
    expect((await store.listLeads())[0]?.deliveries[0]).toMatchObject({ status: "sent", attempts: 2, sentAt: "2026-01-01T00:00:00.000Z" });
  });

  it("schedules a retry, gives up as failed (kept), and requeues failed deliveries on request", async () => {
    const store = await openStore(tempUrl().url);
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

  it("takes back leases left by a crashed process", async () => {
    const store = await openStore(tempUrl().url);
    await store.insertLead(sample, both);
    expect(await claim(store, "email")).toHaveLength(1);
    expect(await store.recoverLeases()).toBe(1);
    expect(await claim(store, "email")).toHaveLength(1);
  });

  it("deletes old leads with their outbox rows, and erases one person's leads by address in any case", async () => {
    const store = await openStore(tempUrl().url);
    await store.insertLead({ ...sample, createdAt: "2020-01-01T00:00:00.000Z" }, both);
    await store.insertLead({ ...sample, email: "grace@example.com", createdAt: new Date().toISOString() }, both);
    await store.insertLead({ ...sample, createdAt: new Date().toISOString() }, both);
    expect(await store.deleteLeadsBefore(new Date("2021-01-01T00:00:00.000Z"))).toBe(1);
    expect(await store.eraseByEmail("ADA@example.com")).toBe(1);
    const left = await store.listLeads();
    expect(left.map((lead) => lead.email)).toEqual(["grace@example.com"]);
    expect((await store.db.execute("SELECT COUNT(*) AS n FROM outbox")).rows[0]?.n).toBe(2);
  });
});
