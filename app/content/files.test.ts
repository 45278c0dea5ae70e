import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { readOrder } from "./files.server";

/*
 * The build's gate on the files themselves, on a copy of app/content (CONTENT_DIR): what the build says when
 * the order lists and the folders disagree, or when one file is wrong. catalog.server parses everything when
 * it is imported, which is what the build does, so each case imports it afresh.
 */
let dir: string;
const file = (name: string) => join(dir, name);
const edit = (name: string, change: (value: Record<string, unknown>) => void) => {
  const value = JSON.parse(readFileSync(file(name), "utf8"));
  change(value);
  writeFileSync(file(name), `${JSON.stringify(value, null, 2)}\n`);
};
const loadCatalog = async () => {
  vi.resetModules();
  return import("./catalog.server");
};

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "content-"));
  cpSync("app/content", dir, { recursive: true, filter: (src) => !/\.(ts|tsx)$/.test(src) });
  vi.stubEnv("CONTENT_DIR", dir);
});
afterEach(() => {
  vi.unstubAllEnvs();
  rmSync(dir, { recursive: true });
});

describe("content files", () => {
  it("load from the folder CONTENT_DIR names", async () => {
    edit("services/ux-design.json", (s) => (s.tagline = "A tagline changed in a copy of the content, not in the work tree."));
    const { findService } = await loadCatalog();
    expect(findService("ux-design")?.tagline).toBe("A tagline changed in a copy of the content, not in the work tree.");
  });

  it("keep the home page's card order from order.json", async () => {
    edit("order.json", (o) => (o.services = [...(o.services as string[])].reverse()));
    const { services } = await loadCatalog();
    expect(services.map((s) => s.slug)).toEqual([...readOrder().services]);
    expect(services.at(-1)?.slug).toBe("application-development");
  });

  it("fail when a file is not in the list", async () => {
    cpSync(file("services/ux-design.json"), file("services/ux-research.json"));
    await expect(loadCatalog()).rejects.toThrow(/order\.json and the files disagree: services\/ux-research\.json is not in the "services" list/);
  });

  it("fail when the list names a page without a file", async () => {
    rmSync(file("resources/carbon-credits.json"));
    await expect(loadCatalog()).rejects.toThrow(/"carbon-credits" is in the "resources" list but resources\/carbon-credits\.json does not exist/);
  });

  it("fail when a page is listed twice", async () => {
    edit("order.json", (o) => (o.industries = [...(o.industries as string[]), "retail-ecommerce"]));
    await expect(loadCatalog()).rejects.toThrow(/order\.json: .*a page is listed twice/s);
  });

  it("name the file and the field of a value the schema refuses", async () => {
    edit("services/cloud-migration.json", (s) => ((s.impacts as { value: string }[])[1]!.value = "Fast"));
    await expect(loadCatalog()).rejects.toThrow(/services\/cloud-migration\.json does not match the schema:\n {2}impacts\.1\.value: must be a figure/);
  });

  it("name the file and the field of the home page", async () => {
    edit("home.json", (h) => ((h.hero as { title: string }).title = "Short"));
    await expect(loadCatalog()).rejects.toThrow(/home\.json does not match the schema:\n {2}hero\.title: Too small/);
  });

  it("name a misspelt key and a slug written into the file", async () => {
    edit("industries/defense-mining.json", (i) => (i.headlne = "typo"));
    await expect(loadCatalog()).rejects.toThrow(/industries\/defense-mining\.json does not match the schema:\n {2}headlne: not a field/);
    edit("industries/defense-mining.json", (i) => {
      delete i.headlne;
      i.slug = "defense";
    });
    await expect(loadCatalog()).rejects.toThrow(/industries\/defense-mining\.json: "slug" is not a field; the file name is the slug/);
  });

  it("name a file that is not valid JSON", async () => {
    writeFileSync(file("resources/smart-audits.json"), "{ \"title\": ");
    await expect(loadCatalog()).rejects.toThrow(/resources\/smart-audits\.json: not valid JSON/);
  });

  it("refuse a file name that is not a slug", async () => {
    cpSync(file("services/ux-design.json"), file("services/UX Design.json"));
    edit("order.json", (o) => (o.services = [...(o.services as string[]), "UX Design"]));
    await expect(loadCatalog()).rejects.toThrow(/services\/UX Design\.json does not match the schema:\n {2}slug: /);
  });
});
