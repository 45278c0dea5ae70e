import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, normalize } from "node:path";
import { describe, expect, it } from "vitest";
import { headingSlugs, markdownLinks, slugify } from "./doc-links.mjs";

/*
 * Every relative link of the README and the guides resolves: the file exists, and a #anchor names a heading of
 * the target as GitHub slugs it. The guides link into each other by section, so a renamed heading or a moved
 * section shows up here, not in a reader's 404.
 */
const documents = ["README.md", ...readdirSync("docs").filter((name) => name.endsWith(".md")).map((name) => `docs/${name}`)];

describe("GitHub's heading slugs", () => {
  it.each([
    ["Quick start", "quick-start"],
    ["The live editor: set up once", "the-live-editor-set-up-once"],
    ["Several instances (PostgreSQL)", "several-instances-postgresql"],
    ["Reading the leads: `npm run messages`", "reading-the-leads-npm-run-messages"],
    ["Cheap phone (`npm run bench:phone`)", "cheap-phone-npm-run-benchphone"],
    ["Where the visitor is: scroll, focus, screen readers", "where-the-visitor-is-scroll-focus-screen-readers"],
    ["Leads: reading, resending, erasing", "leads-reading-resending-erasing"],
    ["How we count visits (the privacy paragraph)", "how-we-count-visits-the-privacy-paragraph"],
    ["A [link](x.md) and **bold** _words_", "a-link-and-bold-words"],
    ["Ünïcode — dash", "ünïcode--dash"],
  ])("%s → #%s", (heading, slug) => {
    expect(slugify(heading)).toBe(slug);
  });

  it("numbers a repeated heading as GitHub does, and ignores headings inside code blocks", () => {
    const slugs = headingSlugs("# Top\n## Visit counts\n```sh\n# not a heading\n```\n## Visit counts\n### Visit counts\n");
    expect([...slugs]).toEqual(["top", "visit-counts", "visit-counts-1", "visit-counts-2"]);
  });
});

describe("links of the README and docs/", () => {
  it("finds the documents and their links", () => {
    expect(documents).toEqual(expect.arrayContaining(["README.md", "docs/content.md", "docs/sales.md", "docs/marketing.md", "docs/operations.md", "docs/testing.md", "docs/benchmarks.md", "docs/decisions.md"]));
    expect(markdownLinks(readFileSync("README.md", "utf8")).length).toBeGreaterThan(10);
  });

  it.each(documents)("every relative link of %s resolves, file and anchor", (document) => {
    const broken: string[] = [];
    for (const { target, line } of markdownLinks(readFileSync(document, "utf8"))) {
      if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // https:, mailto: and the like: not ours to check here
      const [pathPart = "", anchor] = target.split("#", 2) as [string, string | undefined];
      const file = pathPart ? normalize(join(dirname(document), decodeURIComponent(pathPart))) : document;
      if (!existsSync(file)) {
        broken.push(`${document}:${line}: ${target}: no file ${file}`);
        continue;
      }
      if (anchor === undefined) continue;
      if (!file.endsWith(".md") || statSync(file).isDirectory()) {
        broken.push(`${document}:${line}: ${target}: an anchor into a file that is not Markdown`);
        continue;
      }
      if (!headingSlugs(readFileSync(file, "utf8")).has(decodeURIComponent(anchor))) broken.push(`${document}:${line}: ${target}: no heading #${anchor} in ${file}`);
    }
    expect(broken).toEqual([]);
  });
});
