import type { Hono } from "hono";
import type { Store } from "../db/store";
import type { Logger } from "../logger";

/*
 * Liveness and readiness for a load balancer or an orchestrator.
 *   GET /healthz  200 whenever the process can answer; never touches the store, so a database outage does
 *                 not get every instance restarted.
 *   GET /readyz   200 while the store answers a trivial query within `timeoutMs`; 503 with a reason when it
 *                 does not, and from the moment SIGTERM arrives, so the balancer drains this instance first.
 * Neither is cached, rate limited or logged per call: only a change of readiness is logged.
 */

export type Readiness = { ready: true } | { ready: false; reason: string };

export function createHealth({ store, log, timeoutMs = 1_000 }: { store: Pick<Store, "ping">; log: Logger; timeoutMs?: number }) {
  let stopping = false;
  let checking: Promise<Readiness & { error?: string }> | undefined;
  let wasReady = true;

  async function ping(): Promise<Readiness & { error?: string }> {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<"late">((resolve) => (timer = setTimeout(() => resolve("late"), timeoutMs)));
    try {
      const answer = await Promise.race([store.ping().then(() => "ok" as const), late]);
      return answer === "ok" ? { ready: true } : { ready: false, reason: `database did not answer within ${timeoutMs / 1000} s` };
    } catch (error) {
      // The detail (host names, addresses) goes to the log, not to whoever asks.
      return { ready: false, reason: "database unavailable", error: error instanceof Error ? error.message : String(error) };
    } finally {
      clearTimeout(timer);
    }
  }

  async function check(): Promise<Readiness> {
    if (stopping) return { ready: false, reason: "shutting down" };
    // Probes arriving together share one query, so a hanging database never piles them up.
    checking ??= ping().finally(() => (checking = undefined));
    const { error, ...result } = await checking;
    if (result.ready !== wasReady && !stopping) {
      wasReady = result.ready;
      if (result.ready) log.info({ msg: "ready again" });
      else log.warn({ msg: "not ready", reason: result.reason, error });
    }
    return result;
  }

  return {
    check,
    /** SIGTERM: /readyz answers 503 from now on. */
    markStopping() {
      stopping = true;
    },
    /** Adds GET (and HEAD) /healthz and /readyz to the site's app. */
    routes(app: Hono) {
      app.get("/healthz", (c) => {
        c.header("Cache-Control", "no-store");
        return c.json({ status: "ok" });
      });
      app.get("/readyz", async (c) => {
        c.header("Cache-Control", "no-store");
        const result = await check();
        return result.ready ? c.json({ status: "ready" }) : c.json({ status: "not ready", reason: result.reason }, 503);
      });
    },
  };
}

export type Health = ReturnType<typeof createHealth>;

/** Paths the request log leaves out: probes every few seconds would drown everything else. */
export const probePaths = new Set(["/healthz", "/readyz"]);
