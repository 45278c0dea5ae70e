import { execFile, spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { promisify } from "node:util";
import { createClient } from "@libsql/client";
import { test } from "@playwright/test";
import pg from "pg";
import { DATABASE_URL, POSTGRES_DATABASE_URL, POSTGRES_URL } from "../../playwright.config";
import { createDatabaseSync } from "./postgres.mjs";

/*
 * Extra instances of the real server (the built bundle `npm start` runs), each on a free loopback port
 * with its own SQLite file, for cases that need their own configuration or a restart.
 */

export type SiteServer = {
  url: string;
  /** The staff workspace's address (its own origin, http://localhost:<free port>); empty with STAFF_PORT=off. */
  staffUrl: string;
  databaseUrl: string;
  /** Graceful stop (SIGTERM); resolves with the exit code. */
  stop(): Promise<number | null>;
  /** Everything the server printed so far (stdout and stderr). */
  output(): string;
  /** A crash: SIGKILL, no chance to flush or close anything. */
  crash(): Promise<void>;
  /** Its exit code once stopped. */
  exitCode(): number | null;
};

const root = resolve(import.meta.dirname, "../..");

/**
 * For a test in a spec the "postgres" project runs whose outcome does not depend on the store (validation before
 * anything is stored, headers, start-up refusals, logs): it runs in "chromium" only (playwright.config.ts), since the
 * store contract tests already prove both engines alike.
 */
export const ANY_STORE = { tag: "@any-store" };

/** The engine the current test runs on: its Playwright project's `metadata.engine` (playwright.config.ts). */
export function engine(): "sqlite" | "postgres" {
  try {
    return test.info().project.metadata.engine === "postgres" ? "postgres" : "sqlite";
  } catch {
    return "sqlite"; // outside a test
  }
}

let databases = 0;

/** A new empty database for one test: a SQLite file, or in the "postgres" project a new database on the run's PostgreSQL. */
export function tempDatabaseUrl(name = "contact.db") {
  if (engine() === "postgres") return createDatabaseSync(POSTGRES_URL, `t_${process.pid}_${Date.now().toString(36)}_${databases++}`);
  return tempSqliteUrl(name);
}

export function tempSqliteUrl(name = "contact.db") {
  const dir = mkdtempSync(join(root, "test-results", "contact-"));
  return `file:${join(dir, "data", name)}`;
}

/** Back-dates leads (as time would), in whichever engine the URL names. */
export async function setCreatedAt(databaseUrl: string, ids: number[], createdAt: Date) {
  if (databaseUrl.startsWith("file:")) {
    const db = createClient({ url: databaseUrl });
    // The server may be writing (a delivery outcome) at that moment: wait for it like the server would.
    await db.execute("PRAGMA busy_timeout = 5000");
    await db.execute({ sql: `UPDATE messages SET created_at = ? WHERE id IN (${ids.map(() => "?").join(",")})`, args: [createdAt.toISOString(), ...ids] });
    db.close();
    return;
  }
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  await client.query("UPDATE messages SET created_at = $1 WHERE id = ANY($2::bigint[])", [createdAt, ids]);
  await client.end();
}

/** Moves a lead's response deadlines (the window's end, and twice it): a lead left waiting, without waiting. */
export async function setDeadlines(databaseUrl: string, id: number, respondBy: Date, escalateBy: Date) {
  if (databaseUrl.startsWith("file:")) {
    const db = createClient({ url: databaseUrl });
    await db.execute("PRAGMA busy_timeout = 5000");
    await db.execute({ sql: "UPDATE messages SET respond_by = ?, escalate_by = ? WHERE id = ?", args: [respondBy.toISOString(), escalateBy.toISOString(), id] });
    db.close();
    return;
  }
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  await client.query("UPDATE messages SET respond_by = $1, escalate_by = $2 WHERE id = $3", [respondBy, escalateBy, id]);
  await client.end();
}

/** The API answers with a lead's random public id; this is its row id, the one operators (and `npm run messages`) use. */
export async function leadIdOf(databaseUrl: string, publicId: string): Promise<number> {
  let rows: Record<string, unknown>[];
  if (databaseUrl.startsWith("file:")) {
    const db = createClient({ url: databaseUrl });
    rows = (await db.execute({ sql: "SELECT id FROM messages WHERE public_id = ?", args: [publicId] })).rows;
    db.close();
  } else {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    rows = (await client.query("SELECT id FROM messages WHERE public_id = $1", [publicId])).rows;
    await client.end();
  }
  if (rows.length !== 1) throw new Error(`no lead has the public id ${publicId}`);
  return Number(rows[0]!.id);
}

/** An API answer with the public id swapped for the lead's row id (NaN when nothing was stored: an error, or the honeypot's decoy). */
export async function withLeadId<T extends { ok: boolean; id?: string }>(databaseUrl: string, answer: T): Promise<Omit<T, "id"> & { id: number; publicId?: string }> {
  const id = answer.ok && answer.id ? await leadIdOf(databaseUrl, answer.id).catch(() => Number.NaN) : Number.NaN;
  return { ...answer, publicId: answer.id, id };
}

/** The database of the main test server of the current project. */
export function mainDatabaseUrl() {
  return engine() === "postgres" ? POSTGRES_DATABASE_URL : DATABASE_URL;
}

export async function startServer(env: Record<string, string>): Promise<SiteServer> {
  const databaseUrl = env.DATABASE_URL ?? tempDatabaseUrl();
  const child = spawn(process.execPath, ["build/server/index.mjs"], {
    cwd: root,
    env: {
      ...process.env,
      PORT: "0",
      HOST: "127.0.0.1",
      // The workspace on a free port of its own (its address, http://localhost:<port>, is printed when bound).
      STAFF_PORT: "0",
      LOG_LEVEL: "info",
      NODE_ENV: "test",
      // Development-style .eml previews go beside the test's database, not into the checkout's data/.
      LEADS_MAIL_DIR: join(databaseUrl.startsWith("file:") ? dirname(databaseUrl.slice("file:".length)) : mkdtempSync(join(root, "test-results", "mail-")), "mail"),
      // Earlier builds' assets (decision 31): not in the checkout's data/.
      PREVIOUS_ASSETS_DIR: mkdtempSync(join(root, "test-results", "previous-assets-")),
      ...env,
      DATABASE_URL: databaseUrl,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const url = await new Promise<string>((resolveUrl, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 15_000);
    child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stdout?.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      const match = /"msg":"listening","url":"([^"]+)"/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolveUrl(match[1]);
      }
    });
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${output}`));
    });
  });
  const exited = (process: ChildProcess) =>
    new Promise<number | null>((done) => (process.exitCode !== null || process.signalCode !== null ? done(process.exitCode) : process.once("exit", (code) => done(code))));
  const staffUrl = /"msg":"staff listening","url":"([^"]+)"/.exec(output)?.[1] ?? "";
  return {
    url,
    staffUrl,
    databaseUrl,
    stop: async () => {
      child.kill("SIGTERM");
      return exited(child);
    },
    crash: async () => {
      child.kill("SIGKILL");
      await exited(child);
    },
    output: () => output,
    exitCode: () => child.exitCode,
  };
}

/**
 * `npm run dev` (Vite, React in development mode with StrictMode's double mounts) on a free loopback port.
 * Build-time VITE_* variables can be set here without touching the production build other tests use.
 */
export function startDevServer(env: Record<string, string>) {
  return startVite("dev server", ["node_modules/@react-router/dev/bin.js", "dev", "--host", "127.0.0.1", "--port", "0"], {
    DATABASE_URL: tempSqliteUrl("dev.db"),
    LOG_LEVEL: "silent",
    ...env,
  });
}

/** A Vite server (the dev site, the content editor) started from the project root; resolves with the URL it prints. */
export async function startVite(name: string, args: string[], env: Record<string, string>): Promise<{ url: string; stop(): Promise<void> }> {
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
    // Its own process group, so stopping it also stops anything Vite started.
    detached: true,
  });
  let output = "";
  const url = await new Promise<string>((resolveUrl, reject) => {
    const timer = setTimeout(() => reject(new Error(`${name} did not start:\n${output}`)), 30_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      // eslint-disable-next-line no-control-regex
      const match = /Local:\s+(http:\/\/127\.0\.0\.1:\d+)/.exec(output.replace(/\x1b\[[0-9;]*m/g, ""));
      if (match?.[1]) {
        clearTimeout(timer);
        resolveUrl(match[1]);
      }
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", onData);
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`${name} exited with ${code}:\n${output}`));
    });
  });
  return {
    url,
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise<void>((done) => child.once("exit", () => done()));
      if (child.pid) process.kill(-child.pid, "SIGTERM");
      await exited;
    },
  };
}

export type ListedMessage = {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
  company: string;
  message: string;
  createdAt: string;
  verification: "verified" | "unverified";
  verificationNote: string | null;
  source: { landingPage: string; utm?: Record<string, string>; referrer?: string; pages: string[] } | null;
  deliveries: { channel: "email" | "webhook" | "confirmation" | "chat"; status: "pending" | "sent" | "failed" | "previewed" | "settled"; attempts: number; lastError: string | null; sentAt: string | null }[];
};

/** What `npm run messages` prints for a database. */
export async function readMessages(databaseUrl: string, format: "json" | "csv" | "text" = "json"): Promise<string> {
  return runMessages(databaseUrl, "--format", format);
}

/** Runs `npm run messages -- <args>` (the built CLI) against a database and returns what it printed. */
export async function runMessages(databaseUrl: string, ...args: string[]): Promise<string> {
  return runMessagesWith({}, databaseUrl, ...args);
}

/** The same, with more environment (LEADS_MAIL_DIR, say). */
export async function runMessagesWith(env: Record<string, string>, databaseUrl: string, ...args: string[]): Promise<string> {
  const { stdout } = await promisify(execFile)(process.execPath, ["build/server/messages.mjs", ...args], {
    cwd: root,
    env: { ...process.env, ...env, DATABASE_URL: databaseUrl },
  });
  return stdout;
}

/** Each lead with the deliveries of the lead itself: a follow-up (reminder, escalation, lead.taken) waits for its time by design. */
export async function listMessages(databaseUrl: string): Promise<ListedMessage[]> {
  const leadChannels = new Set(["email", "webhook", "confirmation", "chat"]);
  return (JSON.parse(await readMessages(databaseUrl, "json")) as ListedMessage[]).map((m) => ({ ...m, deliveries: m.deliveries.filter((d) => leadChannels.has(d.channel)) }));
}
