// @vitest-environment node
import { makeGenericAPIRouteHandler } from "@keystatic/core/api/generic";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type FakeGitHub, startFakeGitHub } from "../../test/support/fake-github";
import { keystaticRoute } from "../keystatic-route";
import { type EditorServerConfig, loadEditorConfig } from "./config";
import { type KeystaticHandler, safeSignIn } from "./sign-in";

/*
 * Keystatic's own route handler behind the editor's sign-in wrapper, on the public https origin the browser
 * tests cannot use, against the fake GitHub (reached through the same fetch preload as the editor server),
 * which keeps GitHub's documented token rules: a refresh token works once and ends the access token issued
 * with it; deleting the grant ends every token of the user for the app; deleting one access token does not
 * end its refresh token.
 */
const app = { clientId: "Iv23liFakeEditorApp", clientSecret: "fake-client-secret" };
const origin = "https://edit.example.com";
const config = loadEditorConfig({
  EDITOR_URL: origin,
  EDITOR_REPO: "acme/site",
  KEYSTATIC_GITHUB_CLIENT_ID: app.clientId,
  KEYSTATIC_GITHUB_CLIENT_SECRET: app.clientSecret,
  KEYSTATIC_SECRET: "2c2babedcff242b3e11f9b2241fa5338eeada956d61ca516326299b3476807ef",
});
const quiet = { info: () => {}, warn: () => {} };
let github: FakeGitHub;

beforeAll(async () => {
  github = await startFakeGitHub({ owner: "acme", name: "site", ...app });
  github.state.callbackUrl = `${origin}/api/keystatic/github/oauth/callback`;
  process.env.FAKE_GITHUB_URL = github.url;
  await import("../../test/support/github-fetch-preload.mjs");
});
afterAll(() => github?.stop());
beforeEach(() => {
  github.state.signInAs = "content-editor";
  github.state.ids["content-editor"] = 1001;
  github.state.userStatus = undefined;
});

const handler = makeGenericAPIRouteHandler({ config: { storage: { kind: "github", repo: "acme/site" } }, ...app, secret: config.secret }) as unknown as KeystaticHandler;
const api = safeSignIn(handler, config, quiet);
const req = (path: string, init: RequestInit = {}) => new Request(`${origin}/api/keystatic/${path}`, init);
/** A POST as the editor's own page sends it. */
const post = (path: string, cookie: string, headers: Record<string, string> = { origin, "sec-fetch-site": "same-origin" }) => req(path, { method: "POST", headers: { cookie, ...headers } });
/** The browser's cookie jar after a response: "name=value; …" of the cookies it set and did not expire. */
const jar = (response: Response) => response.headers.getSetCookie().filter((value) => !/Max-Age=0/.test(value)).map((value) => value.split(";")[0]!).join("; ");
const expired = (response: Response) => response.headers.getSetCookie().filter((value) => /Max-Age=0/.test(value)).map((value) => value.split("=")[0]).sort();
const accessOf = (cookie: string) => /keystatic-gh-access-token=([^;]+)/.exec(cookie)?.[1];

/** Sign-in through GitHub: the callback's response (the state cookie of the login sent back, as a browser does). */
async function callback(signIn = api, from = "") {
  const login = await signIn(req(`github/login${from}`));
  const approved = await fetch(new URL(login.headers.get("location")!), { redirect: "manual" });
  return signIn(new Request(approved.headers.get("location")!, { headers: { cookie: jar(login) } }));
}
/** A signed-in browser's cookies ("name=value; …"). */
const signedIn = async (signIn = api) => jar(await callback(signIn));

describe("cookies", () => {
  it("the server's own are __Host- (host-only, Path=/, Secure), HttpOnly and SameSite=Lax; Keystatic's page reads only the access token", async () => {
    expect(process.env.NODE_ENV).not.toBe("production");
    const login = await api(req("github/login"));
    const authorize = new URL(login.headers.get("location")!);
    const state = authorize.searchParams.get("state")!;
    expect(authorize.searchParams.get("redirect_uri")).toBe(`${origin}/api/keystatic/github/oauth/callback`);
    expect(login.headers.getSetCookie()).toEqual([`__Host-editor-oauth-state=${state}; Path=/; Max-Age=600; HttpOnly; Secure; SameSite=Lax`]);

    const signed = await callback();
    expect(signed.status).toBe(307);
    const set = signed.headers.getSetCookie().filter((value) => !/Max-Age=0/.test(value));
    expect(set.map((cookie) => cookie.split("=")[0])).toEqual(["keystatic-gh-access-token", "__Host-editor-refresh"]);
    for (const cookie of set) {
      expect(cookie).toMatch(/; Path=\/(;|$)/);
      expect(cookie).toMatch(/; Secure(;|$)/);
      expect(cookie).toMatch(/; SameSite=Lax/i);
      expect(cookie).not.toMatch(/; Domain=/i);
    }
    expect(set[1]).toMatch(/; HttpOnly/);
    expect(expired(signed)).toContain("__Host-editor-oauth-state");
    // The new refresh cookie is not expired in the same answer (the browser keeps the last Set-Cookie of a name).
    expect(expired(signed)).not.toContain("__Host-editor-refresh");
  });

  it("a state planted under the old name, or a second copy of a cookie the editor reads, signs nobody in", async () => {
    // The attacker's own sign-in, stopped at GitHub's answer: a code and a state of theirs.
    const theirs = await api(req("github/login"));
    const answer = (await fetch(new URL(theirs.headers.get("location")!), { redirect: "manual" })).headers.get("location")!;
    const attackerState = new URL(answer).searchParams.get("state")!;
    const exchanges = () => github.state.calls.filter((call) => call.endsWith("authorization_code")).length;
    const before = exchanges();
    const mine = jar(await api(req("github/login")));
    // A sibling host can set `editor-oauth-state` for the whole domain; it cannot set a __Host- cookie.
    for (const cookie of [`editor-oauth-state=${attackerState}`, `editor-oauth-state=${attackerState}; ${mine}`, `${mine}; __Host-editor-oauth-state=${attackerState}`]) {
      const response = await api(new Request(answer, { headers: { cookie } }));
      expect(response.status, cookie).toBeGreaterThanOrEqual(400);
      expect(jar(response), cookie).not.toContain("keystatic-gh-access-token");
    }
    expect(exchanges()).toBe(before);

    const browser = await signedIn();
    const planted = `keystatic-gh-access-token=ghu_planted; ${browser}`;
    for (const request of [post("github/refresh-token", planted), post("github/logout", planted), req("github/login", { headers: { cookie: planted } })]) {
      const response = await api(request);
      expect(response.status).toBe(400);
      const text = await response.text();
      expect(text).toContain("two cookies named keystatic-gh-access-token");
      expect(text).toContain("https://github.com/settings/applications");
    }
    expect(github.tokenIsValid(accessOf(browser)!)).toBe(true);
  });

  it("Keystatic's `from` is bounded and kept in the state cookie: no cookie per link, and the editor opens where it was", async () => {
    const bomb = await api(req(`github/login?from=branch/${"a".repeat(4000)}`));
    expect(bomb.headers.getSetCookie()).toHaveLength(1);
    expect(bomb.headers.getSetCookie()[0]!.length).toBeLessThan(200);
    for (const from of ["branch/main/../../x%0d%0a", "https://attacker.example/", "branch/main/singleton/home\u0000"]) {
      expect((await api(req(`github/login?from=${encodeURIComponent(from)}`))).headers.getSetCookie()[0]!.length, from).toBeLessThan(200);
    }
    const landed = await callback(api, "?from=branch/main/singleton/home");
    expect(landed.headers.get("location")).toBe("/keystatic/branch/main/singleton/home");
    // Keystatic's page encodes each segment (a branch name holds "/"), then the whole as a query value.
    const branch = await callback(api, `?${new URLSearchParams({ from: "branch/content%2Fux.v2/collection/services/item/ux-design" })}`);
    expect(branch.headers.get("location")).toBe("/keystatic/branch/content%2Fux.v2/collection/services/item/ux-design");
    // A `ks-*` cookie left by an earlier version is expired at the callback.
    const login = await api(req("github/login"));
    const approved = await fetch(new URL(login.headers.get("location")!), { redirect: "manual" });
    const done = await api(new Request(approved.headers.get("location")!, { headers: { cookie: `${jar(login)}; ks-0123abcd=branch/main` } }));
    expect(expired(done)).toContain("ks-0123abcd");
  });

  it("reads the route as Keystatic does, so no spelling of the callback's path gets around the state check", async () => {
    for (const path of ["/api/keystatic/github/oauth/callback", "/api/keystatic//github/oauth/callback/", "/api/keystaticgithub/oauth/callback", "/api/keystatic/github/%6fauth/callback"]) {
      expect(keystaticRoute(path), path).toBe("github/oauth/callback");
    }
    expect(keystaticRoute("/api/keystatic/github/%E0%A4%A")).toBeUndefined();
    expect((await api(req("github/oauth/callback?code=abc&state=%E0", { headers: { cookie: "__Host-editor-oauth-state=%E0%A4%A" } }))).status).toBe(403);
  });
});

describe("methods", () => {
  it("each route answers only the method Keystatic uses on it (405 otherwise); a POST only from the editor's own page", async () => {
    const cases: [string, string[]][] = [["github/login", ["GET"]], ["github/oauth/callback", ["GET"]], ["github/repo-not-found", ["GET"]], ["github/refresh-token", ["POST"]], ["github/logout", ["GET", "POST"]]];
    for (const [route, allowed] of cases) {
      for (const method of ["GET", "HEAD", "POST", "PUT", "DELETE", "PATCH", "OPTIONS"].filter((m) => !allowed.includes(m))) {
        const response = await api(req(route, { method }));
        expect(response.status, `${method} ${route}`).toBe(405);
        expect(response.headers.get("allow"), route).toBe(allowed.join(", "));
      }
    }
    expect((await api(req("github/created-app"))).status).toBe(404);

    const browser = await signedIn();
    for (const headers of <Record<string, string>[]>[{ origin: "https://example.com" }, { origin: "https://attacker.example", "sec-fetch-site": "cross-site" }, { "sec-fetch-site": "same-site" }, {}]) {
      for (const route of ["github/logout", "github/refresh-token"]) {
        const response = await api(post(route, browser, headers));
        expect(response.status, `${route} ${JSON.stringify(headers)}`).toBe(403);
        expect(response.headers.getSetCookie()).toEqual([]);
      }
    }
    expect(github.tokenIsValid(accessOf(browser)!)).toBe(true);
    // With Referrer-Policy no-referrer a browser sends `Origin: null`; Sec-Fetch-Site still says same-origin.
    expect((await api(post("github/refresh-token", browser, { origin: "null", "sec-fetch-site": "same-origin" }))).status).toBe(200);
  });

  it("GET logout only asks: a page whose button POSTs, and nothing is revoked or cleared", async () => {
    const browser = await signedIn();
    const response = await api(req("github/logout", { headers: { cookie: browser } }));
    expect(response.status).toBe(200);
    expect(response.headers.getSetCookie()).toEqual([]);
    expect(await response.text()).toMatch(/<form method="post" action="\/api\/keystatic\/github\/logout"><button type="submit">Sign out<\/button>/);
    expect(github.tokenIsValid(accessOf(browser)!)).toBe(true);
  });
});

describe("sign-out ends the grant whatever cookies remain", () => {
  const refreshOnly = (cookie: string) => cookie.split("; ").filter((pair) => pair.startsWith("__Host-editor-refresh=")).join("; ");

  it("a refresh token works once and ends the access token issued with it, as GitHub documents", async () => {
    const browser = await signedIn();
    const renewed = await api(post("github/refresh-token", browser));
    expect(renewed.status).toBe(200);
    expect(github.tokenIsValid(accessOf(browser)!)).toBe(false);
    expect((await api(post("github/refresh-token", refreshOnly(browser)))).status).toBe(401);
  });

  for (const [what, cookies] of [
    ["with both cookies", (browser: string) => browser],
    ["with only the refresh cookie (an idle tab after 8 hours)", refreshOnly],
  ] as const) {
    it(`${what}: no token of the sign-in is left, and a copy of the refresh cookie buys nothing`, async () => {
      const browser = await signedIn();
      expect(github.liveTokens("content-editor")).toBeGreaterThan(0);
      const response = await api(post("github/logout", cookies(browser)));
      expect(response.status).toBe(303);
      expect(response.headers.get("location")).toBe("/signed-out");
      expect(expired(response)).toEqual(expect.arrayContaining(["__Host-editor-refresh", "keystatic-gh-access-token"]));
      expect(github.liveTokens("content-editor")).toBe(0);
      expect((await api(post("github/refresh-token", refreshOnly(browser)))).status).toBe(401);
    });
  }

  it("a browser signed in before the __Host- names (Keystatic's own refresh cookie) is signed out as fully", async () => {
    const browser = refreshOnly(await signedIn()).replace("__Host-editor-refresh=", "keystatic-gh-refresh-token=");
    const response = await api(post("github/logout", browser));
    expect(response.headers.get("location")).toBe("/signed-out");
    expect(expired(response)).toContain("keystatic-gh-refresh-token");
    expect(github.liveTokens("content-editor")).toBe(0);
  });

  it("when GitHub cannot confirm it, the cookies are cleared and the page says so", async () => {
    const browser = await signedIn();
    // The refresh token was already spent elsewhere (a copy of the cookie), and the access token with it.
    await api(post("github/refresh-token", browser));
    const warnings: Record<string, unknown>[] = [];
    const signOut = safeSignIn(handler, config, { info: () => {}, warn: (fields) => warnings.push(fields) });
    const response = await signOut(post("github/logout", browser));
    expect(response.headers.get("location")).toBe("/signed-out?github=unconfirmed");
    expect(expired(response)).toEqual(expect.arrayContaining(["__Host-editor-refresh", "keystatic-gh-access-token"]));
    expect(warnings).toContainEqual(expect.objectContaining({ msg: "editor sign-out not confirmed by GitHub" }));

    const another = await signedIn();
    const realFetch = globalThis.fetch;
    globalThis.fetch = () => Promise.reject(new TypeError("fetch failed"));
    try {
      const offline = await signOut(post("github/logout", another));
      expect(offline.headers.get("location")).toBe("/signed-out?github=unconfirmed");
      expect(expired(offline)).toEqual(expect.arrayContaining(["__Host-editor-refresh", "keystatic-gh-access-token"]));
    } finally {
      globalThis.fetch = realFetch;
    }
  });
});

describe("EDITOR_ALLOWED_USERS, by GitHub account id", () => {
  const listed: EditorServerConfig = { ...config, allowedUsers: [{ login: "content-editor", id: 1001 }] };

  it("lets the listed account in, even renamed, and refuses another account under the listed login (its grant deleted)", async () => {
    const restricted = safeSignIn(handler, listed, quiet);
    expect((await callback(restricted)).status).toBe(307);

    github.state.ids["content-editor"] = 2002; // the login was freed and taken by someone else
    const taken = await callback(restricted);
    expect(taken.status).toBe(403);
    expect(await taken.text()).toContain("content-editor is not one of the editor's users");
    expect(jar(taken)).not.toContain("keystatic-gh-access-token");
    expect(github.liveTokens("content-editor")).toBe(0);

    github.state.ids["content-editor"] = 1001;
    github.state.signInAs = "another-editor";
    github.state.ids["another-editor"] = 1001; // the listed account renamed: still its id
    expect((await callback(restricted)).status).toBe(307);
    github.state.ids["another-editor"] = 1002;
  });

  it("refuses a renewal with the refresh token to anyone not on the list, as it refuses their sign-in", async () => {
    for (const route of ["github/refresh-token", "github/repo-not-found"]) {
      const browser = await signedIn();
      github.state.ids["content-editor"] = 2002;
      const restricted = safeSignIn(handler, listed, quiet);
      const response = await restricted(route === "github/refresh-token" ? post(route, browser) : req(route, { headers: { cookie: browser } }));
      github.state.ids["content-editor"] = 1001;
      expect(response.status, route).toBe(403);
      expect(jar(response), route).not.toContain("keystatic-gh-access-token");
      expect(expired(response), route).toEqual(expect.arrayContaining(["__Host-editor-refresh", "keystatic-gh-access-token"]));
      expect(github.liveTokens("content-editor"), route).toBe(0);
    }
  });

  it("when GitHub's /user fails, says GitHub could not be reached and signs nobody in", async () => {
    const restricted = safeSignIn(handler, listed, quiet);
    github.state.userStatus = 502;
    const response = await callback(restricted);
    expect(response.status).toBe(503);
    expect(await response.text()).toContain("GitHub could not be reached to confirm who you are, so nobody was signed in. Try again in a minute.");
    expect(jar(response)).not.toContain("keystatic-gh-access-token");
    expect(jar(response)).not.toContain("__Host-editor-refresh");
  });
});

describe("the hostile review's findings", () => {
  const refreshOnly = (cookie: string) => cookie.split("; ").filter((pair) => pair.startsWith("__Host-editor-refresh=")).join("; ");

  it("sign-out with a planted access token of another account still ends this browser's own grant (its refresh cookie)", async () => {
    const victim = await signedIn();
    github.state.signInAs = "another-editor";
    const attacker = await signedIn();
    github.state.signInAs = "content-editor";
    const planted = `${refreshOnly(victim)}; keystatic-gh-access-token=${accessOf(attacker)}`;
    const response = await api(new Request(`${origin}/api/keystatic/github/logout`, { method: "POST", headers: { cookie: planted, origin, "sec-fetch-site": "same-origin" } }));
    expect(response.headers.get("location")).toBe("/signed-out");
    expect(github.liveTokens("content-editor")).toBe(0);
    expect((await api(post("github/refresh-token", refreshOnly(victim)))).status).toBe(401);
    // The planted cookie's own path is expired too (a host-only copy there would be read first).
    expect(response.headers.getSetCookie()).toContain("keystatic-gh-access-token=; Path=/api/keystatic/github/logout; Max-Age=0; HttpOnly; Secure; SameSite=Lax");
  });

  it("a state with a character outside ASCII is refused (403), never an error", async () => {
    const login = jar(await api(req("github/login")));
    const expected = /__Host-editor-oauth-state=([\da-f]{40})/.exec(login)![1]!;
    const response = await api(new Request(`${origin}/api/keystatic/github/oauth/callback?code=x&state=${encodeURIComponent(`${expected.slice(0, 39)}é`)}`, { headers: { cookie: login } }));
    expect(response.status).toBe(403);
  });

  it("a `from` outside ASCII is dropped; an answer that cannot be sent after the code exchange deletes the new grant (400)", async () => {
    const landed = await callback(api, `?from=${encodeURIComponent("branch/€")}`);
    expect(landed.status).toBe(307);
    expect(landed.headers.get("location")).toBe("/keystatic");
    const broken: KeystaticHandler = async (request) => {
      const result = await handler(request);
      if (!request.url.includes("oauth/callback")) return result;
      return { ...result, headers: [...((result.headers ?? []) as [string, string][]), ["x-landing", "/keystatic/branch/€"]] };
    };
    const response = await callback(safeSignIn(broken, config, quiet));
    expect(response.status).toBe(400);
    expect(jar(response)).not.toContain("keystatic-gh-access-token");
    expect(github.liveTokens("content-editor")).toBe(0);
  });

  it("GitHub not answering in time: 503, nobody signed in, and a grant obtained late is deleted", async () => {
    const listed: EditorServerConfig = { ...config, allowedUsers: [{ login: "content-editor", id: 1001 }] };
    const impatient = safeSignIn(handler, listed, quiet, { githubTimeoutMs: 200 });
    try {
      github.state.userDelayMs = 1000;
      const slowUser = await callback(impatient);
      expect(slowUser.status).toBe(503);
      expect(jar(slowUser)).not.toContain("keystatic-gh-access-token");
      github.state.userDelayMs = 0;
      github.state.tokenDelayMs = 600;
      const slowToken = await callback(impatient);
      expect(slowToken.status).toBe(503);
      expect(await slowToken.text()).toContain("GitHub could not be reached");
      expect(jar(slowToken)).not.toContain("keystatic-gh-access-token");
      await new Promise((wait) => setTimeout(wait, 1000));
      expect(github.liveTokens("content-editor")).toBe(0);
    } finally {
      github.state.userDelayMs = 0;
      github.state.tokenDelayMs = 0;
    }
  });

  it("repo-not-found from another site spends nothing (it would renew the token)", async () => {
    const browser = await signedIn();
    const response = await api(req("github/repo-not-found", { headers: { cookie: browser, "sec-fetch-site": "cross-site" } }));
    expect(response.status).toBe(403);
    expect(github.tokenIsValid(accessOf(browser)!)).toBe(true);
    const own = await api(req("github/repo-not-found", { headers: { cookie: browser, "sec-fetch-site": "same-origin" } }));
    expect(own.status).toBe(307);
  });
});

describe("input a visitor controls", () => {
  it("never makes a 5xx: odd states, `from`s and cookies are refused or ignored", async () => {
    const login = jar(await api(req("github/login")));
    const state = /__Host-editor-oauth-state=([\da-f]{40})/.exec(login)![1]!;
    const requests = [
      req(`github/oauth/callback?code=x&state=${encodeURIComponent(`${state.slice(0, 39)}é`)}`, { headers: { cookie: login } }),
      req(`github/oauth/callback?code=x&state=${state}`, { headers: { cookie: `__Host-editor-oauth-state=${state}.branch%2F%E2%82%AC` } }),
      req(`github/oauth/callback?code=x&state=${state}&error_description=${encodeURIComponent("€\r\n")}`, { headers: { cookie: login } }),
      req(`github/login?from=${encodeURIComponent("branch/\u20ac/singleton/\u00e9")}`),
      req("github/repo-not-found", { headers: { cookie: "__Host-editor-refresh=%E2%82%AC%ZZ; keystatic-gh-refresh-token=\u00e9" } }),
      post("github/refresh-token", "__Host-editor-refresh=not-encrypted"),
      post("github/logout", "__Host-editor-refresh=not-encrypted; keystatic-gh-access-token=%FF"),
    ];
    for (const request of requests) expect((await api(request)).status, request.url).toBeLessThan(500);
  });
});
