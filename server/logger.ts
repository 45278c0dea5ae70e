/** Structured logs: one JSON line per event on stdout. Never pass message bodies or secrets. */
export type Logger = ReturnType<typeof createLogger>;

export function createLogger(level: "info" | "silent" = "info") {
  const write = (severity: string, fields: Record<string, unknown>) => {
    if (level === "silent") return;
    process.stdout.write(`${JSON.stringify({ time: new Date().toISOString(), level: severity, ...fields })}\n`);
  };
  return {
    info: (fields: Record<string, unknown>) => write("info", fields),
    warn: (fields: Record<string, unknown>) => write("warn", fields),
    error: (fields: Record<string, unknown>) => write("error", fields),
  };
}
