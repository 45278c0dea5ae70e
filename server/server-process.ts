import type { IncomingMessage, Server, ServerOptions, ServerResponse } from "node:http";
import type { Logger } from "./logger";

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
 * SIGTERM/SIGINT: stop accepting connections, let running requests finish, close the database, exit 0.
 * If requests are still running after `graceMs`, exit 1 and log them, so a supervisor and the operator
 * both see that answers were cut off.
 */
export function installShutdown(server: Server, { log, graceMs, onClosed }: { log: Logger; graceMs: number; onClosed: () => void }) {
  const running = new Map<IncomingMessage, { method: string; path: string; started: number }>();
  server.on("request", (req: IncomingMessage, res: ServerResponse) => {
    // The path only: query strings can carry anything.
    running.set(req, { method: req.method ?? "?", path: (req.url ?? "").split("?")[0] ?? "", started: Date.now() });
    res.once("close", () => running.delete(req));
  });

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ msg: "shutting down", signal, running: running.size });
    server.close(() => {
      onClosed();
      process.exit(0);
    });
    server.closeIdleConnections();
    setTimeout(() => {
      const now = Date.now();
      const still = [...running.values()].map((entry) => `${entry.method} ${entry.path} (${now - entry.started} ms)`);
      log.error({ msg: "forced exit: requests still running after the shutdown grace period", graceMs, running: still });
      if (still.length === 0) log.error({ msg: "forced exit: connections still open, no request running" });
      process.exit(1);
    }, graceMs).unref();
  };
  process.on("SIGINT", () => shutdown("SIGINT"));
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  return shutdown;
}
