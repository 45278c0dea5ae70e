import { execFile, spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { join, resolve } from "node:path";
import { promisify } from "node:util";

/*
 * Extra instances of the real server (the built bundle `npm start` runs), each on a free loopback port
 * with its own SQLite file, for cases that need their own configuration or a restart.
 */

export type SiteServer = {
  url: string;
  databaseUrl: string;
  /** Graceful stop (SIGTERM). */
  stop(): Promise<void>;
  /** A crash: SIGKILL, no chance to flush or close anything. */
  crash(): Promise<void>;
};

const root = resolve(import.meta.dirname, "../..");

export function tempDatabaseUrl(name = "contact.db") {
  const dir = mkdtempSync(join(root, "test-results", "contact-"));
  return `file:${join(dir, "data", name)}`;
}

export async function startServer(env: Record<string, string>): Promise<SiteServer> {
  const databaseUrl = env.DATABASE_URL ?? tempDatabaseUrl();
  const child = spawn(process.execPath, ["build/server/index.mjs"], {
    cwd: root,
    env: { ...process.env, PORT: "0", HOST: "127.0.0.1", LOG_LEVEL: "info", NODE_ENV: "test", ...env, DATABASE_URL: databaseUrl },
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
    new Promise<void>((done) => (process.exitCode !== null || process.signalCode !== null ? done() : process.once("exit", () => done())));
  return {
    url,
    databaseUrl,
    stop: async () => {
      child.kill("SIGTERM");
      await exited(child);
    },
    crash: async () => {
      child.kill("SIGKILL");
      await exited(child);
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
};

/** What `npm run messages` prints for a database. */
export async function readMessages(databaseUrl: string, format: "json" | "csv" | "text" = "json"): Promise<string> {
  const { stdout } = await promisify(execFile)(process.execPath, ["build/server/messages.mjs", "--format", format], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: databaseUrl },
  });
  return stdout;
}

export async function listMessages(databaseUrl: string): Promise<ListedMessage[]> {
  return JSON.parse(await readMessages(databaseUrl, "json")) as ListedMessage[];
}
