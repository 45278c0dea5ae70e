// @vitest-environment node
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliCompressSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "./app";
import { loadConfig } from "../config";
import { createLogger } from "../logger";
import { StaticSite } from "./static-site";

let root: string;
let outside: string;
const page = "<!doctype html><title>Home</title>" + "x".repeat(600);

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), "static-site-"));
  outside = mkdtempSync(join(tmpdir(), "static-outside-"));
  writeFileSync(join(outside, "secret.txt"), "not part of the site");
  writeFileSync(join(root, "index.html"), page);
  writeFileSync(join(root, "index.html.br"), brotliCompressSync(page));
  writeFileSync(join(root, "index.html.gz"), gzipSync(page));
  mkdirSync(join(root, "404"));
  writeFileSync(join(root, "404", "index.html"), "<!doctype html><title>404</title>");
  mkdirSync(join(root, "assets"));
  writeFileSync(join(root, "assets", "app.js"), "console.log(1)");
  // Odd entries a deploy can leave behind: none of them may stop the server from starting.
  mkdirSync(join(root, "assets", "app.js.br"));
  symlinkSync(join(root, "assets"), join(root, "assets-link"));
  symlinkSync(join(root, "assets"), join(root, "assets", "loop"));
  symlinkSync(join(root, "missing.js"), join(root, "dangling.js"));
  symlinkSync(join(outside, "secret.txt"), join(root, "secret.txt"));
  symlinkSync(join(root, "index.html"), join(root, "home.html"));
});
afterAll(() => {
  rmSync(root, { recursive: true, force: true });
  rmSync(outside, { recursive: true, force: true });
});

describe("StaticSite", () => {
  it("starts despite folders, loops and dangling links where files are expected, and says what it skipped", () => {
    const skipped: string[] = [];
    const site = new StaticSite(root, (path, reason) => skipped.push(`${path.slice(root.length)}: ${reason}`));
    expect(site.lookup("/assets/app.js")?.br).toBeUndefined();
    expect(site.lookup("/assets/app.js")?.body.toString()).toBe("console.log(1)");
    expect(site.lookup("/home.html")?.body.toString()).toBe(page);
    // Never serves what a link points at outside the build.
    expect(site.lookup("/secret.txt")).toBeUndefined();
    expect(skipped.sort()).toEqual(["/assets-link: symlink to a folder", "/assets/loop: symlink to a folder", "/dangling.js: dangling symlink", "/secret.txt: symlink out of the build"]);
  });
});

describe("static files over the app", () => {
  const app = () => createApp({ config: loadConfig({ STATIC_DIR: root }), site: new StaticSite(root, () => {}), log: createLogger("silent") });
  const get = (headers: Record<string, string>) => app().request("/", { headers });

  it("honours q=0 for brotli and gzip", async () => {
    expect((await get({ "Accept-Encoding": "gzip, deflate, br" })).headers.get("content-encoding")).toBe("br");
    expect((await get({ "Accept-Encoding": "br;q=0, gzip" })).headers.get("content-encoding")).toBe("gzip");
    expect((await get({ "Accept-Encoding": "br;q=0.5, gzip;q=0.8" })).headers.get("content-encoding")).toBe("gzip");
    const none = await get({ "Accept-Encoding": "br;q=0, gzip;q=0" });
    expect(none.headers.get("content-encoding")).toBeNull();
    expect(await none.text()).toBe(page);
    expect((await get({ "Accept-Encoding": "*;q=0" })).headers.get("content-encoding")).toBeNull();
    expect((await get({ "Accept-Encoding": "*" })).headers.get("content-encoding")).toBe("br");
  });

  it("gives each encoding its own ETag, and answers 304 only for the one the client holds", async () => {
    const br = (await get({ "Accept-Encoding": "br" })).headers.get("etag")!;
    const gzip = (await get({ "Accept-Encoding": "gzip" })).headers.get("etag")!;
    const plain = (await get({})).headers.get("etag")!;
    expect(new Set([br, gzip, plain]).size).toBe(3);
    expect((await get({ "Accept-Encoding": "br", "If-None-Match": br })).status).toBe(304);
    expect((await get({ "Accept-Encoding": "gzip", "If-None-Match": br })).status).toBe(200);
    expect((await get({ "Accept-Encoding": "gzip", "If-None-Match": `W/${gzip}` })).status).toBe(304);
  });
});

describe("one address per page", () => {
  let site: string;
  beforeAll(() => {
    site = mkdtempSync(join(tmpdir(), "static-pages-"));
    writeFileSync(join(site, "index.html"), page);
    for (const dir of ["404", "services/cloud-migration"]) {
      mkdirSync(join(site, dir), { recursive: true });
      writeFileSync(join(site, dir, "index.html"), `<!doctype html><title>${dir}</title>`);
    }
    mkdirSync(join(site, "assets"));
    writeFileSync(join(site, "assets", "App.js"), "console.log(1)");
  });
  afterAll(() => rmSync(site, { recursive: true, force: true }));
  const app = () => createApp({ config: loadConfig({ STATIC_DIR: site }), site: new StaticSite(site, () => {}), log: createLogger("silent") });

  it("sends another spelling of a page to its address with a 301, keeping the query", async () => {
    const cases: [string, string][] = [
      ["/SERVICES/cloud-migration", "/services/cloud-migration"],
      ["/services/Cloud-Migration?utm_source=x&a=1", "/services/cloud-migration?utm_source=x&a=1"],
      ["/services/cloud-migration/", "/services/cloud-migration"],
      ["/services/cloud-migration/index.html", "/services/cloud-migration"],
      ["/services%2Fcloud-migration", "/services/cloud-migration"],
      ["/services%2fcloud-migration/", "/services/cloud-migration"],
      ["//services//cloud-migration", "/services/cloud-migration"],
      ["/index.html", "/"],
      ["/INDEX.HTML?x=1", "/?x=1"],
    ];
    for (const [from, to] of cases) {
      const response = await app().request(from);
      expect(response.status, from).toBe(301);
      expect(response.headers.get("location"), from).toBe(to);
    }
    expect((await app().request("/services/cloud-migration")).status).toBe(200);
    expect((await app().request("/?x=1")).status).toBe(200);
  });

  it("sends a trimmed address, a folder of pages named after a home-page section, to that section with a 301", async () => {
    const cases: [string, string][] = [
      ["/services", "/#services"],
      ["/services/", "/#services"],
      ["/Services/index.html?ref=x", "/?ref=x#services"],
    ];
    for (const [from, to] of cases) {
      const response = await app().request(from);
      expect(response.status, from).toBe(301);
      expect(response.headers.get("location"), from).toBe(to);
    }
    // Only a folder that holds pages: this build has no industry page.
    expect((await app().request("/industries")).status).toBe(404);
  });

  it("never redirects off the site, nor to a page that does not exist, nor files other than pages", async () => {
    for (const path of ["//evil.com", "/%2F%2Fevil.com", "/%2f%2fevil.com/", "///evil.com/index.html", "/\\evil.com", "/%5Cevil.com", "/services/nope/", "/404/", "/404", "/ASSETS/App.js", "/assets/app.js", "/%E0%A4%A"]) {
      const response = await app().request(path);
      expect(response.status, path).toBe(404);
      expect(response.headers.get("location"), path).toBeNull();
    }
    expect((await app().request("/assets/App.js")).status).toBe(200);
  });
});
