// @vitest-environment node
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { keepPreviousAssets } from "./previous-assets";

const DAY = 86_400_000;
let work: string;
afterEach(() => rmSync(work, { recursive: true, force: true }));

function build(name: string, files: string[]) {
  const assets = join(work, name, "assets");
  mkdirSync(assets, { recursive: true });
  for (const file of files) writeFileSync(join(assets, file), file);
  return assets;
}

describe("keepPreviousAssets", () => {
  it("keeps a build's assets for the given days after the deploy that replaced them, then deletes them", () => {
    work = mkdtempSync(join(tmpdir(), "previous-assets-"));
    const dir = join(work, "previous");
    const first = build("first", ["service-aaaa.js", "service-aaaa.js.br", "root-cccc.js"]);
    const second = build("second", ["service-bbbb.js", "root-cccc.js"]);
    const start = Date.UTC(2026, 0, 1);

    expect(keepPreviousAssets({ buildAssets: first, dir, days: 7, now: start }).kept).toEqual(new Set());
    // Restarts with the same build long after change nothing: the clock starts at the deploy.
    keepPreviousAssets({ buildAssets: first, dir, days: 7, now: start + 30 * DAY });
    const deploy = start + 31 * DAY;
    expect(keepPreviousAssets({ buildAssets: second, dir, days: 7, now: deploy }).kept).toEqual(new Set(["service-aaaa.js", "service-aaaa.js.br"]));
    expect(keepPreviousAssets({ buildAssets: second, dir, days: 7, now: deploy + 6.9 * DAY }).kept).toEqual(new Set(["service-aaaa.js", "service-aaaa.js.br"]));
    const later = keepPreviousAssets({ buildAssets: second, dir, days: 7, now: deploy + 7 * DAY });
    expect(later).toEqual({ kept: new Set(), deleted: 2 });
    expect(existsSync(join(dir, "service-aaaa.js"))).toBe(false);
    expect(existsSync(join(dir, "root-cccc.js"))).toBe(true);
  });

  it("never touches a path named in a tampered index", () => {
    work = mkdtempSync(join(tmpdir(), "previous-assets-"));
    const dir = join(work, "previous");
    mkdirSync(dir);
    writeFileSync(join(work, "precious.txt"), "keep me");
    writeFileSync(join(dir, "index.json"), JSON.stringify({ "../precious.txt": 0 }));
    keepPreviousAssets({ buildAssets: build("b", ["a.js"]), dir, days: 1, now: 10 * DAY });
    expect(existsSync(join(work, "precious.txt"))).toBe(true);
  });
});
