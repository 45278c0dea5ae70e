// @vitest-environment node
import { describe, expect, it } from "vitest";
import { loadConfig } from "./config";

const base = { RECAPTCHA_SECRET_KEY: "a-real-looking-secret" };
// What openssl rand -base64 32 gives.
const LINK_SECRET = "q7Vd0Jw3nKc9XbT2mRf8LpZ4sHy6GeA1uNo5IvE3xQk=";

describe("the no-delivery-channel refusal", () => {
  it("treats a public SITE_URL like production: without NODE_ENV, sales' e-mails would only be written as previews", () => {
    expect(() => loadConfig({ ...base, SITE_URL: "https://www.example.com" })).toThrow(
      /^No lead delivery channel is configured for the public site https:\/\/www\.example\.com \(NODE_ENV is not production: e-mails would only be written as previews\): set SMTP_URL/,
    );
    expect(() => loadConfig({ ...base, NODE_ENV: "production", STAFF_URL: "https://staff.example.net", SITE_URL: "https://www.example.com" })).toThrow(/^No lead delivery channel is configured: set SMTP_URL/);
  });

  it("refuses the visitor's confirmation without SMTP_URL for a public site too: it would only be written as a file", () => {
    expect(() => loadConfig({ ...base, SITE_URL: "https://www.example.com", LEADS_WEBHOOK_URL: "https://crm.example.com/leads", LEADS_WEBHOOK_SECRET: `whsec_${Buffer.alloc(32, 1).toString("base64")}`, LEADS_CONFIRMATION: "on" })).toThrow(
      /^LEADS_CONFIRMATION=on needs SMTP_URL/,
    );
    expect(loadConfig({ ...base, SITE_URL: "http://localhost:5173", LEADS_CONFIRMATION: "on" }).LEADS_CONFIRMATION).toBe("on");
  });

  it("still starts for a site on this machine, or when storing only is intended, or with a channel", () => {
    expect(loadConfig({ ...base, SITE_URL: "http://localhost:3000" }).SMTP_URL).toBeUndefined();
    expect(loadConfig({ ...base, SITE_URL: "https://www.example.com", LEADS_DELIVERY: "store-only" }).LEADS_DELIVERY).toBe("store-only");
    expect(loadConfig({ ...base, SITE_URL: "https://www.example.com", SMTP_URL: "smtp://mail.example.com:587", LEADS_NOTIFY_TO: "sales@example.com", LEADS_LINK_SECRET: LINK_SECRET }).leadsFrom).toBe("no-reply@www.example.com");
  });
});

describe("SITE_URL in production", () => {
  const production = { ...base, NODE_ENV: "production", STAFF_URL: "https://staff.example.net", LEADS_DELIVERY: "store-only" };

  it("is required, empty counting as unset (a container built without it): the e-mails would come from no-reply@localhost", () => {
    for (const SITE_URL of [undefined, ""]) expect(() => loadConfig({ ...production, SITE_URL })).toThrow(/^SITE_URL is not set: in production the server needs the site's public address/);
    expect(loadConfig({ ...production, SITE_URL: "https://www.example.com" }).leadsFrom).toBe("no-reply@www.example.com");
  });

  it("is optional elsewhere, empty or not", () => {
    expect(loadConfig({ ...base, SITE_URL: "" }).siteUrl).toBeUndefined();
  });
});

describe("LEADS_CONFIRMATION_HOURLY_LIMIT", () => {
  it("left empty (KEY= in a compose file or docker run -e) is the default, never a silent 0 that sends no confirmation", () => {
    expect(loadConfig({}).LEADS_CONFIRMATION_HOURLY_LIMIT).toBe(30);
    expect(loadConfig({ LEADS_CONFIRMATION_HOURLY_LIMIT: "" }).LEADS_CONFIRMATION_HOURLY_LIMIT).toBe(30);
    expect(loadConfig({ LEADS_CONFIRMATION_HOURLY_LIMIT: "0" }).LEADS_CONFIRMATION_HOURLY_LIMIT).toBe(0);
    expect(() => loadConfig({ LEADS_CONFIRMATION_HOURLY_LIMIT: "thirty" })).toThrow(/LEADS_CONFIRMATION_HOURLY_LIMIT/);
  });
});

describe("taking leads and reminders (issue 31)", () => {
  it("stops on a SALES_HOURS, SALES_HOLIDAYS or SALES_RESPONSE_MINUTES it cannot read, naming the variable", () => {
    expect(() => loadConfig({ ...base, SALES_HOURS: "Mon-Fri 9-18" })).toThrow(/SALES_HOURS: cannot read "Mon-Fri 9-18"/);
    expect(() => loadConfig({ ...base, SALES_HOURS: "weekdays" })).toThrow(/SALES_HOURS/);
    expect(() => loadConfig({ ...base, SALES_HOLIDAYS: "24.12.2026" })).toThrow(/SALES_HOLIDAYS: cannot read/);
    expect(() => loadConfig({ ...base, SALES_RESPONSE_MINUTES: "0" })).toThrow(/SALES_RESPONSE_MINUTES/);
    expect(() => loadConfig({ ...base, SALES_RESPONSE_MINUTES: "0.05" })).toThrow(/SALES_RESPONSE_MINUTES/);
    expect(() => loadConfig({ ...base, SALES_RESPONSE_MINUTES: "half" })).toThrow(/SALES_RESPONSE_MINUTES/);
    expect(loadConfig({ ...base, SALES_RESPONSE_MINUTES: "0.5" }).SALES_RESPONSE_MINUTES).toBe(0.5);
    const config = loadConfig({ ...base, SALES_HOURS: "", SALES_RESPONSE_MINUTES: "" });
    expect(config.SALES_HOURS[1]).toEqual([[540, 1080]]);
    expect(config.SALES_RESPONSE_MINUTES).toBe(120);
  });

  it("requires LEADS_LINK_SECRET in production when e-mail or chat carries the links, and a long one", () => {
    const production = { ...base, NODE_ENV: "production", STAFF_URL: "https://staff.example.net", SITE_URL: "https://www.example.com", RECAPTCHA_SECRET_KEY: "real-secret", SMTP_URL: "smtp://mail.example.com:25", LEADS_NOTIFY_TO: "sales@example.com" };
    expect(() => loadConfig(production)).toThrow(/^LEADS_LINK_SECRET is not set/);
    expect(() => loadConfig({ ...production, LEADS_LINK_SECRET: "short" })).toThrow(/LEADS_LINK_SECRET: must be at least 32 characters/);
    expect(loadConfig({ ...production, LEADS_LINK_SECRET: LINK_SECRET }).linkBase).toBe("https://www.example.com");
    // Elsewhere a secret of the process's own.
    expect(loadConfig(base).linkSecret.length).toBeGreaterThanOrEqual(32);
  });

  it("judges LEADS_LINK_SECRET by its content, as KEYSTATIC_SECRET is: a long secret anyone could guess is refused", () => {
    const mailed = { ...base, SMTP_URL: "smtp://mail.example.com:25", LEADS_NOTIFY_TO: "sales@example.com" };
    for (const weak of ["a".repeat(40), "changeme-changeme-changeme-changeme-changeme", "x".repeat(32), "0123456789abcdefghijklmnopqrstuvwxyz"]) {
      for (const env of [{ ...mailed, NODE_ENV: "production", STAFF_URL: "https://staff.example.net", SITE_URL: "https://www.example.com" }, { ...mailed, SITE_URL: "http://localhost:3000" }, {}]) {
        expect(() => loadConfig({ ...env, LEADS_LINK_SECRET: weak }), weak).toThrow(/^LEADS_LINK_SECRET is too weak: .*openssl rand -base64 32/);
      }
    }
    expect(loadConfig({ ...mailed, LEADS_LINK_SECRET: LINK_SECRET }).linkSecret).toBe(LINK_SECRET);
  });

  it("requires LEADS_LINK_SECRET for any SITE_URL not on this machine, whatever NODE_ENV says: a per-process secret breaks every mailed link at the next restart", () => {
    const mailed = { ...base, SMTP_URL: "smtp://mail.example.com:25", LEADS_NOTIFY_TO: "sales@example.com" };
    for (const NODE_ENV of [undefined, "development", "staging"]) {
      expect(() => loadConfig({ ...mailed, NODE_ENV, SITE_URL: "https://www.example.com" }), NODE_ENV).toThrow(
        /^LEADS_LINK_SECRET is not set: for the site https:\/\/www\.example\.com \(not on this machine, whatever NODE_ENV says\)/,
      );
    }
    expect(() => loadConfig({ ...base, LEADS_CHAT_WEBHOOK_URL: "https://chat.example.com/hook", LEADS_DELIVERY: undefined, SITE_URL: "http://10.0.0.5:3000", LEADS_WEBHOOK_URL: "https://crm.example.com/leads", LEADS_WEBHOOK_SECRET: `whsec_${Buffer.alloc(32, 1).toString("base64")}` })).toThrow(/^LEADS_LINK_SECRET is not set/);
    // On this machine, a developer's links may die with the process.
    for (const SITE_URL of ["http://localhost:5173", "http://127.0.0.1:3000", "http://[::1]:3000"]) expect(loadConfig({ ...mailed, SITE_URL }).linkSecret.length).toBeGreaterThanOrEqual(32);
  });

  it("refuses a calendar whose window can never be met, naming both settings", () => {
    expect(() => loadConfig({ ...base, SALES_HOURS: "Mon 09:00-09:05", SALES_RESPONSE_MINUTES: "2000" })).toThrow(
      /^SALES_RESPONSE_MINUTES=2000 cannot be met within SALES_HOURS="Mon 09:00-09:05": a lead arriving now would be due/,
    );
    expect(loadConfig({ ...base, SALES_HOURS: "Mon 09:00-09:05", SALES_RESPONSE_MINUTES: "20" }).SALES_RESPONSE_MINUTES).toBe(20);
    expect(loadConfig({ ...base, SALES_RESPONSE_MINUTES: "2000" }).SALES_RESPONSE_MINUTES).toBe(2000);
  });

  it("takes COMPANY_TIME_ZONE as a region's name or UTC; abbreviations and legacy names are refused with that hint", () => {
    for (const zone of ["UTC", "Europe/Berlin", "America/New_York", "America/Argentina/Buenos_Aires", "Asia/Kolkata"]) expect(loadConfig({ ...base, COMPANY_TIME_ZONE: zone }).COMPANY_TIME_ZONE).toBe(zone);
    for (const zone of ["EST", "CET", "PST8PDT", "US/Eastern", "Etc/GMT+5", "etc/gmt-3", "est"]) {
      expect(() => loadConfig({ ...base, COMPANY_TIME_ZONE: zone }), zone).toThrow(new RegExp(`COMPANY_TIME_ZONE: "${zone.replace("+", "\\+")}" is an abbreviation or a legacy name, which does not follow a region's rules .*America/New_York`));
    }
    expect(() => loadConfig({ ...base, COMPANY_TIME_ZONE: "Mars/Olympus" })).toThrow(/COMPANY_TIME_ZONE: "Mars\/Olympus" is not a time zone/);
  });

  it("takes COMPANY_TIME_ZONE in any case and with stray spaces, as its canonical name; UTC's other names are UTC", () => {
    const zones: Record<string, string> = { utc: "UTC", "europe/berlin": "Europe/Berlin", "Europe/Berlin ": "Europe/Berlin", " america/new_york": "America/New_York", "asia/kolkata": "Asia/Kolkata", "Asia/Kolkata": "Asia/Kolkata", "Etc/UTC": "UTC", GMT: "UTC", "Etc/GMT": "UTC", gmt: "UTC" };
    for (const [zone, canonical] of Object.entries(zones)) expect(loadConfig({ ...base, COMPANY_TIME_ZONE: zone }).COMPANY_TIME_ZONE, JSON.stringify(zone)).toBe(canonical);
  });

  it("refuses a SITE_URL without a scheme with a line that says what to write", () => {
    for (const SITE_URL of ["localhost:3000", "www.example.com", "127.0.0.1:3000", "ftp://www.example.com"]) {
      expect(() => loadConfig({ ...base, SITE_URL }), SITE_URL).toThrow(/SITE_URL: .*must start with http:\/\/ or https:\/\/ \(e\.g\. https:\/\/www\.example\.com or http:\/\/localhost:3000\)/);
    }
    expect(loadConfig({ ...base, SITE_URL: "http://localhost:3000" }).siteUrl).toBe("http://localhost:3000");
  });
});

describe("the staff workspace's address (issue 37)", () => {
  it("is http://localhost:3001 by default outside production, on its own listener", () => {
    const config = loadConfig(base);
    expect(config.staffUrl).toBe("http://localhost:3001");
    expect(config.STAFF_PORT).toBe(3001);
    expect(config.STAFF_HOST).toBe("127.0.0.1");
    expect(loadConfig({ ...base, STAFF_PORT: "3101" }).staffUrl).toBe("http://localhost:3101");
    // A free port: its address is known once bound (server/index.ts sets it then).
    expect(loadConfig({ ...base, STAFF_PORT: "0" }).staffUrl).toBeUndefined();
    expect(loadConfig({ ...base, STAFF_PORT: "off" }).staffUrl).toBeUndefined();
    expect(loadConfig({ ...base, STAFF_URL: "https://staff.example.net/" }).staffUrl).toBe("https://staff.example.net");
  });

  it("is required in production, https there, an origin only, and never the site's own origin", () => {
    const production = { ...base, NODE_ENV: "production", SITE_URL: "https://www.example.com", LEADS_DELIVERY: "store-only" };
    expect(() => loadConfig(production)).toThrow(/^STAFF_URL is not set: in production/);
    expect(loadConfig({ ...production, STAFF_PORT: "off" }).staffUrl).toBeUndefined();
    expect(() => loadConfig({ ...production, STAFF_URL: "http://staff.example.net" })).toThrow(/must be https:\/\/ in production/);
    expect(() => loadConfig({ ...production, STAFF_URL: "https://www.example.com" })).toThrow(/is the public site's origin/);
    expect(() => loadConfig({ ...production, STAFF_URL: "https://staff.example.net/leads" })).toThrow(/must be an origin/);
    expect(() => loadConfig({ ...base, SITE_URL: "http://localhost:3000", STAFF_URL: "http://localhost:3000" })).toThrow(/is the public site's origin/);
    // Another port of the same host is another origin.
    expect(loadConfig({ ...base, SITE_URL: "http://localhost:3000", STAFF_URL: "http://localhost:3001" }).staffUrl).toBe("http://localhost:3001");
    expect(loadConfig({ ...production, STAFF_URL: "https://staff.example.net" }).staffUrl).toBe("https://staff.example.net");
  });
});

describe("STAFF_URL spelt in ways that would break its links or its cookie (hostile review)", () => {
  const production = { ...base, NODE_ENV: "production", SITE_URL: "https://www.example.com", LEADS_DELIVERY: "store-only" };
  it("is kept as its origin, scheme and host lower-cased, so https is recognised however it is written", () => {
    expect(loadConfig({ ...production, STAFF_URL: "HTTPS://Staff.Example.NET" }).staffUrl).toBe("https://staff.example.net");
    expect(loadConfig({ ...production, STAFF_URL: "https://staff.example.net:8443/" }).staffUrl).toBe("https://staff.example.net:8443");
  });
  it("refuses a query, a fragment or credentials, which every mailed link would carry", () => {
    for (const STAFF_URL of ["https://staff.example.net?x=1", "https://staff.example.net/#top", "https://staff.example.net#", "https://user:secret@staff.example.net"]) {
      expect(() => loadConfig({ ...production, STAFF_URL }), STAFF_URL).toThrow(/STAFF_URL/);
    }
  });
  it("refuses the site's own port or address when SITE_URL is unset", () => {
    expect(() => loadConfig({ ...base, PORT: "3000", STAFF_PORT: "3000" })).toThrow(/^STAFF_PORT=3000 is also PORT/);
    expect(() => loadConfig({ ...base, PORT: "3000", STAFF_URL: "http://localhost:3000" })).toThrow(/is the public site's origin/);
    expect(loadConfig({ ...base, PORT: "0", STAFF_PORT: "0" }).staffUrl).toBeUndefined();
  });
});
