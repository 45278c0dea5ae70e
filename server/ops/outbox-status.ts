import { channels, type Channel, type OutboxStats } from "../db/store";
import { leadReference } from "../delivery/lead-text";

/*
 * `npm run messages -- status`: the outbox per channel, and whether someone should look at it. A delivery
 * that failed for good, one whose lead has waited longer than --max-age, or one only written as a development
 * preview (no person got it) is a problem (exit 1), so a cron job or a CI check can page someone without
 * Prometheus. The visitor's confirmation goes to an address a visitor typed: its trouble is a warning, printed
 * but never the exit code, because sales got the lead.
 */

/** A delivery's trouble names its channel; a lead nobody has taken (`untaken`) names the lead by its reference. */
export type Problem = { channel: Channel | null; lead?: string; kind: "failed" | "stale" | "previewed" | "untaken" | "unverified"; severity: "problem" | "warning"; message: string };

/** Only the channels that bring the lead to the company page someone. */
const severityOf = (channel: Channel) => (channel === "confirmation" ? "warning" : "problem");

/** Whether the check passes: nothing but warnings. */
export const healthy = (problems: Problem[]) => problems.every((problem) => problem.severity === "warning");

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
    const { failed, previewed, oldestPendingAt } = stats[channel];
    const severity = severityOf(channel);
    if (failed > 0) {
      problems.push({
        channel,
        kind: "failed",
        severity,
        message: `${channel}: ${failed} deliver${failed === 1 ? "y" : "ies"} failed for good (see npm run messages; resend with npm run messages -- resend <id>)`,
      });
    }
    const age = ageOf(oldestPendingAt, now);
    if (age !== null && age > maxAgeSeconds) {
      problems.push({ channel, kind: "stale", severity, message: `${channel}: the oldest pending delivery has waited ${formatAge(age)}, longer than ${formatAge(maxAgeSeconds)}` });
    }
    if (previewed > 0) {
      problems.push({
        channel,
        kind: "previewed",
        severity,
        message: `${channel}: ${previewed} deliver${previewed === 1 ? "y was" : "ies were"} only written as development previews (LEADS_MAIL_DIR), no one got ${previewed === 1 ? "it" : "them"}${channel === "confirmation" ? "" : " (set SMTP_URL and restart: they are sent then)"}`,
      });
    }
  }
  return problems;
}

/**
 * Each lead not taken after two windows (its escalation's time), by its reference: a problem (exit 1). An unverified
 * one is named as such: no reminder or escalation chases it, so without this a siteverify outage (every lead
 * unverified) would leave them all waiting with the check green.
 */
export function overdueProblems(leads: { id: number; publicId: string | null; escalateBy: string; verification?: "verified" | "unverified" }[], now: Date): Problem[] {
  return leads.map((lead) => {
    const reference = leadReference(lead) || `#${lead.id}`;
    const waited = formatAge((now.getTime() - new Date(lead.escalateBy).getTime()) / 1000);
    const since = `(since ${lead.escalateBy}, ${waited} ago)`;
    if (lead.verification === "unverified") {
      return {
        channel: null,
        lead: reference,
        kind: "unverified",
        severity: "problem",
        message: `lead ${reference} (#${lead.id}) is unverified and not taken after two windows ${since}, and nobody is reminded of it: read it (npm run messages); a person: npm run messages -- verify ${reference} (its reminder and escalation follow) or take it; if every lead is unverified, look at siteverify and RECAPTCHA_SECRET_KEY`,
      };
    }
    return {
      channel: null,
      lead: reference,
      kind: "untaken",
      severity: "problem",
      message: `lead ${reference} (#${lead.id}) is not taken after two windows ${since}: take it with its link or npm run messages -- take ${reference} --by NAME`,
    };
  });
}

export function statusReport(stats: OutboxStats, problems: Problem[], now: Date, format: "text"): string;
export function statusReport(stats: OutboxStats, problems: Problem[], now: Date, format?: "json"): object;
export function statusReport(stats: OutboxStats, problems: Problem[], now: Date, format: "text" | "json" = "json"): string | object {
  if (format === "json") {
    return {
      ok: healthy(problems),
      checkedAt: now.toISOString(),
      channels: Object.fromEntries(
        channels.map((channel) => {
          const { oldestPendingAt, ...counts } = stats[channel];
          const age = ageOf(oldestPendingAt, now);
          return [channel, { ...counts, oldestPendingAt: oldestPendingAt?.toISOString() ?? null, oldestPendingSeconds: age === null ? null : Math.floor(age) }];
        }),
      ),
      problems,
    };
  }
  const rows = [
    ["channel", "pending", "failed", "sent", "previewed", "settled", "oldest pending"],
    ...channels.map((channel) => {
      const { pending, failed, sent, previewed, settled, oldestPendingAt } = stats[channel];
      const age = ageOf(oldestPendingAt, now);
      return [channel, ...[pending, failed, sent, previewed, settled].map(String), age === null ? "-" : formatAge(age)];
    }),
  ];
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  const table = rows.map((row) => row.map((cell, column) => (column === 0 || column === row.length - 1 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join("  ").trimEnd());
  const verdict = [
    ...problems.map((problem) => `${problem.severity === "problem" ? "PROBLEM" : "WARNING"} ${problem.message}`),
    ...(healthy(problems) ? [`OK: nothing failed, nothing waiting too long${problems.length > 0 ? " for sales (the warnings above concern visitors' confirmations)" : ""}.`] : []),
  ];
  return `${[...table, "", ...verdict].join("\n")}\n`;
}
