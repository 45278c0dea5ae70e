/** Structured logs: one JSON line per event on stdout. Never pass message bodies or secrets. */
export type Logger = Omit<ReturnType<typeof createLogger>, "debug"> & {
  /** Optional, so that a quiet stand-in logger needs only the three levels. */
  debug?: (fields: Record<string, unknown>) => void;
};

export function createLogger(level: "debug" | "info" | "silent" = "info") {
  const write = (severity: string, fields: Record<string, unknown>) => {
    if (level === "silent" || (severity === "debug" && level !== "debug")) return;
    process.stdout.write(`${JSON.stringify({ time: new Date().toISOString(), level: severity, ...fields })}\n`);
  };
  return {
    /** Only with LOG_LEVEL=debug: details an operator looks for when something seems off. */
    debug: (fields: Record<string, unknown>) => write("debug", fields),
    info: (fields: Record<string, unknown>) => write("info", fields),
    warn: (fields: Record<string, unknown>) => write("warn", fields),
    error: (fields: Record<string, unknown>) => write("error", fields),
  };
}
