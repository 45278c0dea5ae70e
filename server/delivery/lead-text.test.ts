// @vitest-environment node
import { describe, expect, it } from "vitest";
import { escapeChat } from "./chat";
import { campaignText, checkTimeZone, formatReceived, sourceFields, sourceSummary } from "./lead-text";

describe("how a lead's time and source read", () => {
  it("gives the time in the company's zone, naming it", () => {
    expect(formatReceived("2026-11-23T15:18:11.403Z", "UTC")).toBe("Monday, 23 November 2026 at 15:18 (UTC)");
    expect(formatReceived("2026-11-23T15:18:11.403Z", "Europe/Berlin")).toBe("Monday, 23 November 2026 at 16:18 (Europe/Berlin)");
    expect(formatReceived("2026-07-01T03:00:00.000Z", "America/New_York")).toBe("Tuesday, 30 June 2026 at 23:00 (America/New_York)");
    expect(() => checkTimeZone("Mars/Olympus")).toThrow();
  });

  it("names the campaign, else the referrer, else a direct visit", () => {
    const base = { landingPage: "/", pages: ["/"] };
    expect(campaignText({ ...base, utm: { campaign: "spring", source: "newsletter", medium: "email" } })).toBe("spring (source newsletter, medium email)");
    expect(campaignText({ ...base, utm: { source: "linkedin" } })).toBe("from linkedin");
    expect(sourceSummary({ ...base, referrer: "https://news.example" })).toBe("referred by https://news.example");
    expect(sourceSummary({ ...base, landingPage: "/services/x", pages: ["/services/x"] })).toBe("direct, landed on /services/x");
    expect(sourceSummary(null)).toBe("not recorded");
    expect(sourceFields({ ...base, pages: ["/", "/a", "/"] })).toEqual([
      ["Landing page", "/"],
      ["Campaign", "none"],
      ["Referrer", "none (direct visit, or the referrer was not shared)"],
      ["Pages viewed (3)", "/ → /a → /"],
    ]);
  });

  it("makes visitor text inert in a chat message", () => {
    expect(escapeChat("<!channel> <@U1> <https://x.example|y> & @here")).toBe("&lt;!channel&gt; &lt;@\u2060U1&gt; &lt;https\u2060://x.example|y&gt; &amp; @\u2060here");
  });
});
