// @vitest-environment node
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { createClient } from "@libsql/client";
import { insightsStorage } from "../insights/storage";
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
  country: "GB",
  device: "desktop",
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
    // Versions may have gaps (one branch's version waits for its merge): the next is after the highest.
    const next = Math.max(...migrations.map((m) => m.version)) + 1;
    const store = await SqliteStore.open(url);
    await store.insertLead(sample, []);
    await store.close();
    const later = await open(url, {
      migrations: [
        ...migrations,
        { version: next, name: "add form name", statements: ["ALTER TABLE messages ADD COLUMN form_name TEXT NOT NULL DEFAULT 'web'"] },
      ],
    });
    expect((await later.execute("SELECT form_name FROM messages")).rows[0]?.form_name).toBe("web");
    expect((await later.execute("SELECT version FROM schema_migrations ORDER BY version")).rows.map((row) => row.version)).toEqual([...migrations.map((m) => m.version).sort((a, b) => a - b), next]);
  });

  it("gives leads stored before public ids one, so a resend of them is answered with a public id too", async () => {
    const { url } = tempUrl();
    const backfill = migrations.find((migration) => migration.name === "a public id for every lead")!;
    const before = await open(url, { migrations: migrations.filter((migration) => migration.version < backfill.version) });
    for (const submission of ["old-0001", "old-0002"]) {
      await before.execute({
        sql: "INSERT INTO messages (first_name, last_name, email, message, created_at, verification, submission_id) VALUES ('Ada', 'L', 'ada@example.com', 'm', ?, 'verified', ?)",
        args: [sample.createdAt, submission],
      });
    }
    const store = await SqliteStore.open(url);
    stores.push(store);
    const again = await store.insertLead({ ...sample, submissionId: "old-0001" }, []);
    const other = await store.insertLead({ ...sample, submissionId: "old-0002" }, []);
    expect(again).toMatchObject({ id: 1, created: false });
    for (const { publicId } of [again, other]) expect(publicId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(again.publicId).not.toBe(other.publicId);
  });

  it("refuses a URL that is not a file", () => {
    expect(() => databaseFile("libsql://example.turso.io")).toThrow(/file: URL/);
  });
});

describe("erase and retention", () => {
  // What `grep -c ADDRESS data/messages.db*` would find: the raw bytes of the file, its WAL and shared memory.
  const filesHolding = (file: string, text: string) =>
    [file, `${file}-wal`, `${file}-shm`].filter((path) => existsSync(path) && readFileSync(path).includes(Buffer.from(text))).map((path) => path.slice(file.length) || ".db");

  it("leave no byte of the lead in the database file, its WAL or its shared memory", async () => {
    const { url } = tempUrl();
    const file = databaseFile(url)!;
    // The server keeps its connection open while `npm run messages -- erase` uses one of its own.
    const server = await SqliteStore.open(url);
    stores.push(server);
    const long = `Secret plans ${"of the engine ".repeat(400)}`; // several KB: overflow pages too
    const confirm = (email: string) => [{ channel: "email" as const, externalId: `<${email}>` }, { channel: "confirmation" as const, externalId: `<c-${email}>`, oncePerDayTo: email }];
    for (const email of ["erase.me@example.com", "keep.me@example.com"]) await server.insertLead({ ...sample, email, message: `${long} ${email}` }, confirm(email));
    await server.insertLead({ ...sample, email: "expired@example.com", message: "Expired secret", createdAt: "2020-01-01T00:00:00.000Z" }, confirm("expired@example.com"));
    for (const job of await server.claimDeliveries("email", { now: new Date(), leaseMs: 60_000, limit: 10 })) await server.markSent(job, new Date());
    // A confirmation's error names the address it was refused for.
    for (const job of await server.claimDeliveries("confirmation", { now: new Date(), leaseMs: 60_000, limit: 10 })) {
      await server.markFailed(job, `the mail server refused ${job.lead.email} (550 No such user)`, null);
    }
    expect(filesHolding(file, "erase.me@example.com")).not.toEqual([]);

    const cli = await SqliteStore.open(url);
    stores.push(cli);
    expect(await cli.eraseByEmail("erase.me@example.com")).toEqual([1]);
    expect(filesHolding(file, "erase.me@example.com")).toEqual([]);
    expect(filesHolding(file, "keep.me@example.com")).toEqual([".db"]);

    expect((await server.deleteLeadsBefore(new Date("2021-01-01T00:00:00.000Z"))).deleted).toEqual([3]);
    expect(filesHolding(file, "expired@example.com")).toEqual([]);
    expect(filesHolding(file, "Expired secret")).toEqual([]);
    expect((await server.listLeads()).map((lead) => lead.email)).toEqual(["keep.me@example.com"]);
  });

  it("leave nothing either of what was deleted before secure_delete was on: the first start of this version rewrites the file once", async () => {
    const { url } = tempUrl();
    const file = databaseFile(url)!;
    // A database as the previous version left it: a lead erased without secure_delete, its bytes in free space.
    const before = await SqliteStore.open(url);
    await before.db.execute("PRAGMA secure_delete = OFF");
    await before.db.execute("PRAGMA user_version = 0");
    await before.insertLead({ ...sample, email: "erased.long.ago@example.com", message: "Old secret" }, []);
    await before.insertLead({ ...sample, email: "kept@example.com" }, []);
    await before.db.execute("DELETE FROM messages WHERE email = 'erased.long.ago@example.com'");
    await before.db.execute("PRAGMA wal_checkpoint(TRUNCATE)");
    before.db.close();
    expect(filesHolding(file, "erased.long.ago@example.com")).toEqual([".db"]);

    const store = await SqliteStore.open(url);
    stores.push(store);
    expect(filesHolding(file, "erased.long.ago@example.com")).toEqual([]);
    expect(filesHolding(file, "Old secret")).toEqual([]);
    expect((await store.listLeads()).map((lead) => lead.email)).toEqual(["kept@example.com"]);
  });

  it("keep no lead's IP address or user agent: migration 16 clears and drops both columns, and no file of the database holds them after", async () => {
    const { url } = tempUrl();
    const file = databaseFile(url)!;
    const agent = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.4711.42 Safari/537.36";
    // A database as the previous version left it: a lead with the full address and user agent.
    const before = await open(url, { migrations: migrations.filter((migration) => migration.version < 16) });
    await before.execute({
      sql: "INSERT INTO messages (first_name, last_name, email, message, created_at, ip, user_agent, verification) VALUES ('Ada', 'Lovelace', 'ada@example.com', 'Hello', ?, ?, ?, 'verified')",
      args: ["2026-11-18T10:00:00.000Z", "203.0.113.77", agent],
    });
    await before.execute("PRAGMA user_version = 1");
    await before.execute("PRAGMA wal_checkpoint(TRUNCATE)");
    expect(filesHolding(file, "4711.42")).toEqual([".db"]);
    before.close();

    const store = await SqliteStore.open(url);
    stores.push(store);
    const columns = (await store.db.execute("PRAGMA table_info(messages)")).rows.map((row) => String(row.name));
    expect(columns).not.toContain("ip");
    expect(columns).not.toContain("user_agent");
    expect(columns).toEqual(expect.arrayContaining(["country", "device"]));
    for (const text of ["4711.42", "203.0.113.77"]) expect(filesHolding(file, text), text).toEqual([]);
    expect(await store.listLeads()).toMatchObject([{ email: "ada@example.com", country: null, device: null }]);
    // A new lead keeps only the country and the device class.
    await store.insertLead({ ...sample, email: "new@example.com", country: "DE", device: "phone" }, []);
    expect((await store.listLeads()).at(-1)).toMatchObject({ email: "new@example.com", country: "DE", device: "phone" });
    expect((await store.listLeads()).at(-1)).not.toHaveProperty("ip");
  });

  it("take a deleted salt's bytes out of the file and its WAL once a reader holding an old snapshot lets go (the checkpoint is retried)", async () => {
    const { url } = tempUrl();
    const file = databaseFile(url)!;
    const store = await SqliteStore.open(url);
    stores.push(store);
    const storage = insightsStorage(store);
    const made = new Date("2026-11-18T00:00:00Z");
    const salt = await storage.saltFor("2026-11-18", made);
    await store.db.execute("PRAGMA wal_checkpoint(TRUNCATE)");
    expect(filesHolding(file, salt)).toEqual([".db"]);

    // Another process (npm run messages, a backup) reads the file at sweep time and holds its snapshot.
    const reader = createClient({ url });
    const snapshot = await reader.transaction("read");
    expect((await snapshot.execute("SELECT COUNT(*) AS n FROM insights_salts")).rows[0]?.n).toBe(1);
    expect(await storage.deleteSaltsBefore(new Date(made.getTime() + 3600_000))).toBe(1);
    // While it holds on, the old page is still in the WAL or the file: the checkpoint could not complete.
    expect(filesHolding(file, salt)).not.toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 600));
    await snapshot.commit();
    reader.close();

    // No other delete comes: the retried checkpoint alone takes the salt out of every file of the database.
    await expect.poll(() => filesHolding(file, salt), { timeout: 10_000, interval: 200 }).toEqual([]);
    await store.checkpointRetried();
    expect(existsSync(`${file}-wal`) ? readFileSync(`${file}-wal`).length : 0).toBe(0);
  }, 20_000);
});

// The rest of the store's behaviour is in store-contract.test.ts, run on both engines.
