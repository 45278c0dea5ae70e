// @vitest-environment node
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, it } from "vitest";
import { pageTitle, sitePages } from "./site-pages";

it("reads the build's pages and their titles without the site's name, and nothing without a build (issue 36 items 4, 8)", () => {
  expect(pageTitle("<title>Product &amp; UX Design | Arcline</title>", "Arcline")).toBe("Product & UX Design");
  expect(pageTitle("<title>Arcline | Software for Growing Businesses</title>", "Arcline")).toBe("Software for Growing Businesses");
  expect(pageTitle("<p>no title</p>", "Arcline")).toBeUndefined();
  const root = mkdtempSync(join(tmpdir(), "site-pages-"));
  try {
    expect(sitePages(root, "Arcline")).toBeUndefined();
    for (const [dir, title] of [["", "Arcline | Home"], ["services/ux-design", "UX Design | Arcline"], ["404", "Not found | Arcline"]]) {
      mkdirSync(join(root, dir!), { recursive: true });
      writeFileSync(join(root, dir!, "index.html"), `<title>${title}</title>`);
    }
    const site = sitePages(root, "Arcline")!;
    expect(["/", "/services/ux-design", "/404", "/services"].map((path) => site.isPage(path))).toEqual([true, true, false, false]);
    expect(site.title("/services/ux-design")).toBe("UX Design");
    expect(site.title("/")).toBe("Home");
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});
