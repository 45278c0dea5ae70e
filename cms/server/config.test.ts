import { describe, expect, it } from "vitest";
import { loadEditorConfig } from "./config";

const valid = {
  EDITOR_URL: "https://edit.example.com",
  EDITOR_REPO: "acme/site",
  KEYSTATIC_GITHUB_CLIENT_ID: "Iv23liExample",
  KEYSTATIC_GITHUB_CLIENT_SECRET: "secret",
  KEYSTATIC_SECRET: "x".repeat(32),
};

describe("the live editor's settings", () => {
  it("start with the documented variables and safe defaults", () => {
    const config = loadEditorConfig(valid);
    expect(config).toMatchObject({ port: 8788, host: "0.0.0.0", repo: "acme/site", branchPrefix: undefined, allowedUsers: undefined, staticDir: "build/editor" });
    expect(config.url.origin).toBe("https://edit.example.com");
    expect(loadEditorConfig({ ...valid, EDITOR_ALLOWED_USERS: " Alice, bob-2 ", EDITOR_BRANCH_PREFIX: "content/" })).toMatchObject({ allowedUsers: ["alice", "bob-2"], branchPrefix: "content/" });
  });

  it("refuse to start, naming every problem, when one is missing or weak", () => {
    expect(() => loadEditorConfig({})).toThrow(/EDITOR_URL is not set[\s\S]*EDITOR_REPO is not set[\s\S]*KEYSTATIC_GITHUB_CLIENT_ID is not set[\s\S]*KEYSTATIC_GITHUB_CLIENT_SECRET is not set[\s\S]*KEYSTATIC_SECRET is not set/);
    expect(() => loadEditorConfig({ ...valid, KEYSTATIC_SECRET: "short-secret" })).toThrow("KEYSTATIC_SECRET must be at least 32 characters");
    expect(() => loadEditorConfig({ ...valid, EDITOR_URL: "http://edit.example.com" })).toThrow("EDITOR_URL must be https");
    expect(() => loadEditorConfig({ ...valid, EDITOR_URL: "https://example.com/edit" })).toThrow("EDITOR_URL must be an origin");
    expect(() => loadEditorConfig({ ...valid, EDITOR_REPO: "acme" })).toThrow("EDITOR_REPO must be owner/name");
    for (const repo of ["../..", "acme/..", "acme/.", "-acme/site"]) expect(() => loadEditorConfig({ ...valid, EDITOR_REPO: repo }), repo).toThrow("EDITOR_REPO must be owner/name");
    expect(() => loadEditorConfig({ ...valid, EDITOR_URL: "https://user:pass@edit.example.com" })).toThrow("EDITOR_URL must be an origin");
    expect(() => loadEditorConfig({ ...valid, EDITOR_ALLOWED_USERS: "alice,not a login" })).toThrow("EDITOR_ALLOWED_USERS");
    expect(loadEditorConfig({ ...valid, EDITOR_URL: "http://127.0.0.1:8788" }).url.protocol).toBe("http:");
  });
});
