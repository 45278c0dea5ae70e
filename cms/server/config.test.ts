import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { loadEditorConfig, redactUrl, sharesParentDomain, weakSecret } from "./config";

const valid = {
  EDITOR_URL: "https://edit.example.com",
  EDITOR_REPO: "acme/site",
  KEYSTATIC_GITHUB_CLIENT_ID: "Iv23liExample",
  KEYSTATIC_GITHUB_CLIENT_SECRET: "secret",
  KEYSTATIC_SECRET: "4f0c9a7e21d8b36a5e0f7c2d9b14a8e6",
};

describe("the live editor's settings", () => {
  it("start with the documented variables and safe defaults", () => {
    const config = loadEditorConfig(valid);
    expect(config).toMatchObject({ port: 8788, host: "127.0.0.1", repo: "acme/site", branchPrefix: "content/", allowedUsers: undefined, staticDir: "build/editor", apiRateLimit: 60 });
    expect(config.url.origin).toBe("https://edit.example.com");
    expect(config.trustProxy.enabled).toBe(false);
    expect(loadEditorConfig({ ...valid, EDITOR_ALLOWED_USERS: " Alice:583231, bob-2:9 ", EDITOR_BRANCH_PREFIX: "edits/" })).toMatchObject({
      allowedUsers: [{ login: "alice", id: 583231 }, { login: "bob-2", id: 9 }],
      branchPrefix: "edits/",
    });
  });

  it("refuse to start, naming every problem, when one is missing or weak", () => {
    expect(() => loadEditorConfig({})).toThrow(/EDITOR_URL is not set[\s\S]*EDITOR_REPO is not set[\s\S]*KEYSTATIC_GITHUB_CLIENT_ID is not set[\s\S]*KEYSTATIC_GITHUB_CLIENT_SECRET is not set[\s\S]*KEYSTATIC_SECRET is not set/);
    expect(() => loadEditorConfig({ ...valid, KEYSTATIC_SECRET: "short-secret" })).toThrow("KEYSTATIC_SECRET is too weak: it must be at least 32 characters");
    expect(() => loadEditorConfig({ ...valid, EDITOR_URL: "http://edit.example.com" })).toThrow("EDITOR_URL must be https");
    expect(() => loadEditorConfig({ ...valid, EDITOR_URL: "https://example.com/edit" })).toThrow("EDITOR_URL must be an origin");
    expect(() => loadEditorConfig({ ...valid, EDITOR_REPO: "acme" })).toThrow("EDITOR_REPO must be owner/name");
    for (const repo of ["../..", "acme/..", "acme/.", "-acme/site"]) expect(() => loadEditorConfig({ ...valid, EDITOR_REPO: repo }), repo).toThrow("EDITOR_REPO must be owner/name");
    expect(() => loadEditorConfig({ ...valid, EDITOR_ALLOWED_USERS: "alice:1,not a login:2" })).toThrow("EDITOR_ALLOWED_USERS must be login:id pairs");
    expect(loadEditorConfig({ ...valid, EDITOR_URL: "http://127.0.0.1:8788" }).url.protocol).toBe("http:");
  });

  it("refuse weak or unsafe values that look right: a secret without entropy, an empty list, the site's host, a password in a URL", () => {
    for (const secret of ["x".repeat(32), "ab".repeat(20), "0123456789abcdef0123456789abcdef", "abcdefghijklmnopqrstuvwxyz0123456789"]) {
      expect(() => loadEditorConfig({ ...valid, KEYSTATIC_SECRET: secret }), secret).toThrow("KEYSTATIC_SECRET is too weak");
    }
    for (const secret of ["correct-horse-battery-staple-lamp-violin-orbit-mango-2024", "Yk3v9QmZt2Lx8RpW4sNb7HcJ1dFg6TaE"]) expect(loadEditorConfig({ ...valid, KEYSTATIC_SECRET: secret }).secret).toBe(secret);
    for (const list of [" , ", "", ","]) expect(() => loadEditorConfig({ ...valid, EDITOR_ALLOWED_USERS: list }), list).toThrow("EDITOR_ALLOWED_USERS is set but names nobody");
    // A bare login is refused: a login can be renamed and taken by someone else; the id stays with the account.
    expect(() => loadEditorConfig({ ...valid, EDITOR_ALLOWED_USERS: "alice" })).toThrow('EDITOR_ALLOWED_USERS must be login:id pairs separated by commas, e.g. alice:583231 (the id is the "id" of https://api.github.com/users/LOGIN) (got "alice")');
    for (const site of ["https://edit.example.com", "https://edit.example.com:8443/"]) {
      expect(() => loadEditorConfig({ ...valid, SITE_URL: site }), site).toThrow("EDITOR_URL must be a host of its own, not the site's");
    }
    expect(loadEditorConfig({ ...valid, SITE_URL: "https://www.example.com" }).siteHost).toBe("www.example.com");
    for (const url of ["https://editor:hunter2@edit.example.com", "https://editor:hunter2@edit.example.com/x", "ht!tp://editor:hunter2@edit"]) {
      let message = "";
      try {
        loadEditorConfig({ ...valid, EDITOR_URL: url });
      } catch (error) {
        message = (error as Error).message;
      }
      expect(message, url).toMatch(/EDITOR_URL/);
      expect(message, url).not.toContain("hunter2");
    }
    expect(() => loadEditorConfig({ ...valid, EDITOR_API_RATE_LIMIT: "0" })).toThrow("EDITOR_API_RATE_LIMIT");
    expect(() => loadEditorConfig({ ...valid, TRUST_PROXY: "true" })).toThrow("TRUST_PROXY");
  });

  it("tell when the editor may share a registrable domain with the site (a warning at start-up)", () => {
    expect(sharesParentDomain("edit.example.com", "www.example.com")).toBe(true);
    expect(sharesParentDomain("edit.example.com", "example.com")).toBe(true);
    expect(sharesParentDomain("edit.example-cms.com", "www.example.com")).toBe(false);
    expect(sharesParentDomain("127.0.0.1", "127.0.0.2")).toBe(false);
    expect(sharesParentDomain("edit.example.com", undefined)).toBe(false);
    // A trailing dot names the same host.
    expect(sharesParentDomain("edit.example.com.", "www.example.com")).toBe(true);
    expect(sharesParentDomain("edit.example.com", "example.com.")).toBe(true);
    expect(() => loadEditorConfig({ ...valid, EDITOR_URL: "https://example.com.", SITE_URL: "https://example.com" })).toThrow("EDITOR_URL must be a host of its own");
    expect(() => loadEditorConfig({ ...valid, EDITOR_URL: "https://example.com", SITE_URL: "https://example.com." })).toThrow("EDITOR_URL must be a host of its own");
  });

  it("refuse secrets that look random but are not: repeated parts, a counter, words, text in hex or base64", () => {
    let counter = "";
    for (let i = 16; counter.length < 40; i++) counter += i.toString(16).padStart(4, "0");
    const phrase = "keystatic-secret-keystatic-secret";
    for (const secret of ["changeme-changeme-changeme-changeme!", counter, Buffer.from(phrase).toString("hex"), Buffer.from(phrase).toString("base64"), "a-test-secret-of-more-than-32-characters", "correct-horse-battery-staple-lamp-2024"]) {
      expect(weakSecret(secret), secret).toBeDefined();
    }
    // No random secret is refused: 100,000 draws of each documented recipe.
    const refused: string[] = [];
    for (let i = 0; i < 100_000; i++) {
      for (const secret of [randomBytes(16).toString("hex"), randomBytes(32).toString("base64url")]) if (weakSecret(secret)) refused.push(secret);
    }
    expect(refused).toEqual([]);
  }, 120_000);

  it("never print a password written into EDITOR_URL, whatever it holds", () => {
    for (const url of ["https://editor:hun/ter2@edit.example.com", "https://editor:hun#ter2@edit.example.com", "https://editor:hun?ter2@edit.example.com", "https://editor:hun@ter2@edit.example.com", "editor:hunter2@edit.example.com/x"]) {
      expect(redactUrl(url), url).not.toMatch(/hun|ter2/);
      expect(() => loadEditorConfig({ ...valid, EDITOR_URL: url }), url).toThrow(/EDITOR_URL/);
      try {
        loadEditorConfig({ ...valid, EDITOR_URL: url });
      } catch (error) {
        expect((error as Error).message, url).not.toMatch(/hun|ter2/);
      }
    }
    expect(redactUrl("https://edit.example.com/x")).toBe("https://edit.example.com/x");
  });
});
