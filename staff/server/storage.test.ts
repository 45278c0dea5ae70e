// @vitest-environment node
import { afterEach, describe, expect, it } from "vitest";
import { bothEngines } from "../../test/support/store-engines";
import type { Store } from "../../server/db/store";
import { SqliteStore } from "../../server/db/sqlite-store";
import { PostgresStore } from "../../server/db/postgres-store";
import { SESSION_IDLE_MS, SESSION_MAX_MS, secretHash, staffStorage } from "./storage";

/*
 * The workspace's storage on each engine, no mocks: SQLite in a temp file, PostgreSQL in a throwaway server.
 */

const engines = bothEngines("staff-db-");
const stores: Store[] = [];
afterEach(async () => {
  for (const store of stores.splice(0)) await store.close();
});

const t0 = new Date("2026-03-02T09:00:00.000Z");
const later = (ms: number) => new Date(t0.getTime() + ms);
const MINUTE = 60_000;

/** Every value of every row of the workspace's tables, as text (what a copy of the database would show). */
async function everyValue(store: Store): Promise<string> {
  const tables = ["staff_people", "staff_sign_in_links", "staff_sessions", "staff_passkeys", "staff_challenges", "staff_audit"];
  const rows: unknown[] = [];
  for (const table of tables) {
    if (store instanceof SqliteStore) rows.push(...(await store.db.execute(`SELECT * FROM ${table}`)).rows);
    if (store instanceof PostgresStore) rows.push(...(await store.pool.query(`SELECT * FROM ${table}`)).rows);
  }
  return JSON.stringify(rows);
}

async function rawExecute(store: Store, sql: string) {
  if (store instanceof SqliteStore) return store.db.execute(sql);
  if (store instanceof PostgresStore) return store.pool.query(sql);
  throw new Error("no engine");
}

describe.each(Object.keys(engines) as (keyof typeof engines)[])("the workspace's storage on %s", (engine) => {
  const open = async () => {
    const store = await engines[engine]();
    stores.push(store);
    return { store, staff: staffStorage(store) };
  };

  it("keeps people with lower-cased unique addresses and roles, and refuses to revoke or demote the last operator", async () => {
    const { staff } = await open();
    const ada = await staff.addPerson("Ada@Example.COM", ["operator"], "server (npm run staff)", t0);
    expect(ada).toMatchObject({ email: "ada@example.com", roles: ["operator"], invitedBy: "server (npm run staff)", createdAt: t0.toISOString() });
    expect(await staff.addPerson("ada@example.com", ["sales"], "x", t0)).toBeNull();
    await staff.addPerson("bob@example.com", ["operator", "sales"], "ada@example.com", t0);
    expect((await staff.people()).map((person) => [person.email, person.roles])).toEqual([
      ["ada@example.com", ["operator"]],
      ["bob@example.com", ["sales", "operator"]],
    ]);
    expect(await staff.setRoles("bob@example.com", ["sales"])).toMatchObject({ ok: true, person: { roles: ["sales"] } });
    // Ada is now the only operator: she can neither lose the role nor go.
    expect(await staff.setRoles("ADA@example.com", ["marketing"])).toEqual({ ok: false, reason: "last-operator" });
    expect(await staff.removePerson("ada@example.com")).toEqual({ ok: false, reason: "last-operator" });
    expect(await staff.setRoles("nobody@example.com", ["sales"])).toEqual({ ok: false, reason: "not-found" });
    expect(await staff.removePerson("nobody@example.com")).toEqual({ ok: false, reason: "not-found" });
    expect(await staff.removePerson("bob@example.com")).toEqual({ ok: true });
    expect(await staff.person("bob@example.com")).toBeNull();
    expect((await staff.person("ada@example.com"))?.roles).toEqual(["operator"]);
  });

  it("uses a sign-in link once, within its time, stores only its hash, and its state changes nothing", async () => {
    const { store, staff } = await open();
    const token = "t".repeat(43);
    await staff.createSignInLink(token, { email: "Ada@example.com", next: "/leads/ABCD1234" }, t0, 15 * MINUTE);
    expect(await everyValue(store)).not.toContain(token);
    expect(await everyValue(store)).toContain(secretHash(token));
    expect(await staff.signInLinkState(token, later(MINUTE))).toBe("valid");
    expect(await staff.signInLinkState(token, later(MINUTE))).toBe("valid");
    expect(await staff.signInLinkState("u".repeat(43), later(MINUTE))).toBe("unknown");
    // Two presses at once: one wins.
    const [first, second] = await Promise.all([staff.consumeSignInLink(token, later(2 * MINUTE)), staff.consumeSignInLink(token, later(2 * MINUTE))]);
    expect([first, second].filter(Boolean)).toEqual([{ email: "ada@example.com", next: "/leads/ABCD1234" }]);
    expect(await staff.signInLinkState(token, later(3 * MINUTE))).toBe("used");
    expect(await staff.consumeSignInLink(token, later(3 * MINUTE))).toBeNull();

    const old = "o".repeat(43);
    await staff.createSignInLink(old, { email: "ada@example.com", next: "/" }, t0, 15 * MINUTE);
    expect(await staff.signInLinkState(old, later(15 * MINUTE))).toBe("expired");
    expect(await staff.consumeSignInLink(old, later(15 * MINUTE))).toBeNull();
  });

  it("keeps a session alive 14 days idle and 90 days at most, stores only the id's hash, and ends it with the person", async () => {
    const { store, staff } = await open();
    const ada = (await staff.addPerson("ada@example.com", ["sales"], "x", t0))!;
    await staff.addPerson("op@example.com", ["operator"], "x", t0);
    const id = "s".repeat(43);
    await staff.createSession(id, ada.id, t0);
    expect(await everyValue(store)).not.toContain(id);
    expect(await staff.sessionPerson(id, later(MINUTE))).toEqual({ person: { id: ada.id, email: "ada@example.com", roles: ["sales"] } });
    // Used every 13 days, it lives on until 90 days after sign-in.
    let at = 0;
    for (; at + 13 * 24 * 3600_000 < SESSION_MAX_MS; ) {
      at += 13 * 24 * 3600_000;
      expect(await staff.sessionPerson(id, later(at))).not.toBeNull();
    }
    expect(await staff.sessionPerson(id, later(SESSION_MAX_MS + MINUTE))).toBeNull();

    const idle = "i".repeat(43);
    await staff.createSession(idle, ada.id, t0);
    expect(await staff.sessionPerson(idle, later(SESSION_IDLE_MS + MINUTE))).toBeNull();

    const other = "a".repeat(43);
    await staff.createSession(other, ada.id, t0);
    await staff.deleteSession(other);
    expect(await staff.sessionPerson(other, later(MINUTE))).toBeNull();

    const one = "1".repeat(43);
    const two = "2".repeat(43);
    await staff.createSession(one, ada.id, t0);
    await staff.createSession(two, ada.id, t0);
    expect(await staff.deleteSessionsOf(ada.id)).toBeGreaterThanOrEqual(2);
    expect(await staff.sessionPerson(one, later(MINUTE))).toBeNull();
    expect(await staff.sessionPerson(two, later(MINUTE))).toBeNull();

    // Revoking a person ends their sessions and removes their passkeys at once.
    const three = "3".repeat(43);
    await staff.createSession(three, ada.id, t0);
    await staff.addPasskey({ credentialId: "cred-1", personId: ada.id, publicKey: new Uint8Array([1, 2, 3]), counter: 0, transports: ["internal"], createdAt: t0.toISOString() });
    await staff.createSignInLink("l".repeat(43), { email: "ada@example.com", next: "/" }, t0, 15 * MINUTE);
    expect(await staff.removePerson("ada@example.com")).toEqual({ ok: true });
    expect(await staff.sessionPerson(three, later(MINUTE))).toBeNull();
    expect(await staff.signInLinkState("l".repeat(43), later(MINUTE))).toBe("unknown");
    expect(await staff.passkey("cred-1")).toBeNull();
    expect(await everyValue(store)).not.toContain("cred-1");
    // The session's row itself is gone, not just unusable.
    expect(await everyValue(store)).not.toContain(secretHash(three));
  });

  it("keeps passkeys per person and WebAuthn challenges once and for five minutes", async () => {
    const { staff } = await open();
    const ada = (await staff.addPerson("ada@example.com", ["sales"], "x", t0))!;
    const bob = (await staff.addPerson("bob@example.com", ["sales"], "x", t0))!;
    const key = new Uint8Array([0, 1, 2, 250, 255]);
    await staff.addPasskey({ credentialId: "cred-a", personId: ada.id, publicKey: key, counter: 0, transports: ["internal", "hybrid"], createdAt: t0.toISOString() });
    expect(await staff.passkey("cred-a")).toMatchObject({ credentialId: "cred-a", personId: ada.id, publicKey: key, counter: 0, transports: ["internal", "hybrid"], lastUsedAt: null });
    await staff.usePasskey("cred-a", 7, later(MINUTE));
    expect(await staff.passkey("cred-a")).toMatchObject({ counter: 7, lastUsedAt: later(MINUTE).toISOString() });
    expect(await staff.passkeysOf(bob.id)).toEqual([]);
    expect(await staff.removePasskey(bob.id, "cred-a")).toBe(false);
    expect((await staff.passkeysOf(ada.id)).length).toBe(1);
    expect(await staff.removePasskey(ada.id, "cred-a")).toBe(true);
    expect(await staff.passkeysOf(ada.id)).toEqual([]);

    await staff.saveChallenge("ch-1", "register", ada.id, later(5 * MINUTE));
    expect(await staff.takeChallenge("ch-1", "sign-in", later(MINUTE))).toBeNull();
    const [first, second] = await Promise.all([staff.takeChallenge("ch-1", "register", later(MINUTE)), staff.takeChallenge("ch-1", "register", later(MINUTE))]);
    expect([first, second].filter(Boolean)).toEqual([{ personId: ada.id }]);
    await staff.saveChallenge("ch-2", "sign-in", null, later(5 * MINUTE));
    expect(await staff.takeChallenge("ch-2", "sign-in", later(5 * MINUTE))).toBeNull();
  });

  it("appends to the audit log, lists it newest first, filtered and paged, and the database refuses to change it", async () => {
    const { store, staff } = await open();
    for (let i = 0; i < 5; i++) await staff.appendAudit({ at: later(i * MINUTE).toISOString(), actor: i % 2 ? "ada@example.com" : "server (npm run staff)", action: `a${i}`, subject: i === 4 ? "ada@example.com" : null, detail: null });
    const all = await staff.audit({ limit: 2, offset: 0 });
    expect(all.total).toBe(5);
    expect(all.lines.map((line) => line.action)).toEqual(["a4", "a3"]);
    expect((await staff.audit({ limit: 2, offset: 4 })).lines.map((line) => line.action)).toEqual(["a0"]);
    const ada = await staff.audit({ person: "Ada@example.com", limit: 10, offset: 0 });
    expect(ada.lines.map((line) => line.action)).toEqual(["a4", "a3", "a1"]);
    expect(ada.lines[0]).toMatchObject({ at: later(4 * MINUTE).toISOString(), actor: "server (npm run staff)", subject: "ada@example.com", detail: null });
    await expect(rawExecute(store, "UPDATE staff_audit SET actor = 'someone else'")).rejects.toThrow(/append-only/);
    await expect(rawExecute(store, "DELETE FROM staff_audit")).rejects.toThrow(/append-only/);
    if (engine === "postgres") await expect(rawExecute(store, "TRUNCATE staff_audit")).rejects.toThrow(/append-only/);
    expect((await staff.audit({ limit: 10, offset: 0 })).total).toBe(5);
  });
});
