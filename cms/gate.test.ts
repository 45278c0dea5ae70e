// @vitest-environment node
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { gateRequest, saveIssues } from "./gate";
import { knownTechIconSchema } from "./tech-icons";

/*
 * The local editor's gate (cms/vite.config.ts runs it before Keystatic's handler): every spelling of the save
 * route is checked, deletions too, and technology logos against the list the build uses.
 */
const file = JSON.parse(readFileSync("app/content/services/cloud-migration.json", "utf8"));
const encoded = (value: unknown) => Buffer.from(`${JSON.stringify(value, null, 2)}\n`).toString("base64url");
const save = (additions: { path: string; value: unknown }[], deletions: string[] = []) =>
  Buffer.from(JSON.stringify({ additions: additions.map((a) => ({ path: a.path, contents: encoded(a.value) })), deletions: deletions.map((path) => ({ path })) }));
const badFigure = { ...file, impacts: file.impacts.map((impact: object, i: number) => (i === 0 ? { ...impact, value: "Minutes" } : impact)) };
const withLogo = (slug: string) => ({ ...file, capabilities: file.capabilities.map((c: { icons: string[] }, i: number) => (i === 0 ? { ...c, icons: [slug, ...c.icons.slice(1)] } : c)) });

describe("the local editor's gate", () => {
  it.each(["/update", "/update?x", "//update", "/update/", "/./update", "/%75pdate", "/update#x"])("checks a save sent to %s", (url) => {
    const refused = gateRequest("POST", url, save([{ path: "services/cloud-migration.json", value: badFigure }]));
    expect(refused).toMatchObject({ status: 422, text: expect.stringContaining("impacts.0.value: must be a figure") });
  });

  it("lets a valid save, reads and other routes through to Keystatic", () => {
    expect(gateRequest("POST", "/update", save([{ path: "services/cloud-migration.json", value: file }]))).toBeUndefined();
    expect(gateRequest("GET", "/tree", undefined)).toBeUndefined();
    expect(gateRequest("POST", "/update", Buffer.from("{not json"))).toEqual({ status: 400, text: "Bad data" });
  });

  it("refuses deleting (or renaming) a page of the site, and adding one the site does not list", () => {
    expect(gateRequest("POST", "/update/", save([], ["services/cloud-migration.json"]))?.text).toContain("services/cloud-migration.json: a page of the site cannot be deleted or renamed in the editor");
    expect(gateRequest("POST", "/update", save([], ["home.json"]))?.status).toBe(422);
    const renamed = gateRequest("POST", "/update", save([{ path: "services/cloud-moves.json", value: file }], ["services/cloud-migration.json"]));
    expect(renamed?.text).toContain("services/cloud-moves.json: not a page of the site");
  });

  it("refuses a technology logo the build cannot draw, in the gate and in the form", () => {
    expect(saveIssues("services/cloud-migration.json", JSON.stringify(withLogo("kubernetes")))).toEqual([]);
    expect(saveIssues("services/cloud-migration.json", JSON.stringify(withLogo("notalogo")))).toEqual([
      'services/cloud-migration.json: capabilities.0.icons.0: Unknown simple-icons slug "notalogo": not a logo the site can show (slugs as on simpleicons.org, e.g. "kubernetes")',
    ]);
    expect(knownTechIconSchema.safeParse("notalogo").error?.issues[0]?.message).toMatch(/^Unknown simple-icons slug "notalogo"/);
    expect(knownTechIconSchema.safeParse("kubernetes").success).toBe(true);
  });
});
