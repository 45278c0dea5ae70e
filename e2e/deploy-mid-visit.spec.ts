import { cpSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { expect, test } from "@playwright/test";
import { PORT } from "../playwright.config";
import { startServer } from "../test/support/servers";
import { waitForHydration } from "../test/support/pages";

/*
 * A visitor with a tab open across a deploy (decision 31). The server is restarted on a second build whose
 * hashed file names differ from the first's (a real rebuild gives new hashes to what changed; here every script
 * and stylesheet gets a new name, references included), as a deploy does. The tab still holds the first build's
 * route manifest, so the click asks for the first build's code of the page it goes to.
 */

const root = resolve(import.meta.dirname, "..");

/** Every file under dir, recursively. */
const filesUnder = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => (statSync(join(dir, name)).isDirectory() ? filesUnder(join(dir, name)) : [join(dir, name)]));

/** Turns a copy of the build into "the next build": new names for its scripts and stylesheets, everywhere. */
function nextBuild(dir: string) {
  const renames = new Map<string, string>();
  for (const name of readdirSync(join(dir, "assets"))) {
    const match = /^(.+)-([\w-]{8})\.(js|css)$/.exec(name);
    if (match) renames.set(name, `${match[1]}-${match[2]!.slice(0, 4)}next.${match[3]}`);
  }
  for (const file of filesUnder(dir)) {
    // The precompressed twins would be the old bytes: a new build writes new ones; here the plain files serve.
    if (file.endsWith(".br") || file.endsWith(".gz")) {
      rmSync(file);
      continue;
    }
    if (!/\.(html|js|css|data|json)$/.test(file)) continue;
    let text = readFileSync(file, "utf8");
    for (const [from, to] of renames) text = text.split(from).join(to);
    writeFileSync(file, text);
  }
  for (const [from, to] of renames) renameSync(join(dir, "assets", from), join(dir, "assets", to));
  return renames;
}

for (const keep of [true, false]) {
  const title = keep
    ? "a tab opened before a deploy goes where the visitor clicks after it: the old code is still served"
    : "with no old code kept (PREVIOUS_ASSETS_DAYS=0), the click still lands on its target, as a full page load";
  test(title, async ({ page }) => {
    test.setTimeout(60_000);
    const work = mkdtempSync(join(root, "test-results", "deploy-"));
    const first = join(work, "first");
    const second = join(work, "second");
    cpSync(join(root, "build/client"), first, { recursive: true });
    cpSync(join(root, "build/client"), second, { recursive: true });
    const renames = nextBuild(second);
    const serviceCode = [...renames.keys()].find((name) => name.startsWith("service-"));
    expect(serviceCode).toBeDefined();

    const env = {
      PORT: String(PORT + 8 + (keep ? 0 : 1)),
      LOG_LEVEL: "info",
      DATABASE_URL: `file:${work}/leads.db`,
      PREVIOUS_ASSETS_DIR: join(work, "previous-assets"),
      PREVIOUS_ASSETS_DAYS: keep ? "7" : "0",
    };
    let server = await startServer({ ...env, STATIC_DIR: first });
    try {
      await page.goto(`${server.url}/`);
      await waitForHydration(page);
      // A tab open for a while: the code that only runs later (fetched as the page hydrates) is here too.
      await page.waitForFunction(() => performance.getEntriesByType("resource").some((entry) => entry.name.includes("/stale-code-navigation-")));

      // The deploy: the process stops and starts again on the next build (the old one is gone from its folder).
      expect(await server.stop()).toBe(0);
      rmSync(first, { recursive: true });
      server = await startServer({ ...env, STATIC_DIR: second });
      expect((await page.request.get(`${server.url}/assets/${renames.get(serviceCode!)}`)).status()).toBe(200);

      const responses: string[] = [];
      page.on("response", (response) => responses.push(`${response.status()} ${new URL(response.url()).pathname}`));
      await page.locator("#services").getByRole("link", { name: "Cloud Migration" }).click();
      await expect(page).toHaveURL(`${server.url}/services/cloud-migration`);
      await expect(page.getByRole("heading", { level: 1, name: /Cloud Migration/ })).toBeVisible();
      await waitForHydration(page);
      if (keep) {
        // It came from the kept copy of the first build, in the same document.
        expect(responses).toContain(`200 /assets/${serviceCode}`);
        expect(responses).not.toContain("200 /services/cloud-migration");
      } else {
        // The old code was gone: the page was loaded whole, from the new build.
        expect(responses).toContain(`404 /assets/${serviceCode}`);
        expect(responses).toContain("200 /services/cloud-migration");
      }
    } finally {
      await server.stop();
      rmSync(work, { recursive: true, force: true });
    }
  });
}
