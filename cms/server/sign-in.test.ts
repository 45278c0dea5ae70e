// @vitest-environment node
import { makeGenericAPIRouteHandler } from "@keystatic/core/api/generic";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeGitHub, startFakeGitHub } from "../../e2e/support/fake-github";
import { loadEditorConfig } from "./config";
import { keystaticRoute } from "../keystatic-route";
import { type KeystaticHandler, safeSignIn } from "./sign-in";

/*
 * Keystatic's own route handler behind the editor's sign-in wrapper, on the public https origin the browser
 * tests cannot use, against the fake GitHub (reached through the same fetch preload as the editor server).
 */
const app = { clientId: "Iv23liFakeEditorApp", clientSecret: "fake-client-secret" };
const config = loadEditorConfig({
  EDITOR_URL: "https://edit.example.com",
  EDITOR_REPO: "acme/site",
  KEYSTATIC_GITHUB_CLIENT_ID: app.clientId,
  KEYSTATIC_GITHUB_CLIENT_SECRET: app.clientSecret,
  KEYSTATIC_SECRET: "a-test-secret-of-more-than-32-characters",
});
const quiet = { info: () => {}, warn: () => {} };
let github: FakeGitHub;

beforeAll(async () => {
  github = await startFakeGitHub({ owner: "acme", name: "site", ...app });
  github.state.callbackUrl = "https://edit.example.com/api/keystatic/github/oauth/callback";
  process.env.FAKE_GITHUB_URL = github.url;
  await import("../../e2e/support/github-fetch-preload.mjs");
});
afterAll(() => github?.stop());

const handler = makeGenericAPIRouteHandler({ config: { storage: { kind: "github", repo: "acme/site" } }, ...app, secret: config.secret }) as unknown as KeystaticHandler;
const api = safeSignIn(handler, config, quiet);

describe("sign-in on an https origin", () => {
  it("sets every cookie Secure, host-only and SameSite=Lax, whatever NODE_ENV says", async () => {
    expect(process.env.NODE_ENV).not.toBe("production");
    const login = await api(new Request("https://edit.example.com/api/keystatic/github/login"));
    const authorize = new URL(login.headers.get("location")!);
    const state = authorize.searchParams.get("state")!;
    expect(authorize.searchParams.get("redirect_uri")).toBe("https://edit.example.com/api/keystatic/github/oauth/callback");
    expect(login.headers.getSetCookie()).toEqual([`editor-oauth-state=${state}; Path=/api/keystatic/github; Max-Age=600; HttpOnly; SameSite=Lax; Secure`]);

    const approved = await fetch(authorize, { redirect: "manual" });
    const callback = await api(new Request(approved.headers.get("location")!, { headers: { cookie: `editor-oauth-state=${state}` } }));
    expect(callback.status).toBe(307);
    const cookies = callback.headers.getSetCookie();
    expect(cookies.map((cookie) => cookie.split("=")[0])).toEqual(["keystatic-gh-access-token", "keystatic-gh-refresh-token", "editor-oauth-state"]);
    for (const cookie of cookies) {
      expect(cookie).toMatch(/; Secure(;|$)/);
      expect(cookie).toMatch(/; SameSite=Lax/i);
      expect(cookie).not.toMatch(/; Domain=/i);
    }
    expect(cookies[1]).toMatch(/; HttpOnly/);
  });

  it("puts the state on every way to GitHub's authorize page, Keystatic's repo-not-found route included", async () => {
    for (const path of ["github/login?from=branch/main/singleton/home", "github/repo-not-found", "github//login/"]) {
      const response = await api(new Request(`https://edit.example.com/api/keystatic/${path}`));
      const state = new URL(response.headers.get("location")!).searchParams.get("state");
      expect(state, path).toMatch(/^[\da-f]{20,}$/);
      expect(response.headers.getSetCookie(), path).toContain(`editor-oauth-state=${state}; Path=/api/keystatic/github; Max-Age=600; HttpOnly; SameSite=Lax; Secure`);
    }
  });

  it("refuses a callback with a garbled state cookie as any other (403, never an error)", async () => {
    const response = await api(new Request("https://edit.example.com/api/keystatic/github/oauth/callback?code=abc&state=%E0", { headers: { cookie: "editor-oauth-state=%E0%A4%A" } }));
    expect(response.status).toBe(403);
  });

  it("reads the route as Keystatic does, so no spelling of the callback's path gets around the state check", () => {
    for (const path of ["/api/keystatic/github/oauth/callback", "/api/keystatic//github/oauth/callback/", "/api/keystaticgithub/oauth/callback", "/api/keystatic/github/%6fauth/callback"]) {
      expect(keystaticRoute(path), path).toBe("github/oauth/callback");
    }
    expect(keystaticRoute("/api/keystatic/github/%E0%A4%A")).toBeUndefined();
  });
});

describe("EDITOR_ALLOWED_USERS and sign-out", () => {
  /** A signed-in browser's cookies ("name=value; …"), through the wrapper without a list of users. */
  async function signedIn() {
    const login = await api(new Request("https://edit.example.com/api/keystatic/github/login"));
    const authorize = new URL(login.headers.get("location")!);
    const approved = await fetch(authorize, { redirect: "manual" });
    const cookie = `editor-oauth-state=${authorize.searchParams.get("state")}`;
    const callback = await api(new Request(approved.headers.get("location")!, { headers: { cookie } }));
    return callback.headers.getSetCookie().map((value) => value.split(";")[0]!).filter((pair) => !pair.startsWith("editor-oauth-state")).join("; ");
  }
  const expired = (response: Response) => response.headers.getSetCookie().filter((value) => /Max-Age=0/.test(value)).map((value) => value.split("=")[0]).sort();

  it("refuses a renewal with the refresh token to anyone not on the list, as it refuses their sign-in", async () => {
    const restricted = safeSignIn(handler, { ...config, allowedUsers: ["someone-else"] }, quiet);
    for (const route of ["github/refresh-token", "github/repo-not-found"]) {
      const cookie = await signedIn();
      const revoked = github.state.revoked.length;
      const response = await restricted(new Request(`https://edit.example.com/api/keystatic/${route}`, { method: route === "github/refresh-token" ? "POST" : "GET", headers: { cookie } }));
      expect(response.status, route).toBe(403);
      expect(response.headers.getSetCookie().filter((value) => /^keystatic-gh-access-token=[^;]/.test(value)), route).toEqual([]);
      expect(expired(response), route).toEqual(["keystatic-gh-access-token", "keystatic-gh-refresh-token"]);
      expect(github.state.revoked.length, route).toBe(revoked + 1);
      expect(github.tokenIsValid(github.state.revoked.at(-1)!), route).toBe(false);
    }
    // Someone on the list (any case) renews as before.
    const allowed = safeSignIn(handler, { ...config, allowedUsers: ["content-editor"] }, quiet);
    const renewed = await allowed(new Request("https://edit.example.com/api/keystatic/github/refresh-token", { method: "POST", headers: { cookie: await signedIn() } }));
    expect(renewed.status).toBe(200);
  });

  it("signs out, clearing both cookies, even when GitHub cannot be reached to revoke the token, and says so in the log", async () => {
    const cookie = await signedIn();
    const warnings: Record<string, unknown>[] = [];
    const signOut = safeSignIn(handler, config, { info: () => {}, warn: (fields) => warnings.push(fields) });
    const realFetch = globalThis.fetch;
    globalThis.fetch = () => Promise.reject(new TypeError("fetch failed"));
    try {
      const response = await signOut(new Request("https://edit.example.com/api/keystatic/github/logout", { headers: { cookie } }));
      expect(response.status).toBe(307);
      expect(response.headers.get("location")).toBe("/signed-out");
      expect(expired(response)).toEqual(["keystatic-gh-access-token", "keystatic-gh-refresh-token"]);
    } finally {
      globalThis.fetch = realFetch;
    }
    expect(warnings).toEqual([expect.objectContaining({ msg: "editor token revoke failed" })]);
  });
});
