import { channels, type Channel, type OutboxStats } from "./db/store";

/*
 * `npm run messages -- status`: the outbox per channel, and whether someone should look at it. A delivery
 * that failed for good, or one whose lead has waited longer than --max-age, is a problem (exit 1), so a cron
 * job or a CI check can page someone without Prometheus.
 */

export type Problem = { channel: Channel; kind: "failed" | "stale"; message: string };

const units = { s: 1, m: 60, h: 3600, d: 86_400 } as const;

/** "90", "90s", "30m", "1h", "2d" (also "1.5h") in seconds; undefined when it is none of those. */
export function parseAge(text: string | undefined): number | undefined {
  const match = /^\s*(\d+(?:\.\d+)?)\s*([smhd]?)\s*$/i.exec(text ?? "");
  if (!match) return undefined;
  const seconds = Number(match[1]) * units[(match[2] || "s").toLowerCase() as keyof typeof units];
  return seconds > 0 ? seconds : undefined;
}

/** 3725 → "1h 2m 5s"; 0 → "0s". */
export function formatAge(seconds: number): string {
  let rest = Math.floor(seconds);
  const parts: string[] = [];
  for (const [unit, size] of [["d", 86_400], ["h", 3600], ["m", 60]] as const) {
    if (rest >= size) {
      parts.push(`${Math.floor(rest / size)}${unit}`);
      rest %= size;
    }
  }
  if (rest > 0 || parts.length === 0) parts.push(`${rest}s`);
  return parts.join(" ");
}

const ageOf = (at: Date | null, now: Date) => (at ? Math.max(0, (now.getTime() - at.getTime()) / 1000) : null);

export function outboxProblems(stats: OutboxStats, { now, maxAgeSeconds }: { now: Date; maxAgeSeconds: number }): Problem[] {
  const problems: Problem[] = [];
  for (const channel of channels) {
    const { failed, oldestPendingAt } = stats[channel];
    if (failed > 0) {
      problems.push({
        channel,
        kind: "failed",
        message: `${channel}: ${failed} deliver${failed === 1 ? "y" : "ies"} failed for good (see npm run messages; resend with npm run messages -- resend <id>)`,
      });
    }
    const age = ageOf(oldestPendingAt, now);
    if (age !== null && age > maxAgeSeconds) {
      problems.push({ channel, kind: "stale", message: `${channel}: the oldest pending delivery has waited ${formatAge(age)}, longer than ${formatAge(maxAgeSeconds)}` });
    }
  }
  return problems;
}

export function statusReport(stats: OutboxStats, problems: Problem[], now: Date, format: "text"): string;
export function statusReport(stats: OutboxStats, problems: Problem[], now: Date, format?: "json"): object;
export function statusReport(stats: OutboxStats, problems: Problem[], now: Date, format: "text" | "json" = "json"): string | object {
  if (format === "json") {
    return {
      ok: problems.length === 0,
      checkedAt: now.toISOString(),
      channels: Object.fromEntries(
        channels.map((channel) => {
          const { pending, failed, sent, oldestPendingAt } = stats[channel];
          const age = ageOf(oldestPendingAt, now);
          return [channel, { pending, failed, sent, oldestPendingAt: oldestPendingAt?.toISOString() ?? null, oldestPendingSeconds: age === null ? null : Math.floor(age) }];
        }),
      ),
      problems,
    };
  }
  const rows = [
    ["channel", "pending", "failed", "sent", "oldest pending"],
    ...channels.map((channel) => {
      const { pending, failed, sent, oldestPendingAt } = stats[channel];
      const age = ageOf(oldestPendingAt, now);
      return [channel, String(pending), String(failed), String(sent), age === null ? "-" : formatAge(age)];
    }),
  ];
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  const table = rows.map((row) => row.map((cell, column) => (column === 0 || column === 4 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join("  ").trimEnd());
  const verdict = problems.length === 0 ? ["OK: nothing failed, nothing waiting too long."] : problems.map((problem) => `PROBLEM ${problem.message}`);
  return `${[...table, "", ...verdict].join("\n")}\n`;
}
