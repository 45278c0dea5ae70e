// A throwaway PostgreSQL server for tests and `npm run bench:leads`: Debian's binaries (package `postgresql`),
// a fresh cluster in a temp folder, a free loopback port, removed afterwards. No mocks: the real server.
import { execFileSync, spawnSync } from "node:child_process";
import { chownSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** Debian's server binaries, newest major first; undefined when the package is not installed. */
export function postgresBinDir() {
  if (process.env.POSTGRES_BIN) return process.env.POSTGRES_BIN;
  const base = "/usr/lib/postgresql";
  if (!existsSync(base)) return undefined;
  const majors = readdirSync(base)
    .filter((name) => existsSync(join(base, name, "bin", "initdb")))
    .sort((a, b) => Number(b) - Number(a));
  return majors[0] ? join(base, majors[0], "bin") : undefined;
}

export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

// The server refuses to run as root: as root, every binary runs as the `postgres` user (the package creates it).
const asRoot = typeof process.getuid === "function" && process.getuid() === 0;

function run(bin, args, { check = true } = {}) {
  const [command, argv] = asRoot ? ["runuser", ["-u", "postgres", "--", bin, ...args]] : [bin, args];
  const result = spawnSync(command, argv, { encoding: "utf8", cwd: "/" });
  if (check && result.status !== 0) throw new Error(`${bin} ${args.join(" ")} failed (${result.status}):\n${result.stdout}${result.stderr}`);
  return result;
}

/**
 * Starts a new cluster. `durable: false` (tests) turns fsync off, which is fine for data nobody keeps;
 * the benchmark keeps PostgreSQL's defaults so its figures mean something.
 */
export async function startPostgres({ port, durable = false } = {}) {
  const bin = postgresBinDir();
  if (!bin) {
    throw new Error(
      "PostgreSQL's server binaries are missing (/usr/lib/postgresql/*/bin/initdb). On Debian: apt-get install -y postgresql (npm test does this as root: scripts/ensure-tools.mjs).",
    );
  }
  const dir = mkdtempSync(join(tmpdir(), "arcline-pg-"));
  const data = join(dir, "data");
  const socket = join(dir, "sock");
  mkdirSync(socket);
  if (asRoot) {
    const uid = Number(execFileSync("id", ["-u", "postgres"], { encoding: "utf8" }).trim());
    const gid = Number(execFileSync("id", ["-g", "postgres"], { encoding: "utf8" }).trim());
    chownSync(dir, uid, gid);
    chownSync(socket, uid, gid);
  }
  const boundPort = port ?? (await freePort());
  run(join(bin, "initdb"), ["-D", data, "-A", "trust", "-U", "postgres", "-E", "UTF8", "--locale=C", ...(durable ? [] : ["--no-sync"])]);
  const options = [`-p ${boundPort}`, `-k ${socket}`, "-c listen_addresses=127.0.0.1", "-c max_connections=200", ...(durable ? [] : ["-c fsync=off", "-c synchronous_commit=off", "-c full_page_writes=off"])].join(" ");
  const pgCtl = (...args) => run(join(bin, "pg_ctl"), ["-D", data, ...args]);
  const start = () => pgCtl("-o", options, "-l", join(dir, "server.log"), "-w", "-t", "30", "start");
  start();
  const baseUrl = `postgres://postgres@127.0.0.1:${boundPort}`;
  let counter = 0;
  return {
    dir,
    port: boundPort,
    baseUrl,
    /** A new empty database; resolves to its URL. Synchronous so test helpers can stay synchronous. */
    createDatabase(name = `test_${process.pid}_${Date.now().toString(36)}_${counter++}`) {
      return createDatabaseSync(baseUrl, name);
    },
    /** Stops the server (fast shutdown: clients are disconnected), keeping the data; `start()` brings it back. */
    stop: () => void pgCtl("-m", "fast", "-w", "stop"),
    start: () => void start(),
    /** Stops the server for good and removes its folder. */
    destroy() {
      // Also when it is already stopped (a test that stopped it failed before starting it again).
      run(join(bin, "pg_ctl"), ["-D", data, "-m", "immediate", "-w", "stop"], { check: false });
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** CREATE DATABASE through Debian's `createdb`, on a server started by startPostgres (trust auth). */
export function createDatabaseSync(baseUrl, name) {
  const { hostname, port } = new URL(baseUrl);
  const bin = postgresBinDir();
  if (!bin) throw new Error("PostgreSQL's binaries are missing");
  execFileSync(join(bin, "createdb"), ["-h", hostname, "-p", port, "-U", "postgres", name], { stdio: "pipe" });
  return `${baseUrl}/${name}`;
}

/** Stops a server left behind by a run that could not clean up (its folder is in `dir`). */
export function destroyPostgres(dir) {
  const bin = postgresBinDir();
  if (bin && existsSync(join(dir, "data", "postmaster.pid"))) run(join(bin, "pg_ctl"), ["-D", join(dir, "data"), "-m", "immediate", "-w", "stop"], { check: false });
  rmSync(dir, { recursive: true, force: true });
}
