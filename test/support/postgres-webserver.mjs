// Playwright's web server for the "postgres" project: starts a throwaway PostgreSQL (once per run, on PG_PORT),
// creates the main test database, then runs the production server on it. On SIGTERM (Playwright's shutdown)
// it stops the server and removes the PostgreSQL folder. Tests create their own databases on the same
// PostgreSQL (see servers.ts).
import { spawn } from "node:child_process";
import { startPostgres } from "./postgres.mjs";

const port = Number(process.env.PG_PORT);
const pg = await startPostgres({ port });
const databaseUrl = pg.createDatabase(process.env.PG_DATABASE ?? "e2e_main");
const server = spawn(process.execPath, ["build/server/index.mjs"], { env: { ...process.env, DATABASE_URL: databaseUrl }, stdio: "inherit" });

let stopping = false;
const stop = async (code) => {
  if (stopping) return;
  stopping = true;
  if (server.exitCode === null && server.signalCode === null) {
    server.kill("SIGTERM");
    await new Promise((done) => server.once("exit", done));
  }
  try {
    pg.destroy();
  } catch (error) {
    console.error(`Could not remove the test PostgreSQL in ${pg.dir}: ${error.message}`);
  }
  process.exit(code);
};
server.once("exit", (code) => void stop(code ?? 1));
for (const signal of ["SIGTERM", "SIGINT", "SIGHUP"]) process.once(signal, () => void stop(0));
