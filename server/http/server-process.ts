import type { IncomingMessage, Server, ServerOptions, ServerResponse } from "node:http";
import type { Logger } from "../logger";

/*
 * Limits of the HTTP server and its shutdown. Node's defaults let a client hold a connection for a minute
 * by never finishing its headers (and check only every 30 s), so a few hundred slow clients could use up
 * the process's sockets: headers must arrive within HEADERS_TIMEOUT_MS, the whole request within
 * REQUEST_TIMEOUT_MS, and idle keep-alive connections close after KEEP_ALIVE_TIMEOUT_MS.
 */

type Limits = { HEADERS_TIMEOUT_MS: number; REQUEST_TIMEOUT_MS: number; KEEP_ALIVE_TIMEOUT_MS: number };

export function httpServerOptions(config: Limits): ServerOptions {
  return {
    headersTimeout: config.HEADERS_TIMEOUT_MS,
    // Node requires requestTimeout >= headersTimeout (0 would mean "none").
    requestTimeout: Math.max(config.REQUEST_TIMEOUT_MS, config.HEADERS_TIMEOUT_MS),
    keepAliveTimeout: config.KEEP_ALIVE_TIMEOUT_MS,
    // How often Node looks for expired requests; its default (30 s) would stretch every limit above by up to 30 s.
    connectionsCheckingInterval: 1_000,
  };
}

/** Also sets the limits on the server object, for Node versions that ignore some of them as options. */
export function applyHttpLimits(server: Server, config: Limits) {
  const options = httpServerOptions(config);
  server.headersTimeout = options.headersTimeout!;
  server.requestTimeout = options.requestTimeout!;
  server.keepAliveTimeout = options.keepAliveTimeout!;
}

/**
 * SIGTERM/SIGINT: `onSignal` at once (readiness turns 503) and no new deliveries. The site keeps answering for
 * `delayMs` (each answer closing its connection), so a balancer that polls readiness stops sending traffic
 * before the port closes. Then it stops accepting connections, lets running requests and `drain` (deliveries
 * in flight) finish, `close`s (the database) and exits 0. If anything is still running `graceMs` after the
 * port closed, it exits 1 and logs what, so a supervisor and the operator both see that work was cut off.
 * So the process is gone within delayMs + graceMs.
 */
export function installShutdown(
  server: Server,
  {
    log,
    graceMs,
    delayMs = 0,
    onSignal,
    drain,
    close,
  }: {
    log: Logger;
    graceMs: number;
    delayMs?: number;
    onSignal?: () => void;
    drain?: (graceMs: number) => Promise<string[]>;
    close: () => Promise<void> | void;
  },
) {
  const running = new Map<IncomingMessage, { method: string; path: string; started: number; res: ServerResponse }>();
  let stopping = false;
  // Draining: answer, then close the connection, so a keep-alive client reconnects (to another instance) and
  // no idle connection holds the exit back until its keep-alive time-out.
  const lastOnConnection = (res: ServerResponse) => {
    if (!res.headersSent) res.setHeader("Connection", "close");
  };
  server.on("request", (req: IncomingMessage, res: ServerResponse) => {
    // The path only: query strings can carry anything.
    running.set(req, { method: req.method ?? "?", path: (req.url ?? "").split("?")[0] ?? "", started: Date.now(), res });
    res.once("close", () => running.delete(req));
    if (stopping) lastOnConnection(res);
  });

  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    for (const { res } of running.values()) lastOnConnection(res);
    onSignal?.();
    log.info({ msg: "shutting down", signal, running: running.size, delayMs });
    const deliveriesDone = drain ? drain(delayMs + graceMs) : Promise.resolve([]);
    if (delayMs > 0) {
      server.closeIdleConnections();
      await new Promise((resolve) => setTimeout(resolve, delayMs));
    }
    const requestsDone = new Promise<boolean>((resolve) => {
      server.close(() => resolve(true));
      server.closeIdleConnections();
      setTimeout(() => resolve(false), graceMs).unref();
    });
    const [served, unfinished] = await Promise.all([requestsDone, deliveriesDone]);
    let code = 0;
    if (!served || unfinished.length > 0) {
      const now = Date.now();
      const still = [...running.values()].map((entry) => `${entry.method} ${entry.path} (${now - entry.started} ms)`);
      const deliveries = unfinished.map((key) => (key.endsWith(" released") ? `delivery ${key} (due at once for any instance)` : `delivery ${key} (retried once its lease runs out)`));
      log.error({ msg: "forced exit: requests still running after the shutdown grace period", graceMs, running: [...still, ...deliveries] });
      if (still.length === 0 && !served) log.error({ msg: "forced exit: connections still open, no request running" });
      code = 1;
    }
    await Promise.resolve(close()).catch((error: unknown) => log.error({ msg: "shutdown: close failed", error: String(error) }));
    process.exit(code);
  };
  process.on("SIGINT", () => void shutdown("SIGINT"));
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  return shutdown;
}
