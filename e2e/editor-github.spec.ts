import { expect, type BrowserContext, type Page, test } from "@playwright/test";
import { startLiveEditor } from "./support/editor";
import { type FakeGitHub, startFakeGitHub } from "./support/fake-github";

/*
 * The live editor (build/server/editor.mjs, Keystatic in GitHub mode) against a fake GitHub backed by a real
 * git repository: the browser reaches GitHub's hosts through context.route, the editor server through a
 * test-only fetch preload. Every other request outside loopback fails the test, and so does any CSP violation.
 */

test.describe.configure({ mode: "serial" });

const app = { clientId: "Iv23liFakeEditorApp", clientSecret: "fake-client-secret", secret: "a-test-secret-of-more-than-32-characters" };
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

const loopback = (url: string) => /^(https?|wss?):\/\/(127\.0\.0\.1|localhost|\[::1\])(:\d+)?\//.test(url) || /^(data|blob|about):/.test(url);
const githubHost = /^https:\/\/(github\.com|api\.github\.com|avatars\.githubusercontent\.com)\//;
let outside: string[] = [];
let violations: string[] = [];

/** GitHub's hosts answer from the fake; anything else outside loopback is recorded and refused. */
async function routeGitHub(context: BrowserContext) {
  await context.route((url) => !loopback(url.href), async (route) => {
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
test.afterEach(() => {
  expect(outside, "requests outside loopback").toEqual([]);
  expect(violations, "CSP violations").toEqual([]);
});

async function signIn(page: Page, path = "") {
  await page.goto(`${editor.url}/keystatic${path}`);
  await page.getByRole("button", { name: "Log in with GitHub" }).click();
  await expect(page.getByRole("link", { name: "Services" }).first()).toBeVisible({ timeout: 30_000 });
}

test("signing in goes through GitHub and lands in the editor", async ({ page, context }) => {
  await signIn(page);
  const cookies = await context.cookies(editor.url);
  console.log(cookies, github.state.calls);
  await page.screenshot({ path: "test-results/editor-github-1.png" });
});
