import { readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { join } from "node:path";
import { expect, type Page, test } from "@playwright/test";
import { copyContent, isLoopback, startEditor } from "../test/support/editor";
import { startDevServer } from "../test/support/servers";

/*
 * The content editor (`npm run cms`, Keystatic) on a temporary copy of app/content, beside the dev site
 * (`npm run dev`) reading the same copy. Every request the browser makes outside loopback fails the test.
 */

test.describe.configure({ mode: "serial" });

let dir: string;
let editor: Awaited<ReturnType<typeof startEditor>>;
let site: Awaited<ReturnType<typeof startDevServer>>;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  dir = copyContent();
  site = await startDevServer({ CONTENT_DIR: dir });
  editor = await startEditor({ CONTENT_DIR: dir, DEV_SITE_URL: site.url });
});

test.afterAll(async () => {
  await editor?.stop();
  await site?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

let outside: string[] = [];
test.beforeEach(async ({ context }) => {
  test.setTimeout(90_000);
  outside = [];
  // Recorded and refused, so nothing leaves the machine even when the test is about to fail.
  await context.route((url) => !isLoopback(url.href), async (route) => {
    outside.push(route.request().url());
    await route.abort("blockedbyclient");
  });
});
test.afterEach(() => expect(outside, "requests outside loopback").toEqual([]));

const read = (file: string) => readFileSync(join(dir, file), "utf8");
/** Every content file and its text, to prove a save touched one file only. */
const snapshot = () => {
  const files: Record<string, string> = {};
  const walk = (sub: string) => {
    for (const name of readdirSync(join(dir, sub))) {
      const path = sub ? `${sub}/${name}` : name;
      if (statSync(join(dir, path)).isDirectory()) walk(path);
      else files[path] = read(path);
    }
  };
  walk("");
  return files;
};
/** The lines that differ between two versions of a file with the same number of lines. */
const changedLines = (before: string, after: string) => {
  const a = before.split("\n");
  const b = after.split("\n");
  expect(b.length, "same number of lines").toBe(a.length);
  return b.flatMap((line, i) => (line === a[i] ? [] : [{ before: a[i], after: line }]));
};
/** Saves and waits for the file to change; returns every file that changed. */
async function saveAndWait(page: Page, before: Record<string, string>, file: string) {
  await page.getByRole("button", { name: "Save" }).click();
  // Keystatic writes in place (fs.writeFile: truncate, then write): on a busy machine a read can land between the
  // two and see an empty file. Wait for the whole new file, one that parses; its lines are then checked as written.
  const complete = () => {
    const text = read(file);
    try {
      JSON.parse(text);
      return text;
    } catch {
      return before[file];
    }
  };
  await expect.poll(complete, { timeout: 15_000 }).not.toBe(before[file]);
  const after = snapshot();
  return Object.keys({ ...before, ...after }).filter((path) => before[path] !== after[path]);
}
/** Opens an entry of the editor; the first visit compiles the editor, which takes a while on a busy machine. */
async function open(page: Page, path: string) {
  await page.goto(`${editor.url}/keystatic/${path}`);
  await expect(page.getByRole("button", { name: "Save" })).toBeVisible({ timeout: 60_000 });
}
const field = (page: Page, label: string) => page.getByRole("textbox", { name: label, exact: true });

test("editing a service's tagline changes one line of one file, and the dev site shows it on the next request", async ({ page, request }) => {
  await open(page, "collection/services/item/ux-design");
  await expect(page.getByRole("button", { name: "Preview" })).toHaveAttribute("href", `${site.url}/services/ux-design`);
  const tagline = "Products people understand at first use, grounded in research and tested with real users first.";
  await field(page, "Tagline").fill(tagline);
  const before = snapshot();
  expect(await saveAndWait(page, before, "services/ux-design.json")).toEqual(["services/ux-design.json"]);
  const after = read("services/ux-design.json");
  expect(changedLines(before["services/ux-design.json"]!, after)).toEqual([{ before: expect.stringContaining('"tagline": "Design products'), after: `  "tagline": "${tagline}",` }]);
  expect(after.endsWith("}\n")).toBe(true);

  const response = await request.get(`${site.url}/services/ux-design`);
  expect(await response.text()).toContain(tagline);
});

test("a value the schema refuses is refused with the schema's message, and nothing is written", async ({ page }) => {
  await open(page, "collection/services/item/cloud-migration");
  const before = snapshot();
  const summary = field(page, "Summary");
  const original = await summary.inputValue();
  await summary.fill("Too short for a card.");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Too small: expected string to have >=60 characters")).toBeVisible();
  await summary.fill(original);

  // An impact figure written as a word, in an item of a list: the item shows the schema's own message.
  const impacts = page.getByRole("grid", { name: "Impacts" });
  await impacts.getByRole("row", { name: "Cloud Savings" }).click();
  await page.getByRole("dialog").getByRole("textbox", { name: "Value", exact: true }).fill("Minutes");
  await expect(page.getByRole("dialog").getByText("must be a figure: a number with its unit, e.g. '25-40%', '$2M+', '3x', '<15 min'")).toBeVisible();
  await page.getByRole("dialog").getByRole("button", { name: "Done" }).click();
  await page.getByRole("button", { name: "Save" }).click();
  await page.waitForTimeout(1500);
  await expect(page.getByText("Unsaved")).toBeVisible();
  expect(snapshot()).toEqual(before);
});

test("the save endpoint refuses what the build refuses, deletions of pages and any other site, at every spelling of its route", async ({ request }) => {
  const before = snapshot();
  const file = JSON.parse(before["services/cloud-migration.json"]!);
  const encoded = (value: unknown) => Buffer.from(`${JSON.stringify(value, null, 2)}\n`).toString("base64url");
  const update = (data: unknown, headers: Record<string, string> = {}, route = "update", deletions: string[] = []) =>
    request.post(`${editor.url}/api/keystatic/${route}`, {
      headers: { "no-cors": "1", "content-type": "application/json", ...headers },
      data: JSON.stringify({ additions: data ? [{ path: "services/cloud-migration.json", contents: encoded(data) }] : [], deletions: deletions.map((path) => ({ path })) }),
    });
  const badFigure = { ...file, impacts: file.impacts.map((i: object, n: number) => (n === 0 ? { ...i, value: "Minutes" } : i)) };
  // Every spelling of the save route that Keystatic's handler accepts is checked.
  for (const route of ["update", "update?x", "/update", "update/"]) {
    const refused = await update(badFigure, {}, route);
    expect(refused.status(), route).toBe(422);
    expect(await refused.text()).toContain("services/cloud-migration.json: impacts.0.value: must be a figure");
  }
  const deleted = await update(undefined, {}, "update/", ["services/ux-design.json"]);
  expect(deleted.status()).toBe(422);
  expect(await deleted.text()).toContain("services/ux-design.json: a page of the site cannot be deleted");
  const unknownLogo = { ...file, capabilities: file.capabilities.map((c: { icons: string[] }, n: number) => (n === 0 ? { ...c, icons: ["notalogo", ...c.icons.slice(1)] } : c)) };
  expect(await (await update(unknownLogo)).text()).toContain('Unknown simple-icons slug "notalogo"');
  expect((await update({ ...file, summry: "typo" })).status()).toBe(422);
  expect((await update(file, { origin: "http://evil.example" })).status()).toBe(403);
  const garbled = await request.post(`${editor.url}/api/keystatic/update`, { headers: { "no-cors": "1", "content-type": "application/json" }, data: "{not json" });
  expect(garbled.status()).toBe(400);
  // A Host header is not part of the route: one that smuggles "/api/keystatic/update?" in front of another
  // route must not reach the save unchecked (a raw request: a browser cannot send such a Host).
  const smuggled = await rawPost(`${editor.url}/api/keystatic/tree`, `${new URL(editor.url).host}/api/keystatic/update?`, JSON.stringify({ additions: [{ path: "services/cloud-migration.json", contents: encoded(badFigure) }], deletions: [] }));
  expect(smuggled.status).not.toBe(200);
  expect(snapshot()).toEqual(before);
});

/** A POST with a Host header of our own, which neither browsers nor Playwright's request context send. */
function rawPost(url: string, host: string, body: string) {
  return new Promise<{ status: number; text: string }>((done, fail) => {
    const req = httpRequest(url, { method: "POST", headers: { host, "no-cors": "1", "content-type": "application/json" } }, (res) => {
      let text = "";
      res.on("data", (chunk: Buffer) => (text += chunk.toString()));
      res.on("end", () => done({ status: res.statusCode ?? 0, text }));
    });
    req.on("error", fail);
    req.end(body);
  });
}

test("a capability's title (an item of a nested list) saves into its place", async ({ page }) => {
  await open(page, "collection/services/item/application-development");
  await page.getByRole("grid", { name: "Capabilities" }).getByRole("row", { name: "APIs and Backend Services" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByRole("textbox", { name: "Title", exact: true }).fill("APIs and Backend Platforms");
  await dialog.getByRole("button", { name: "Done" }).click();
  const before = snapshot();
  expect(await saveAndWait(page, before, "services/application-development.json")).toEqual(["services/application-development.json"]);
  expect(changedLines(before["services/application-development.json"]!, read("services/application-development.json"))).toEqual([
    { before: '      "title": "APIs and Backend Services",', after: '      "title": "APIs and Backend Platforms",' },
  ]);
});

test("the home page singleton saves", async ({ page }) => {
  await open(page, "singleton/home");
  await expect(page.getByRole("button", { name: "Preview" })).toHaveAttribute("href", `${site.url}/`);
  const before = snapshot();
  await page.getByRole("group", { name: "Hero" }).getByRole("textbox", { name: "Eyebrow", exact: true }).fill("Technology services, built to endure");
  expect(await saveAndWait(page, before, "home.json")).toEqual(["home.json"]);
  expect(changedLines(before["home.json"]!, read("home.json"))).toEqual([
    { before: '    "eyebrow": "Technology services, built to last",', after: '    "eyebrow": "Technology services, built to endure",' },
  ]);
});

test("the public build and the site's server bundle carry no trace of the editor", () => {
  const traces: string[] = [];
  const walk = (path: string) => {
    if (statSync(path).isDirectory()) return readdirSync(path).forEach((name) => walk(join(path, name)));
    if (/\.(br|gz|png|webp|ico)$/.test(path)) return;
    // The live editor's own bundle (build/server/editor.mjs) is the one file there that is the editor.
    if (/^build\/server\/editor\.mjs/.test(path)) return;
    if (/keystatic|keystar\/ui|\/api\/keystatic/i.test(readFileSync(path, "utf8"))) traces.push(path);
  };
  for (const dir of ["build/client", "build/server"]) walk(dir);
  expect(traces).toEqual([]);
  expect(readdirSync("build/server").sort()).toEqual(["editor.mjs", "editor.mjs.map", "index.mjs", "index.mjs.map", "insights.mjs", "insights.mjs.map", "messages.mjs", "messages.mjs.map", "staff.mjs", "staff.mjs.map"]);
});
