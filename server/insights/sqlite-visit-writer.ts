import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";
import type { InStatement } from "@libsql/client";

/*
 * SQLite visit counts are written from a worker thread with its own connection to the same file. libsql's calls
 * run on the calling thread: a 1,000-row batch with an fsync held the server's event loop for tens of ms each
 * second, and leads (same connection) queued behind it (contact API p50 22 -> 189 ms at 1,000 counts/s).
 * The worker's connection uses synchronous=NORMAL (WAL: a crash may lose the last counts, never corrupts the
 * file); the leads' connection keeps synchronous=FULL. busy_timeout: the two connections take turns writing.
 * The worker is inline (eval) so the bundled server needs no extra file; it loads @libsql/client from the path
 * this module resolves, wherever the process was started.
 */

const WORKER_SOURCE = `
const { parentPort, workerData } = require("node:worker_threads");
const { createClient } = require(workerData.client);
const db = createClient({ url: workerData.url, concurrency: 1 });
const ready = (async () => {
  await db.execute("PRAGMA busy_timeout = 5000");
  await db.execute("PRAGMA synchronous = NORMAL");
})();
parentPort.on("message", async (message) => {
  if (message.close) {
    await ready.catch(() => {});
    db.close();
    parentPort.postMessage({ id: message.id, ok: true });
    parentPort.close();
    return;
  }
  try {
    await ready;
    await db.batch(message.statements, "write");
    parentPort.postMessage({ id: message.id, ok: true });
  } catch (error) {
    parentPort.postMessage({ id: message.id, ok: false, error: String(error && error.message || error) });
  }
});
`;

export type VisitWriter = { write(statements: InStatement[]): Promise<void>; close(): Promise<void> };

export function startSqliteVisitWriter(url: string): VisitWriter {
  const client = createRequire(import.meta.url).resolve("@libsql/client");
  const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { url, client } });
  const pending = new Map<number, { resolve: () => void; reject: (error: Error) => void }>();
  let next = 0;
  let closed = false;
  const failAll = (error: Error) => {
    for (const { reject } of pending.values()) reject(error);
    pending.clear();
  };
  worker.on("message", (reply: { id: number; ok: boolean; error?: string }) => {
    const waiter = pending.get(reply.id);
    pending.delete(reply.id);
    if (pending.size === 0) worker.unref();
    if (reply.ok) waiter?.resolve();
    else waiter?.reject(new Error(reply.error));
  });
  worker.on("error", (error) => failAll(error));
  worker.on("exit", () => {
    closed = true;
    failAll(new Error("visit writer stopped"));
  });
  // An idle writer never keeps the process alive; one with batches in flight does (shutdown waits for them).
  worker.unref();
  const send = (message: object) =>
    new Promise<void>((resolve, reject) => {
      if (closed) return reject(new Error("visit writer stopped"));
      const id = next++;
      pending.set(id, { resolve, reject });
      worker.ref();
      worker.postMessage({ ...message, id });
    });
  return {
    write: (statements) => send({ statements }),
    async close() {
      if (closed) return;
      // Messages are handled in order: every batch posted before is written before the connection closes.
      await send({ close: true }).catch(() => {});
      await worker.terminate();
    },
  };
}
