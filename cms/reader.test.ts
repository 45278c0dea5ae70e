// @vitest-environment node
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createReader } from "@keystatic/core/reader";
import { describe, expect, it } from "vitest";
import { collections, readOrder } from "../app/content/files.server";
import config from "./keystatic.config";

/*
 * The editor's view of the content: Keystatic's own reader opens every file with the fields derived from
 * the schema, so a file the build accepts is a file the editor can open, and the same values are refused.
 */
const reader = createReader("app/content", config);
const order = readOrder();

describe("the editor", () => {
  it.each(collections)("lists every page of %s, and opens each with the schema's fields", async (kind) => {
    const collection = reader.collections[kind];
    expect((await collection.list()).sort()).toEqual([...order[kind]].sort());
    for (const slug of order[kind]) {
      const entry = await collection.readOrThrow(slug);
      const file = JSON.parse(readFileSync(`app/content/${kind}/${slug}.json`, "utf8"));
      expect(entry, slug).toEqual(file);
    }
  });

  it("opens the home page", async () => {
    expect(await reader.singletons.home.readOrThrow()).toEqual(JSON.parse(readFileSync("app/content/home.json", "utf8")));
  });

  it("refuses a file the schema refuses, with the schema's message", async () => {
    const dir = mkdtempSync(join(tmpdir(), "content-"));
    try {
      cpSync("app/content/services", join(dir, "services"), { recursive: true });
      const path = join(dir, "services/cloud-migration.json");
      const file = JSON.parse(readFileSync(path, "utf8"));
      file.impacts[0].value = "Minutes";
      writeFileSync(path, JSON.stringify(file));
      await expect(createReader(dir, config).collections.services.readOrThrow("cloud-migration")).rejects.toThrow(/must be a figure/);
    } finally {
      rmSync(dir, { recursive: true });
    }
  });
});
