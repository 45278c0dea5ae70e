// @vitest-environment node
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import pg from "pg";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { startPostgres, type TestPostgres } from "../../test/support/postgres.mjs";
import { postgresOptionsFromEnv, redactDatabaseUrl } from ".";
import { migrations } from "./postgres-migrations";
import { createPostgresRateLimiter } from "./postgres-rate-limit";
import { PostgresStore, createPool, isPostgresUrl, migrate } from "./postgres-store";
import type { NewMessage } from "./store";
import { insightsStorage } from "../insights/storage";

/* What only PostgreSQL has to get right: several instances on one database, and a database that goes away. */

let postgres: TestPostgres;
const closers: (() => Promise<void>)[] = [];

beforeAll(async () => {
  postgres = await startPostgres();
}, 60_000);
afterAll(() => postgres?.destroy());
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close().catch(() => {});
});

const open = async (url: string, options: Parameters<typeof PostgresStore.open>[1] = {}) => {
  const store = await PostgresStore.open(url, options);
  closers.push(() => store.close());
  return store;
};

/** The files of a database's folder (tables, indexes, TOAST) that hold a text after a checkpoint: what `grep -rc` would find. */
async function databaseFiles(url: string): Promise<(text: string) => Promise<string[]>> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  closers.push(() => admin.end());
  const oid = (await admin.query<{ oid: number }>("SELECT oid FROM pg_database WHERE datname = current_database()")).rows[0]!.oid;
  return async (text) => {
    await admin.query("CHECKPOINT");
    const dir = join(postgres.dir, "data", "base", String(oid));
    return readdirSync(dir).filter((name) => readFileSync(join(dir, name)).includes(Buffer.from(text)));
  };
}

const sample: NewMessage = {
  firstName: "Ada",
  lastName: "Lovelace",
  email: "ada@example.com",
  company: "",
  message: "hello",
  createdAt: new Date().toISOString(),
  country: "GB",
  device: "desktop",
  verification: "verified",
  verificationNote: null,
};

describe("PostgreSQL URLs and settings", () => {
  it("recognises postgres:// and postgresql:// only", () => {
    expect(isPostgresUrl("postgres://u:p@db:5432/leads")).toBe(true);
    expect(isPostgresUrl("postgresql://db/leads")).toBe(true);
    expect(isPostgresUrl("file:./data/messages.db")).toBe(false);
    expect(isPostgresUrl("mysql://db/leads")).toBe(false);
  });

  it("keeps a password out of log lines", () => {
    expect(redactDatabaseUrl("postgres://leads:s3cret@db.example:5432/leads?sslmode=require")).toBe("postgres://leads:***@db.example:5432/leads?sslmode=require");
    expect(redactDatabaseUrl("postgresql://db/leads")).toBe("postgresql://db/leads");
    expect(redactDatabaseUrl("file:./data/messages.db")).toBe("file:./data/messages.db");
  });

  it("reads pool settings from the environment, with defaults, and refuses nonsense", () => {
    expect(postgresOptionsFromEnv({})).toEqual({ poolMax: 10, statementTimeoutMs: 5000, connectTimeoutMs: 3000, migrationWaitMs: 120_000 });
    expect(postgresOptionsFromEnv({ PG_POOL_MAX: "3", PG_STATEMENT_TIMEOUT_MS: "2000" })).toMatchObject({ poolMax: 3, statementTimeoutMs: 2000 });
    expect(() => postgresOptionsFromEnv({ PG_POOL_MAX: "0" })).toThrow(/PG_POOL_MAX/);
    expect(() => postgresOptionsFromEnv({ PG_CONNECT_TIMEOUT_MS: "soon" })).toThrow(/PG_CONNECT_TIMEOUT_MS/);
  });
});

describe("migrations", () => {
  it("are applied once when several instances start on a new database at the same moment", async () => {
    const url = postgres.createDatabase();
    const stores = await Promise.all(Array.from({ length: 4 }, () => open(url)));
    const { rows } = await stores[0]!.pool.query("SELECT version, name FROM schema_migrations ORDER BY version");
    expect(rows).toEqual(migrations.map(({ version, name }) => ({ version, name })));
  });

  it("applies a later migration to an existing database", async () => {
    const url = postgres.createDatabase();
    const first = await open(url);
    await first.insertLead(sample, []);
    const later = await open(url, {
      migrations: [...migrations, { version: 99, name: "add form name", statements: ["ALTER TABLE messages ADD COLUMN form_name text NOT NULL DEFAULT 'web'"] }],
    });
    expect((await later.pool.query("SELECT form_name FROM messages")).rows).toEqual([{ form_name: "web" }]);
  });

  it("keep no lead's IP address or user agent: migration 14 clears and drops both columns, and empties the old rate-limit rows", async () => {
    const url = postgres.createDatabase();
    const agent = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.4711.42 Safari/537.36";
    const before = await open(url, { migrations: migrations.filter((migration) => migration.version < 14) });
    await before.pool.query(
      "INSERT INTO messages (first_name, last_name, email, message, created_at, ip, user_agent, verification) VALUES ('Ada', 'Lovelace', 'ada@example.com', 'Hello', now(), '203.0.113.77', $1, 'verified')",
      [agent],
    );
    await before.pool.query("INSERT INTO rate_limits (key, points, expire) VALUES ('contact:203.0.113.77', 1, NULL)");
    const filesHolding = await databaseFiles(url);
    expect(await filesHolding("4711.42")).not.toEqual([]);

    const store = await open(url);
    const columns = (await store.pool.query<{ column_name: string }>("SELECT column_name FROM information_schema.columns WHERE table_name = 'messages'")).rows.map((row) => row.column_name);
    expect(columns).not.toContain("ip");
    expect(columns).not.toContain("user_agent");
    expect(columns).toEqual(expect.arrayContaining(["country", "device"]));
    expect((await store.pool.query("SELECT key FROM rate_limits")).rows).toEqual([]);
    // VACUUM FULL after the migration: the old row versions are gone from the table files (the WAL keeps them).
    for (const text of ["4711.42", "203.0.113.77"]) expect(await filesHolding(text), text).toEqual([]);
    await store.insertLead({ ...sample, email: "new@example.com", country: "DE", device: "tablet" }, []);
    expect((await store.listLeads()).map(({ email, country, device }) => ({ email, country, device }))).toEqual([
      { email: "ada@example.com", country: null, device: null },
      { email: "new@example.com", country: "DE", device: "tablet" },
    ]);
  });

  it("roll a failed migration back entirely and say which one failed", async () => {
    const url = postgres.createDatabase();
    const pool = createPool(url);
    closers.push(() => pool.end());
    await expect(
      migrate(url, [{ version: 1, name: "half", statements: ["CREATE TABLE a (x int)", "CREATE TABLE a (x int)"] }]),
    ).rejects.toThrow(/Migration 1 \(half\) failed/);
    expect((await pool.query("SELECT to_regclass('a') AS a, (SELECT COUNT(*) FROM schema_migrations)::int AS n")).rows).toEqual([{ a: null, n: 0 }]);
  });
});

describe("migrations beside a slow one", () => {
  const holdLock = async (url: string) => {
    // Another instance in the middle of a long migration: it holds the advisory lock.
    const other = new pg.Client({ connectionString: url });
    await other.connect();
    await other.query("SELECT pg_advisory_lock($1)", [0x617263_6c696e65n.toString()]);
    closers.push(() => other.end());
    return other;
  };

  it("wait for it beyond the pool's query time-out, then start", async () => {
    const url = postgres.createDatabase();
    const other = await holdLock(url);
    // The pool's client-side limit is 1.1 s here; the other migration takes 3 s.
    setTimeout(() => void other.query("SELECT pg_advisory_unlock_all()"), 3_000);
    const started = Date.now();
    const store = await open(url, { statementTimeoutMs: 100 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(2_500);
    expect(await store.listLeads()).toEqual([]);
  });

  it("give up after PG_MIGRATION_WAIT_MS with a message that says why", async () => {
    const url = postgres.createDatabase();
    await holdLock(url);
    await expect(open(url, { migrationWaitMs: 1_000 })).rejects.toThrow(/Another instance has been migrating the database for over 1 s.*PG_MIGRATION_WAIT_MS/);
  });
});

describe("several instances on one database", () => {
  it("hand each due delivery to exactly one of them (FOR UPDATE SKIP LOCKED)", async () => {
    const url = postgres.createDatabase();
    const [a, b, c] = await Promise.all([open(url), open(url), open(url)]);
    for (let i = 0; i < 30; i++) await a!.insertLead({ ...sample, message: `lead ${i}` }, [{ channel: "email", externalId: `<${i}@x>` }]);
    const now = new Date();
    const claims = await Promise.all(
      [a!, b!, c!].flatMap((store) => Array.from({ length: 4 }, () => store.claimDeliveries("email", { now, leaseMs: 60_000, limit: 3 }))),
    );
    // Under concurrency a claim may come back short (a row it skipped was taken meanwhile): the next poll gets the rest.
    const later = await a!.claimDeliveries("email", { now, leaseMs: 60_000, limit: 30 });
    const ids = [...claims.flat(), ...later].map((job) => job.id);
    expect(ids).toHaveLength(new Set(ids).size);
    expect(ids.length).toBe(30);
  });

  it("store a submission that reaches two instances at the same moment once", async () => {
    const url = postgres.createDatabase();
    const [a, b] = await Promise.all([open(url), open(url)]);
    for (let round = 0; round < 10; round++) {
      const submissionId = `same-${round}-00000000`;
      const results = await Promise.all([a!, b!].map((store) => store.insertLead({ ...sample, submissionId }, [{ channel: "email", externalId: `<${round}@x>` }])));
      expect(results.filter((result) => result.created)).toHaveLength(1);
      expect(results[0]!.id).toBe(results[1]!.id);
      expect(results[0]!.publicId).toBe(results[1]!.publicId);
    }
    expect(await a!.listLeads()).toHaveLength(10);
    expect(await b!.claimDeliveries("email", { now: new Date(), leaseMs: 1000, limit: 100 })).toHaveLength(10);
  });

  it("leave a lease held by another instance alone at start-up", async () => {
    const url = postgres.createDatabase();
    const [a, b] = await Promise.all([open(url), open(url)]);
    await a!.insertLead(sample, [{ channel: "email", externalId: "<1@x>" }]);
    expect(await a!.claimDeliveries("email", { now: new Date(), leaseMs: 60_000, limit: 1 })).toHaveLength(1);
    expect(await b!.recoverLeases()).toBe(0);
    expect(await b!.claimDeliveries("email", { now: new Date(), leaseMs: 60_000, limit: 1 })).toEqual([]);
  });

  it("share one rate limit: a visitor allowed 3 gets 3 in total, and a released slot comes back", async () => {
    const url = postgres.createDatabase();
    const [a, b] = await Promise.all([open(url), open(url)]);
    const limiters = [a!, b!].map((store) => createPostgresRateLimiter(store.pool, { name: "accepted", limit: 3 }));
    const slots = await Promise.all(Array.from({ length: 6 }, (_, i) => limiters[i % 2]!.reserve("203.0.113.7")));
    expect(slots.filter((slot) => slot.ok)).toHaveLength(3);
    const refused = slots.find((slot) => !slot.ok);
    expect(refused).toEqual({ ok: false, retryAfterSeconds: expect.any(Number) });
    if (refused && !refused.ok) expect(refused.retryAfterSeconds).toBeLessThanOrEqual(60);
    // Another visitor, and another limiter name, count on their own.
    expect((await limiters[0]!.reserve("198.51.100.1")).ok).toBe(true);
    expect((await createPostgresRateLimiter(a!.pool, { name: "attempts", limit: 1 }).reserve("203.0.113.7")).ok).toBe(true);
    // A submission that was not accepted gives its slot back (once), on any instance.
    const taken = slots.find((slot) => slot.ok);
    if (!taken?.ok) throw new Error("expected a slot");
    await taken.release();
    await taken.release();
    expect((await limiters[1]!.reserve("203.0.113.7")).ok).toBe(true);
    expect((await limiters[0]!.reserve("203.0.113.7")).ok).toBe(false);
  });
});

describe("a database that goes away", () => {
  it("makes writes fail promptly while it is down, survives its idle connections breaking, and works again when it is back", async () => {
    const own = await startPostgres();
    closers.push(async () => own.destroy());
    const errors: Error[] = [];
    const store = await open(own.createDatabase(), { connectTimeoutMs: 1000, onPoolError: (error) => errors.push(error) });
    await store.insertLead(sample, []);
    // Fill the pool with idle connections, which the shutdown below breaks.
    await Promise.all(Array.from({ length: 3 }, () => store.pool.query("SELECT pg_sleep(0.05)")));
    const limiter = createPostgresRateLimiter(store.pool, { name: "accepted", limit: 5 });

    own.stop();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(errors.length).toBeGreaterThan(0);
    const started = Date.now();
    await expect(store.insertLead(sample, [])).rejects.toThrow();
    await expect(store.listLeads()).rejects.toThrow();
    expect(Date.now() - started).toBeLessThan(3000);
    // The limiter keeps answering (each instance on its own) instead of failing the request.
    expect((await limiter.reserve("192.0.2.1")).ok).toBe(true);

    own.start();
    await store.insertLead(sample, []);
    expect(await store.listLeads()).toHaveLength(2);
  }, 30_000); // it starts a PostgreSQL of its own first; the promptness is what the assertions above measure

  it("fails a write whose connection is ended under it, not the process: a lead, and a batch of visit counts", async () => {
    const url = postgres.createDatabase();
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    closers.push(() => admin.end());
    // Durable commits by default, as in production (the test server's own default is off, for speed).
    await admin.query(`ALTER DATABASE "${new URL(url).pathname.slice(1)}" SET synchronous_commit = on`);
    const store = await open(url);
    const visits = insightsStorage(store);
    // Connections open and idle in the pool, as in a running server.
    await Promise.all(Array.from({ length: 3 }, () => store.pool.query("SELECT pg_sleep(0.05)")));
    // A write that waits on a lock, then its backend is ended, as a restart or a failover would.
    const killWaiting = async (table: string, write: () => Promise<unknown>) => {
      await admin.query("BEGIN");
      await admin.query(`LOCK TABLE ${table} IN ACCESS EXCLUSIVE MODE`);
      const pending = write().then(
        () => "written",
        (error: Error) => error.message,
      );
      for (let i = 0; i < 50; i += 1) {
        const { rowCount } = await admin.query("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND pid <> pg_backend_pid()");
        if (rowCount) break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      await admin.query("ROLLBACK");
      return pending;
    };
    // Without the client's own error listener the ended connection is an unhandled 'error' event: the test process
    // (like the server) would end here.
    expect(await killWaiting("messages", () => store.insertLead(sample, []))).toMatch(/terminat/i);
    const visit = { at: new Date(), visitor: "k", path: "/", entry: true, referrer: null, source: null, utmSource: null, utmMedium: null, utmCampaign: null, utmTerm: null, utmContent: null, country: null, device: "phone" as const };
    expect(await killWaiting("visits", () => visits.insertVisits([visit]))).toMatch(/terminat/i);
    // The pool gave up the dead connections and works on.
    await store.insertLead(sample, []);
    await visits.insertVisits([visit]);
    expect(await store.listLeads()).toHaveLength(1);
    // Its other connections still commit leads durably: the counts' setting stayed in their transaction.
    const settings = await Promise.all(Array.from({ length: 3 }, () => store.pool.query<{ s: string }>("SELECT current_setting('synchronous_commit') AS s")));
    expect(settings.map((result) => result.rows[0]!.s)).toEqual(["on", "on", "on"]);
  });

  it("ends a statement that runs longer than the statement timeout", async () => {
    const store = await open(postgres.createDatabase(), { statementTimeoutMs: 300 });
    const started = Date.now();
    await expect(store.pool.query("SELECT pg_sleep(5)")).rejects.toThrow(/statement timeout/);
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it("refuses to open when the database cannot be reached, within the connect timeout", async () => {
    const client = new pg.Client({ connectionString: postgres.baseUrl + "/postgres" });
    await client.connect();
    await client.end();
    const started = Date.now();
    await expect(PostgresStore.open(`${postgres.baseUrl.replace(/:\d+$/, ":1")}/nowhere`, { connectTimeoutMs: 1000 })).rejects.toThrow();
    expect(Date.now() - started).toBeLessThan(3000);
  });
});

describe("erase and retention on PostgreSQL", () => {
  it("leave no byte of the lead in the table and index files (the WAL keeps it)", async () => {
    const url = postgres.createDatabase();
    const store = await open(url);
    const filesHolding = await databaseFiles(url);
    const long = `Secret plans ${"of the engine ".repeat(400)}`;
    for (let i = 0; i < 20; i++) await store.insertLead({ ...sample, email: `other${i}@example.com` }, [{ channel: "email", externalId: `<o${i}@x>` }]);
    await store.insertLead({ ...sample, email: "erase.me@example.com", message: `${long} erase.me` }, [{ channel: "email", externalId: "<e@x>" }]);
    await store.insertLead({ ...sample, email: "expired@example.com", message: "Expired secret", createdAt: "2020-01-01T00:00:00.000Z" }, [{ channel: "email", externalId: "<x@x>" }]);
    for (let i = 0; i < 20; i++) await store.insertLead({ ...sample, email: `more${i}@example.com` }, []);
    // An outbox error can name the address too (a refused recipient).
    for (const job of await store.claimDeliveries("email", { now: new Date(), leaseMs: 60_000, limit: 100 })) {
      await (job.lead.email === "erase.me@example.com" ? store.markFailed(job, "the mail server refused erase.me@example.com (550)", null) : store.markSent(job, new Date()));
    }
    expect(await filesHolding("erase.me@example.com")).not.toEqual([]);

    expect(await store.eraseByEmail("erase.me@example.com")).toHaveLength(1);
    expect(await filesHolding("erase.me@example.com")).toEqual([]);
    expect(await store.deleteLeadsBefore(new Date("2021-01-01T00:00:00.000Z"))).toMatchObject({ deleted: [expect.any(Number)] });
    expect(await filesHolding("expired@example.com")).toEqual([]);
    expect(await filesHolding("Expired secret")).toEqual([]);
    expect(await filesHolding("other3@example.com")).not.toEqual([]);
  });
});
