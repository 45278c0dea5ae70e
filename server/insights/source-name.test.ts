// @vitest-environment node
import { describe, expect, it } from "vitest";
import { DIRECT, referrerHost, sourceName } from "./source-name";

/* Issue 36 item 1: a source is a site, named once however a link or a referrer writes it. */

describe("sourceName", () => {
  it("takes utm_source over the referrer, and says Direct only when there is neither", () => {
    expect(sourceName({ utmSource: "Newsletter", referrer: null })).toBe("newsletter");
    expect(sourceName({ utmSource: "partner", referrer: "https://www.bing.com" })).toBe("partner");
    expect(sourceName({ utmSource: null, referrer: null })).toBe(DIRECT);
    expect(sourceName({ utmSource: "  ", referrer: undefined })).toBe(DIRECT);
    expect(sourceName({})).toBe("Direct");
  });

  it("makes one row of utm_source=google, https://www.google.de and http://www.google.com", () => {
    for (const input of [
      { utmSource: "google" },
      { utmSource: "Google" },
      { referrer: "https://www.google.de" },
      { referrer: "http://www.google.com" },
      { referrer: "https://google.co.uk/" },
      { referrer: "https://www.google.com.br" },
    ])
      expect(sourceName(input)).toBe("Google");
  });

  it("names the big sites by their hosts, subdomains and short links", () => {
    expect(sourceName({ referrer: "https://lnkd.in" })).toBe("LinkedIn");
    expect(sourceName({ referrer: "https://www.linkedin.com" })).toBe("LinkedIn");
    expect(sourceName({ utmSource: "linkedin" })).toBe("LinkedIn");
    expect(sourceName({ referrer: "https://m.facebook.com" })).toBe("Facebook");
    expect(sourceName({ referrer: "https://l.facebook.com" })).toBe("Facebook");
    expect(sourceName({ referrer: "https://t.co" })).toBe("X (Twitter)");
    expect(sourceName({ referrer: "https://duckduckgo.com" })).toBe("DuckDuckGo");
    expect(sourceName({ referrer: "https://www.bing.com" })).toBe("Bing");
    expect(sourceName({ referrer: "https://old.reddit.com" })).toBe("Reddit");
    expect(sourceName({ referrer: "https://chatgpt.com" })).toBe("ChatGPT");
    // Not Google: a site whose name merely contains it.
    expect(sourceName({ referrer: "https://notgoogle.de" })).toBe("notgoogle.de");
    expect(sourceName({ referrer: "https://google.example.com" })).toBe("google.example.com");
  });

  it("shows any other site as its host without scheme, port and www.", () => {
    expect(sourceName({ referrer: "https://www.Partner.example:8443" })).toBe("partner.example");
    expect(sourceName({ utmSource: "https://www.partner.example/" })).toBe("partner.example");
    expect(sourceName({ utmSource: "ada@evil.example" })).toBe("ada@evil.example");
    expect(sourceName({ utmSource: "spring newsletter" })).toBe("spring newsletter");
    expect(referrerHost("ftp://x.example")).toBeNull();
    expect(referrerHost("not a url")).toBeNull();
  });
});
