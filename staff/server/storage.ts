import { createHash } from "node:crypto";
import type { Client } from "@libsql/client";
import type pg from "pg";
import type { Store } from "../../server/db/store";
import { withPoolClient } from "../../server/db/postgres-client";
import { PostgresStore } from "../../server/db/postgres-store";
import { SqliteStore } from "../../server/db/sqlite-store";
import { roles as allRoles, type Role, type StaffPerson } from "./context";

/*
 * The workspace's tables in the message database (migrations SQLite 18, PostgreSQL 16): people, sign-in links,
 * sessions, passkeys, WebAuthn challenges and the audit log, reached through the store's own connection, like visit
 * counts (server/insights/storage.ts). Kept apart from the Store interface: signing staff in is not about leads.
 * Sign-in tokens and session ids are stored only as SHA-256 hashes: a copy of the database opens no session.
 */

export type AuditLine = { id: number; at: string; actor: string; action: string; subject: string | null; detail: string | null };
export type StaffPersonRow = StaffPerson & { createdAt: string; invitedBy: string };
export type Passkey = { credentialId: string; personId: number; publicKey: Uint8Array<ArrayBuffer>; counter: number; transports: string[]; createdAt: string; lastUsedAt: string | null };
export type ChallengePurpose = "register" | "sign-in";
/** What a sign-in link's GET may say about it, without changing it. */
export type LinkState = "valid" | "used" | "expired" | "unknown";
/** Why a change to people was refused. */
export type PeopleRefusal = "not-found" | "last-operator";

/** Sessions end after 14 days without a request, and 90 days after sign-in in any case. */
export const SESSION_IDLE_MS = 14 * 24 * 3600_000;
export const SESSION_MAX_MS = 90 * 24 * 3600_000;

export interface StaffStorage {
  /**
   * The person a session cookie's id names, if the session is still alive at `now` (idle and absolute limits), and
   * marks it used; null otherwise. Only a hash of the id is stored.
   */
  sessionPerson(sessionId: string, now: Date): Promise<{ person: StaffPerson } | null>;
  /** Appends to the audit log (append-only: no method changes or deletes a line, and the database refuses to). */
  appendAudit(line: Omit<AuditLine, "id">): Promise<void>;

  /** Adds a person (the address lower-cased); null when the address is already on the list. */
  addPerson(email: string, roles: Role[], invitedBy: string, now: Date): Promise<StaffPersonRow | null>;
  person(email: string): Promise<StaffPersonRow | null>;
  personById(id: number): Promise<StaffPersonRow | null>;
  people(): Promise<StaffPersonRow[]>;
  /** Sets a person's roles; refused when it would leave nobody with the operator role. */
  setRoles(email: string, roles: Role[]): Promise<{ ok: true; person: StaffPersonRow } | { ok: false; reason: PeopleRefusal }>;
  /** Deletes a person with their sessions, passkeys, challenges and sign-in links; refused for the last operator. */
  removePerson(email: string): Promise<{ ok: true } | { ok: false; reason: PeopleRefusal }>;

  /** Stores a new sign-in link (by its token's hash). Also sweeps expired links, challenges and sessions. */
  createSignInLink(token: string, link: { email: string; next: string }, now: Date, ttlMs: number): Promise<void>;
  /** What the link is, changing nothing (its GET and HEAD, which mail scanners make). */
  signInLinkState(token: string, now: Date): Promise<LinkState>;
  /** Uses the link once, atomically: the address and `next` it carries, or null if used, expired or unknown. */
  consumeSignInLink(token: string, now: Date): Promise<{ email: string; next: string } | null>;

  createSession(sessionId: string, personId: number, now: Date): Promise<void>;
  deleteSession(sessionId: string): Promise<void>;
  /** Ends every session of a person ("Sign out everywhere"); how many there were. */
  deleteSessionsOf(personId: number): Promise<number>;

  saveChallenge(challenge: string, purpose: ChallengePurpose, personId: number | null, expiresAt: Date): Promise<void>;
  /** Uses a challenge once, atomically; null when unknown, used, expired, of another purpose or another person. */
  takeChallenge(challenge: string, purpose: ChallengePurpose, now: Date): Promise<{ personId: number | null } | null>;

  addPasskey(passkey: Omit<Passkey, "lastUsedAt">): Promise<void>;
  passkey(credentialId: string): Promise<Passkey | null>;
  passkeysOf(personId: number): Promise<Passkey[]>;
  /** Records a use: the authenticator's new counter and when. */
  usePasskey(credentialId: string, counter: number, now: Date): Promise<void>;
  /** Removes one of the person's own passkeys; whether it was theirs and is gone. */
  removePasskey(personId: number, credentialId: string): Promise<boolean>;

  /** The audit log newest first, optionally one actor's (or about one subject) only. */
  audit(options: { person?: string; limit: number; offset: number }): Promise<{ lines: AuditLine[]; total: number }>;
}

export type { Role };

/** SHA-256 of a token or session id, hex: what the database keeps instead of the secret. */
export const secretHash = (secret: string) => createHash("sha256").update(secret).digest("hex");

/** Roles in their canonical order, as stored ("sales,operator" → "sales,operator"). */
export const rolesText = (roles: Role[]) => allRoles.filter((role) => roles.includes(role)).join(",");
const parseRoles = (text: unknown): Role[] => String(text ?? "").split(",").filter((role): role is Role => (allRoles as readonly string[]).includes(role));
const iso = (value: unknown): string => (value instanceof Date ? value.toISOString() : new Date(String(value)).toISOString());
const isoOrNull = (value: unknown): string | null => (value == null ? null : iso(value));

function toPerson(row: Record<string, unknown>): StaffPersonRow {
  return { id: Number(row.id), email: String(row.email), roles: parseRoles(row.roles), createdAt: iso(row.created_at), invitedBy: String(row.invited_by) };
}
function toAudit(row: Record<string, unknown>): AuditLine {
  return { id: Number(row.id), at: iso(row.at), actor: String(row.actor), action: String(row.action), subject: row.subject == null ? null : String(row.subject), detail: row.detail == null ? null : String(row.detail) };
}
function toPasskey(row: Record<string, unknown>): Passkey {
  const key = row.public_key as ArrayBuffer | Uint8Array;
  return {
    credentialId: String(row.credential_id),
    personId: Number(row.person_id),
    publicKey: key instanceof Uint8Array ? new Uint8Array(key) : new Uint8Array(key),
    counter: Number(row.counter),
    transports: String(row.transports ?? "").split(",").filter(Boolean),
    createdAt: iso(row.created_at),
    lastUsedAt: isoOrNull(row.last_used_at),
  };
}

// "Has the operator role", in SQL on the stored text: roles are a comma-separated list of known words.
const IS_OPERATOR = "(',' || roles || ',') LIKE '%,operator,%'";
const PEOPLE_COLUMNS = "id, email, roles, created_at, invited_by";
const PASSKEY_COLUMNS = "credential_id, person_id, public_key, counter, transports, created_at, last_used_at";

class SqliteStaff implements StaffStorage {
  constructor(private readonly db: Client) {}

  async sessionPerson(sessionId: string, now: Date) {
    const hash = secretHash(sessionId);
    const [touched] = await this.db.batch(
      [
        {
          sql: "UPDATE staff_sessions SET last_seen_at = ? WHERE id_hash = ? AND last_seen_at > ? AND created_at > ? RETURNING person_id",
          args: [now.toISOString(), hash, new Date(now.getTime() - SESSION_IDLE_MS).toISOString(), new Date(now.getTime() - SESSION_MAX_MS).toISOString()],
        },
      ],
      "write",
    );
    const personId = touched?.rows[0]?.person_id;
    if (personId == null) return null;
    const person = await this.personById(Number(personId));
    return person ? { person: { id: person.id, email: person.email, roles: person.roles } } : null;
  }

  async appendAudit(line: Omit<AuditLine, "id">) {
    await this.db.execute({ sql: "INSERT INTO staff_audit (at, actor, action, subject, detail) VALUES (?, ?, ?, ?, ?)", args: [line.at, line.actor, line.action, line.subject, line.detail] });
  }

  async addPerson(email: string, roles: Role[], invitedBy: string, now: Date) {
    const result = await this.db.execute({
      sql: `INSERT INTO staff_people (email, roles, created_at, invited_by) VALUES (?, ?, ?, ?) ON CONFLICT (email) DO NOTHING RETURNING ${PEOPLE_COLUMNS}`,
      args: [email.toLowerCase(), rolesText(roles), now.toISOString(), invitedBy],
    });
    const row = result.rows[0];
    return row ? toPerson(row) : null;
  }

  async person(email: string) {
    const row = (await this.db.execute({ sql: `SELECT ${PEOPLE_COLUMNS} FROM staff_people WHERE email = ?`, args: [email.toLowerCase()] })).rows[0];
    return row ? toPerson(row) : null;
  }

  async personById(id: number) {
    const row = (await this.db.execute({ sql: `SELECT ${PEOPLE_COLUMNS} FROM staff_people WHERE id = ?`, args: [id] })).rows[0];
    return row ? toPerson(row) : null;
  }

  async people() {
    return (await this.db.execute(`SELECT ${PEOPLE_COLUMNS} FROM staff_people ORDER BY email`)).rows.map(toPerson);
  }

  async setRoles(email: string, roles: Role[]) {
    const text = rolesText(roles);
    // One statement: the count of other operators is read in the same write, so two operators demoting each other at
    // once cannot both succeed.
    const result = await this.db.execute({
      sql: `UPDATE staff_people SET roles = ? WHERE email = ? AND ((',' || ? || ',') LIKE '%,operator,%' OR NOT ${IS_OPERATOR}
              OR (SELECT COUNT(*) FROM staff_people WHERE ${IS_OPERATOR} AND email <> ?) > 0) RETURNING ${PEOPLE_COLUMNS}`,
      args: [text, email.toLowerCase(), text, email.toLowerCase()],
    });
    const row = result.rows[0];
    if (row) return { ok: true as const, person: toPerson(row) };
    return { ok: false as const, reason: (await this.person(email)) ? ("last-operator" as const) : ("not-found" as const) };
  }

  async removePerson(email: string) {
    const address = email.toLowerCase();
    const person = await this.person(address);
    if (!person) return { ok: false as const, reason: "not-found" as const };
    // Only if someone else still holds the operator role. The person's rows go with them by ON DELETE CASCADE (libsql
    // turns foreign keys on); the explicit deletes, in the same transaction, keep it so on a connection without them.
    const results = await this.db.batch(
      [
        {
          sql: `DELETE FROM staff_people WHERE id = ? AND (NOT ${IS_OPERATOR} OR (SELECT COUNT(*) FROM staff_people WHERE ${IS_OPERATOR} AND id <> ?) > 0) RETURNING id`,
          args: [person.id, person.id],
        },
        { sql: "DELETE FROM staff_sessions WHERE person_id = ? AND NOT EXISTS (SELECT 1 FROM staff_people WHERE id = ?)", args: [person.id, person.id] },
        { sql: "DELETE FROM staff_passkeys WHERE person_id = ? AND NOT EXISTS (SELECT 1 FROM staff_people WHERE id = ?)", args: [person.id, person.id] },
        { sql: "DELETE FROM staff_challenges WHERE person_id = ? AND NOT EXISTS (SELECT 1 FROM staff_people WHERE id = ?)", args: [person.id, person.id] },
        { sql: "DELETE FROM staff_sign_in_links WHERE email = ? AND NOT EXISTS (SELECT 1 FROM staff_people WHERE id = ?)", args: [address, person.id] },
      ],
      "write",
    );
    return results[0]!.rows.length > 0 ? { ok: true as const } : { ok: false as const, reason: "last-operator" as const };
  }

  async createSignInLink(token: string, link: { email: string; next: string }, now: Date, ttlMs: number) {
    const at = now.toISOString();
    await this.db.batch(
      [
        // Links, challenges and sessions past their time are of no use to anyone: swept whenever a link is made.
        { sql: "DELETE FROM staff_sign_in_links WHERE expires_at < ?", args: [new Date(now.getTime() - 24 * 3600_000).toISOString()] },
        { sql: "DELETE FROM staff_challenges WHERE expires_at < ?", args: [at] },
        { sql: "DELETE FROM staff_sessions WHERE last_seen_at < ? OR created_at < ?", args: [new Date(now.getTime() - SESSION_IDLE_MS).toISOString(), new Date(now.getTime() - SESSION_MAX_MS).toISOString()] },
        {
          sql: "INSERT INTO staff_sign_in_links (token_hash, email, next, created_at, expires_at) VALUES (?, ?, ?, ?, ?)",
          args: [secretHash(token), link.email.toLowerCase(), link.next, at, new Date(now.getTime() + ttlMs).toISOString()],
        },
      ],
      "write",
    );
  }

  async signInLinkState(token: string, now: Date): Promise<LinkState> {
    const row = (await this.db.execute({ sql: "SELECT expires_at, used_at FROM staff_sign_in_links WHERE token_hash = ?", args: [secretHash(token)] })).rows[0];
    if (!row) return "unknown";
    if (row.used_at != null) return "used";
    return String(row.expires_at) > now.toISOString() ? "valid" : "expired";
  }

  async consumeSignInLink(token: string, now: Date) {
    const row = (
      await this.db.execute({
        sql: "UPDATE staff_sign_in_links SET used_at = ? WHERE token_hash = ? AND used_at IS NULL AND expires_at > ? RETURNING email, next",
        args: [now.toISOString(), secretHash(token), now.toISOString()],
      })
    ).rows[0];
    return row ? { email: String(row.email), next: String(row.next) } : null;
  }

  async createSession(sessionId: string, personId: number, now: Date) {
    await this.db.execute({ sql: "INSERT INTO staff_sessions (id_hash, person_id, created_at, last_seen_at) VALUES (?, ?, ?, ?)", args: [secretHash(sessionId), personId, now.toISOString(), now.toISOString()] });
  }

  async deleteSession(sessionId: string) {
    await this.db.execute({ sql: "DELETE FROM staff_sessions WHERE id_hash = ?", args: [secretHash(sessionId)] });
  }

  async deleteSessionsOf(personId: number) {
    return (await this.db.execute({ sql: "DELETE FROM staff_sessions WHERE person_id = ?", args: [personId] })).rowsAffected;
  }

  async saveChallenge(challenge: string, purpose: ChallengePurpose, personId: number | null, expiresAt: Date) {
    // Challenges past their time go as new ones come: the table holds at most five minutes' worth.
    await this.db.batch(
      [
        { sql: "DELETE FROM staff_challenges WHERE expires_at < ?", args: [new Date().toISOString()] },
        { sql: "INSERT INTO staff_challenges (challenge, purpose, person_id, expires_at) VALUES (?, ?, ?, ?)", args: [challenge, purpose, personId, expiresAt.toISOString()] },
      ],
      "write",
    );
  }

  async takeChallenge(challenge: string, purpose: ChallengePurpose, now: Date) {
    const row = (
      await this.db.execute({ sql: "DELETE FROM staff_challenges WHERE challenge = ? AND purpose = ? AND expires_at > ? RETURNING person_id", args: [challenge, purpose, now.toISOString()] })
    ).rows[0];
    return row ? { personId: row.person_id == null ? null : Number(row.person_id) } : null;
  }

  async addPasskey(passkey: Omit<Passkey, "lastUsedAt">) {
    await this.db.execute({
      sql: "INSERT INTO staff_passkeys (credential_id, person_id, public_key, counter, transports, created_at) VALUES (?, ?, ?, ?, ?, ?)",
      args: [passkey.credentialId, passkey.personId, passkey.publicKey, passkey.counter, passkey.transports.join(","), passkey.createdAt],
    });
  }

  async passkey(credentialId: string) {
    const row = (await this.db.execute({ sql: `SELECT ${PASSKEY_COLUMNS} FROM staff_passkeys WHERE credential_id = ?`, args: [credentialId] })).rows[0];
    return row ? toPasskey(row) : null;
  }

  async passkeysOf(personId: number) {
    return (await this.db.execute({ sql: `SELECT ${PASSKEY_COLUMNS} FROM staff_passkeys WHERE person_id = ? ORDER BY created_at`, args: [personId] })).rows.map(toPasskey);
  }

  async usePasskey(credentialId: string, counter: number, now: Date) {
    await this.db.execute({ sql: "UPDATE staff_passkeys SET counter = ?, last_used_at = ? WHERE credential_id = ?", args: [counter, now.toISOString(), credentialId] });
  }

  async removePasskey(personId: number, credentialId: string) {
    return (await this.db.execute({ sql: "DELETE FROM staff_passkeys WHERE person_id = ? AND credential_id = ?", args: [personId, credentialId] })).rowsAffected > 0;
  }

  async audit({ person, limit, offset }: { person?: string; limit: number; offset: number }) {
    const where = person ? "WHERE actor = ? OR subject = ?" : "";
    const filter = person ? [person.toLowerCase(), person.toLowerCase()] : [];
    const [lines, total] = await Promise.all([
      this.db.execute({ sql: `SELECT id, at, actor, action, subject, detail FROM staff_audit ${where} ORDER BY id DESC LIMIT ? OFFSET ?`, args: [...filter, limit, offset] }),
      this.db.execute({ sql: `SELECT COUNT(*) AS n FROM staff_audit ${where}`, args: filter }),
    ]);
    return { lines: lines.rows.map(toAudit), total: Number(total.rows[0]?.n ?? 0) };
  }
}

class PostgresStaff implements StaffStorage {
  constructor(private readonly pool: pg.Pool) {}

  async sessionPerson(sessionId: string, now: Date) {
    const row = (
      await this.pool.query(
        `WITH touched AS (
           UPDATE staff_sessions SET last_seen_at = $1 WHERE id_hash = $2 AND last_seen_at > $3 AND created_at > $4 RETURNING person_id
         )
         SELECT p.id, p.email, p.roles FROM staff_people p JOIN touched t ON t.person_id = p.id`,
        [now, secretHash(sessionId), new Date(now.getTime() - SESSION_IDLE_MS), new Date(now.getTime() - SESSION_MAX_MS)],
      )
    ).rows[0] as Record<string, unknown> | undefined;
    return row ? { person: { id: Number(row.id), email: String(row.email), roles: parseRoles(row.roles) } } : null;
  }

  async appendAudit(line: Omit<AuditLine, "id">) {
    await this.pool.query("INSERT INTO staff_audit (at, actor, action, subject, detail) VALUES ($1, $2, $3, $4, $5)", [line.at, line.actor, line.action, line.subject, line.detail]);
  }

  async addPerson(email: string, roles: Role[], invitedBy: string, now: Date) {
    const row = (
      await this.pool.query(`INSERT INTO staff_people (email, roles, created_at, invited_by) VALUES ($1, $2, $3, $4) ON CONFLICT (email) DO NOTHING RETURNING ${PEOPLE_COLUMNS}`, [
        email.toLowerCase(),
        rolesText(roles),
        now,
        invitedBy,
      ])
    ).rows[0] as Record<string, unknown> | undefined;
    return row ? toPerson(row) : null;
  }

  async person(email: string) {
    const row = (await this.pool.query(`SELECT ${PEOPLE_COLUMNS} FROM staff_people WHERE email = $1`, [email.toLowerCase()])).rows[0] as Record<string, unknown> | undefined;
    return row ? toPerson(row) : null;
  }

  async personById(id: number) {
    const row = (await this.pool.query(`SELECT ${PEOPLE_COLUMNS} FROM staff_people WHERE id = $1`, [id])).rows[0] as Record<string, unknown> | undefined;
    return row ? toPerson(row) : null;
  }

  async people() {
    return ((await this.pool.query(`SELECT ${PEOPLE_COLUMNS} FROM staff_people ORDER BY email`)).rows as Record<string, unknown>[]).map(toPerson);
  }

  /** Changes to people take a transaction-scoped lock, so the last-operator check cannot race another change. */
  private lockedPeople<T>(work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
    return withPoolClient(this.pool, async (client) => {
      await client.query("BEGIN");
      await client.query("LOCK TABLE staff_people IN SHARE ROW EXCLUSIVE MODE");
      const result = await work(client);
      await client.query("COMMIT");
      return result;
    });
  }

  async setRoles(email: string, roles: Role[]) {
    const text = rolesText(roles);
    return this.lockedPeople(async (client) => {
      const row = (
        await client.query(
          `UPDATE staff_people SET roles = $1 WHERE email = $2 AND ((',' || $1 || ',') LIKE '%,operator,%' OR NOT ${IS_OPERATOR}
             OR (SELECT COUNT(*) FROM staff_people WHERE ${IS_OPERATOR} AND email <> $2) > 0) RETURNING ${PEOPLE_COLUMNS}`,
          [text, email.toLowerCase()],
        )
      ).rows[0] as Record<string, unknown> | undefined;
      if (row) return { ok: true as const, person: toPerson(row) };
      const exists = (await client.query("SELECT 1 FROM staff_people WHERE email = $1", [email.toLowerCase()])).rows.length > 0;
      return { ok: false as const, reason: exists ? ("last-operator" as const) : ("not-found" as const) };
    });
  }

  async removePerson(email: string) {
    return this.lockedPeople(async (client) => {
      // Sessions, passkeys and challenges go with the person (ON DELETE CASCADE).
      const deleted = await client.query(
        `DELETE FROM staff_people WHERE email = $1 AND (NOT ${IS_OPERATOR} OR (SELECT COUNT(*) FROM staff_people WHERE ${IS_OPERATOR} AND email <> $1) > 0) RETURNING id`,
        [email.toLowerCase()],
      );
      if (deleted.rows.length > 0) {
        await client.query("DELETE FROM staff_sign_in_links WHERE email = $1", [email.toLowerCase()]);
        return { ok: true as const };
      }
      const exists = (await client.query("SELECT 1 FROM staff_people WHERE email = $1", [email.toLowerCase()])).rows.length > 0;
      return { ok: false as const, reason: exists ? ("last-operator" as const) : ("not-found" as const) };
    });
  }

  async createSignInLink(token: string, link: { email: string; next: string }, now: Date, ttlMs: number) {
    await this.pool.query("DELETE FROM staff_sign_in_links WHERE expires_at < $1", [new Date(now.getTime() - 24 * 3600_000)]);
    await this.pool.query("DELETE FROM staff_challenges WHERE expires_at < $1", [now]);
    await this.pool.query("DELETE FROM staff_sessions WHERE last_seen_at < $1 OR created_at < $2", [new Date(now.getTime() - SESSION_IDLE_MS), new Date(now.getTime() - SESSION_MAX_MS)]);
    await this.pool.query("INSERT INTO staff_sign_in_links (token_hash, email, next, created_at, expires_at) VALUES ($1, $2, $3, $4, $5)", [
      secretHash(token),
      link.email.toLowerCase(),
      link.next,
      now,
      new Date(now.getTime() + ttlMs),
    ]);
  }

  async signInLinkState(token: string, now: Date): Promise<LinkState> {
    const row = (await this.pool.query<{ expires_at: Date; used_at: Date | null }>("SELECT expires_at, used_at FROM staff_sign_in_links WHERE token_hash = $1", [secretHash(token)])).rows[0];
    if (!row) return "unknown";
    if (row.used_at != null) return "used";
    return row.expires_at.getTime() > now.getTime() ? "valid" : "expired";
  }

  async consumeSignInLink(token: string, now: Date) {
    const row = (
      await this.pool.query<{ email: string; next: string }>(
        "UPDATE staff_sign_in_links SET used_at = $1 WHERE token_hash = $2 AND used_at IS NULL AND expires_at > $1 RETURNING email, next",
        [now, secretHash(token)],
      )
    ).rows[0];
    return row ? { email: row.email, next: row.next } : null;
  }

  async createSession(sessionId: string, personId: number, now: Date) {
    await this.pool.query("INSERT INTO staff_sessions (id_hash, person_id, created_at, last_seen_at) VALUES ($1, $2, $3, $3)", [secretHash(sessionId), personId, now]);
  }

  async deleteSession(sessionId: string) {
    await this.pool.query("DELETE FROM staff_sessions WHERE id_hash = $1", [secretHash(sessionId)]);
  }

  async deleteSessionsOf(personId: number) {
    return (await this.pool.query("DELETE FROM staff_sessions WHERE person_id = $1", [personId])).rowCount ?? 0;
  }

  async saveChallenge(challenge: string, purpose: ChallengePurpose, personId: number | null, expiresAt: Date) {
    await this.pool.query("DELETE FROM staff_challenges WHERE expires_at < now()");
    await this.pool.query("INSERT INTO staff_challenges (challenge, purpose, person_id, expires_at) VALUES ($1, $2, $3, $4)", [challenge, purpose, personId, expiresAt]);
  }

  async takeChallenge(challenge: string, purpose: ChallengePurpose, now: Date) {
    const row = (await this.pool.query<{ person_id: string | null }>("DELETE FROM staff_challenges WHERE challenge = $1 AND purpose = $2 AND expires_at > $3 RETURNING person_id", [challenge, purpose, now])).rows[0];
    return row ? { personId: row.person_id == null ? null : Number(row.person_id) } : null;
  }

  async addPasskey(passkey: Omit<Passkey, "lastUsedAt">) {
    await this.pool.query("INSERT INTO staff_passkeys (credential_id, person_id, public_key, counter, transports, created_at) VALUES ($1, $2, $3, $4, $5, $6)", [
      passkey.credentialId,
      passkey.personId,
      Buffer.from(passkey.publicKey),
      passkey.counter,
      passkey.transports.join(","),
      passkey.createdAt,
    ]);
  }

  async passkey(credentialId: string) {
    const row = (await this.pool.query(`SELECT ${PASSKEY_COLUMNS} FROM staff_passkeys WHERE credential_id = $1`, [credentialId])).rows[0] as Record<string, unknown> | undefined;
    return row ? toPasskey(row) : null;
  }

  async passkeysOf(personId: number) {
    return ((await this.pool.query(`SELECT ${PASSKEY_COLUMNS} FROM staff_passkeys WHERE person_id = $1 ORDER BY created_at`, [personId])).rows as Record<string, unknown>[]).map(toPasskey);
  }

  async usePasskey(credentialId: string, counter: number, now: Date) {
    await this.pool.query("UPDATE staff_passkeys SET counter = $1, last_used_at = $2 WHERE credential_id = $3", [counter, now, credentialId]);
  }

  async removePasskey(personId: number, credentialId: string) {
    return ((await this.pool.query("DELETE FROM staff_passkeys WHERE person_id = $1 AND credential_id = $2", [personId, credentialId])).rowCount ?? 0) > 0;
  }

  async audit({ person, limit, offset }: { person?: string; limit: number; offset: number }) {
    const where = person ? "WHERE actor = $1 OR subject = $1" : "";
    const filter = person ? [person.toLowerCase()] : [];
    const n = filter.length;
    const [lines, total] = await Promise.all([
      this.pool.query(`SELECT id, at, actor, action, subject, detail FROM staff_audit ${where} ORDER BY id DESC LIMIT $${n + 1} OFFSET $${n + 2}`, [...filter, limit, offset]),
      this.pool.query(`SELECT COUNT(*) AS n FROM staff_audit ${where}`, filter),
    ]);
    return { lines: (lines.rows as Record<string, unknown>[]).map(toAudit), total: Number((total.rows[0] as { n: string } | undefined)?.n ?? 0) };
  }
}

/** Opens the workspace's storage on the store's own connection (SQLite or PostgreSQL). */
export function staffStorage(store: Store): StaffStorage {
  if (store instanceof SqliteStore) return new SqliteStaff(store.db);
  if (store instanceof PostgresStore) return new PostgresStaff(store.pool);
  throw new Error(`No staff storage for the ${store.engine} store.`);
}
