// @vitest-environment node
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

/*
 * Docker is not on the test machines, so the image is never built here. These checks hold the Dockerfile to
 * what the README promises (and to the hadolint rules it was written against): a build stage and a slim Node 24
 * run stage, production dependencies only, a non-root user, the data folder as a volume, a health check on
 * /healthz, and node itself as PID 1 so SIGTERM reaches the server.
 */

type Instruction = { keyword: string; args: string };

function parse(text: string): Instruction[] {
  return text
    .replace(/\\\n/g, " ")
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith("#"))
    .map((line) => {
      const [keyword = "", ...rest] = line.split(/\s+/);
      return { keyword: keyword.toUpperCase(), args: rest.join(" ") };
    });
}

const instructions = parse(readFileSync("Dockerfile", "utf8"));
const stages = instructions.reduce<Instruction[][]>((all, instruction) => {
  if (instruction.keyword === "FROM") all.push([]);
  all.at(-1)?.push(instruction);
  return all;
}, []);
const final = stages.at(-1)!;
const args = (stage: Instruction[], keyword: string) => stage.filter((instruction) => instruction.keyword === keyword).map((instruction) => instruction.args);

describe("Dockerfile", () => {
  it("builds in one stage and runs on Node 24 slim in another, every image pinned to a tag", () => {
    expect(stages).toHaveLength(2);
    expect(args(stages[0]!, "FROM")).toEqual(["node:24-slim AS build"]);
    expect(args(final, "FROM")).toEqual(["node:24-slim"]);
    for (const from of args(instructions, "FROM")) expect(from).not.toMatch(/:latest\b|^[^:]+(\s|$)/);
    expect(args(stages[0]!, "RUN")).toEqual(["npm ci --no-audit --no-fund", "npm run build"]);
  });

  it("installs production dependencies only in the final stage and copies just the build output", () => {
    const run = args(final, "RUN").join(" && ");
    expect(run).toMatch(/npm ci --omit=dev\b/);
    expect(args(final, "COPY")).toEqual(["package.json package-lock.json ./", "--from=build /app/build ./build"]);
    expect(args(final, "WORKDIR")).toEqual(["/app"]);
  });

  it("runs as the unprivileged node user, with the data folder as a volume it owns", () => {
    expect(args(final, "USER")).toEqual(["node"]);
    expect(final.findIndex((i) => i.keyword === "USER")).toBeGreaterThan(final.findIndex((i) => i.keyword === "RUN"));
    expect(args(final, "RUN").join(" ")).toContain("chown node:node /app/data");
    expect(args(final, "VOLUME")).toEqual(['["/app/data"]']);
    expect(args(final, "ENV").join(" ")).toMatch(/NODE_ENV=production/);
  });

  it("checks liveness on /healthz with node (no curl in a slim image) and starts node itself, in exec form", () => {
    const [healthcheck] = args(final, "HEALTHCHECK");
    expect(healthcheck).toMatch(/^--interval=\d+s --timeout=\d+s --start-period=\d+s --retries=\d+ CMD \[/);
    const command = JSON.parse(healthcheck!.slice(healthcheck!.indexOf("["))) as string[];
    expect(command.slice(0, 2)).toEqual(["node", "-e"]);
    expect(command[2]).toContain("/healthz");
    expect(JSON.parse(args(final, "CMD")[0]!)).toEqual(["node", "build/server/index.mjs"]);
    expect(args(final, "EXPOSE")).toEqual(["3000"]);
  });

  it("keeps secrets, local data and dependencies out of the build context", () => {
    const ignored = readFileSync(".dockerignore", "utf8").split("\n").map((line) => line.trim());
    for (const entry of [".git", "node_modules", "build", "data", "*.db", ".env", ".env.*", "test-results", "tools/node24"]) expect(ignored).toContain(entry);
  });
});
