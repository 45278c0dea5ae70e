import { describe, expect, it } from "vitest";
import { channels, type OutboxStats } from "../db/store";
import { formatAge, healthy, outboxProblems, parseAge, statusReport } from "./outbox-status";

const now = new Date("2026-01-01T12:00:00.000Z");
const none = { pending: 0, failed: 0, sent: 0, previewed: 0, settled: 0, scheduled: 0, oldestPendingAt: null };
const quiet = () => Object.fromEntries(channels.map((channel) => [channel, { ...none }])) as OutboxStats;

describe("messages status", () => {
  it("reads --max-age in seconds, minutes, hours or days, and refuses anything else", () => {
    expect([parseAge("90"), parseAge("90s"), parseAge("30m"), parseAge("1h"), parseAge("1.5h"), parseAge("2d")]).toEqual([90, 90, 1800, 3600, 5400, 172_800]);
    for (const bad of ["", "0", "-1h", "1w", "h", "1 hour", undefined]) expect(parseAge(bad)).toBeUndefined();
  });

  it("writes ages the way people read them", () => {
    expect([formatAge(0), formatAge(59.9), formatAge(3725), formatAge(90_061)]).toEqual(["0s", "59s", "1h 2m 5s", "1d 1h 1m 1s"]);
  });

  it("is healthy when nothing failed and nothing waited longer than the limit", () => {
    const stats = quiet();
    stats.email = { ...none, pending: 2, sent: 40, oldestPendingAt: new Date(now.getTime() - 3_599_000) };
    expect(outboxProblems(stats, { now, maxAgeSeconds: 3600 })).toEqual([]);
    expect(statusReport(stats, [], now, "text")).toContain("OK: nothing failed");
  });

  it("names the channel with a failed delivery and the one waiting too long", () => {
    const stats = quiet();
    stats.webhook = { ...none, failed: 2, sent: 3 };
    stats.email = { ...none, pending: 1, oldestPendingAt: new Date(now.getTime() - 7_200_000) };
    const problems = outboxProblems(stats, { now, maxAgeSeconds: 3600 });
    expect(problems.map(({ channel, kind }) => `${channel}:${kind}`)).toEqual(["email:stale", "webhook:failed"]);
    const text = statusReport(stats, problems, now, "text");
    expect(text).toMatch(/^email +1 +0 +0 +0 +0 +2h$/m);
    expect(text).toContain("PROBLEM email: the oldest pending delivery has waited 2h, longer than 1h");
    expect(text).toContain("PROBLEM webhook: 2 deliveries failed for good");
    expect(statusReport(stats, problems, now)).toMatchObject({ ok: false, channels: { email: { pending: 1, oldestPendingSeconds: 7200 } } });
  });

  it("counts a preview as a problem, not as sent: no person got it", () => {
    const stats = quiet();
    stats.email = { ...none, previewed: 3 };
    const problems = outboxProblems(stats, { now, maxAgeSeconds: 3600 });
    expect(problems).toEqual([expect.objectContaining({ channel: "email", kind: "previewed", severity: "problem" })]);
    const text = statusReport(stats, problems, now, "text");
    expect(text).toMatch(/^email +0 +0 +0 +3 +0 +-$/m);
    expect(text).toContain("PROBLEM email: 3 deliveries were only written as development previews (LEADS_MAIL_DIR), no one got them (set SMTP_URL and restart: they are sent then)");
    expect(text).not.toContain("OK");
    expect(statusReport(stats, problems, now)).toMatchObject({ ok: false, channels: { email: { previewed: 3, sent: 0 } } });
  });

  it("only warns about the visitor's confirmation (an address a visitor typed), whatever happened to it", () => {
    const stats = quiet();
    stats.email = { ...none, sent: 5 };
    stats.confirmation = { ...none, failed: 2, pending: 1, oldestPendingAt: new Date(now.getTime() - 7_200_000) };
    const problems = outboxProblems(stats, { now, maxAgeSeconds: 3600 });
    expect(problems.map(({ channel, kind, severity }) => `${channel}:${kind}:${severity}`)).toEqual(["confirmation:failed:warning", "confirmation:stale:warning"]);
    expect(healthy(problems)).toBe(true);
    const text = statusReport(stats, problems, now, "text");
    expect(text).toContain("WARNING confirmation: 2 deliveries failed for good");
    expect(text).toContain("OK: nothing failed, nothing waiting too long for sales (the warnings above concern visitors' confirmations).");
    expect(statusReport(stats, problems, now)).toMatchObject({ ok: true, problems: [{ severity: "warning" }, { severity: "warning" }] });
  });
});
