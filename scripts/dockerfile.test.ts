// @vitest-environment node
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../server/config";

/*
 * Docker is not on the test machines, so the image is never built here. These checks hold the Dockerfile to
 * what docs/operations.md promises (and to the hadolint rules it was written against): a build stage and a slim Node 24
 * run stage, production dependencies only, a non-root user, the data folder as a volume, a health check on
 * /healthz, and node itself as PID 1 so SIGTERM reaches the server. And what the running image needs: SITE_URL
 * carried into it, every VITE_ setting as a build argument, the files `npm start` and `npm run messages` run, and
 * its `docker run` example the server starts with.
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
    expect(args(stages[0]!, "RUN")[0]).toBe("npm ci --no-audit --no-fund");
    expect(args(stages[0]!, "RUN")[1]).toMatch(/&& npm run build$/);
  });

  it("installs production dependencies only in the final stage and copies just the build output", () => {
    const run = args(final, "RUN").join(" && ");
    expect(run).toMatch(/npm ci --omit=dev\b/);
    expect(args(final, "COPY")).toEqual(["package.json package-lock.json ./", "--from=build /app/build ./build", "--from=build /app/scripts/ensure-build.mjs ./scripts/ensure-build.mjs"]);
    expect(args(final, "WORKDIR")).toEqual(["/app"]);
  });

  it("runs as the unprivileged node user, with the data folder as a volume it owns", () => {
    expect(args(final, "USER")).toEqual(["node"]);
    expect(final.findIndex((i) => i.keyword === "USER")).toBeGreaterThan(final.findIndex((i) => i.keyword === "RUN"));
    expect(args(final, "RUN").join(" ")).toContain("chown node:node /app/data");
    expect(args(final, "VOLUME")).toEqual(['["/app/data"]']);
    expect(args(final, "ENV").join(" ")).toMatch(/NODE_ENV=production/);
  });

  it("serves the staff workspace on every interface of the container, on the port it exposes, as the site", () => {
    const env = args(final, "ENV").join(" ").split(/[\s\\]+/);
    expect(env).toContain("STAFF_HOST=0.0.0.0");
    expect(env).toContain("STAFF_PORT=3001");
    expect(args(final, "EXPOSE")[0]!.split(" ")).toContain("3001");
    const config = loadConfig({ STAFF_HOST: "0.0.0.0", STAFF_PORT: "3001" });
    expect([config.STAFF_HOST, config.STAFF_PORT]).toEqual(["0.0.0.0", 3001]);
  });

  it("keeps earlier builds' assets on the volume, where the node user can write and a new image finds them", () => {
    expect(args(final, "WORKDIR")).toEqual(["/app"]);
    const config = loadConfig({});
    expect(config.PREVIOUS_ASSETS_DIR.startsWith("data/")).toBe(true);
    expect(config.PREVIOUS_ASSETS_DAYS).toBe(7);
  });

  it("checks liveness on /healthz with node (no curl in a slim image) and starts node itself, in exec form", () => {
    const [healthcheck] = args(final, "HEALTHCHECK");
    expect(healthcheck).toMatch(/^--interval=\d+s --timeout=\d+s --start-period=\d+s --retries=\d+ CMD \[/);
    const command = JSON.parse(healthcheck!.slice(healthcheck!.indexOf("["))) as string[];
    expect(command.slice(0, 2)).toEqual(["node", "-e"]);
    expect(command[2]).toContain("/healthz");
    expect(JSON.parse(args(final, "CMD")[0]!)).toEqual(["node", "build/server/index.mjs"]);
    expect(args(final, "EXPOSE")).toEqual(["3000 3001"]);
  });

  it("keeps secrets, local data and dependencies out of the build context", () => {
    const ignored = readFileSync(".dockerignore", "utf8").split("\n").map((line) => line.trim());
    for (const entry of [".git", "node_modules", "build", "data", "*.db", ".env", ".env.*", "test-results", "tools/node24"]) expect(ignored).toContain(entry);
  });

  it("refuses to build without SITE_URL and carries it into the running image (the e-mails' domain, HSTS, the https redirect)", () => {
    expect(args(stages[0]!, "ARG")).toContain("SITE_URL");
    expect(args(stages[0]!, "RUN")[1]).toMatch(/^test -n "\$SITE_URL" \|\| \{ .*exit 1; \}/);
    expect(args(final, "ARG")).toEqual(["SITE_URL"]);
    expect(args(final, "ENV").join(" ").split(/\s+/)).toContain("SITE_URL=${SITE_URL}");
  });

  it("takes every VITE_ setting the pages read as a build argument", () => {
    const files = (readdirSync("app", { recursive: true }) as string[]).filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file));
    const read = new Set(files.flatMap((file) => [...readFileSync(join("app", file), "utf8").matchAll(/\benv\.(VITE_[A-Z0-9_]+)/g)].map((match) => match[1]!)));
    expect(read).toContain("VITE_LEAD_ATTRIBUTION");
    const buildArgs = args(stages[0]!, "ARG").map((arg) => arg.split("=")[0]);
    // vite.config.ts derives VITE_ANALYTICS from ANALYTICS, the one switch the server reads too.
    const argFor = (name: string) => (name === "VITE_ANALYTICS" ? "ANALYTICS" : name);
    for (const name of read) expect(buildArgs, name).toContain(argFor(name));
  });

  it("holds every file that `npm start` and `npm run messages` run, and what those files import", () => {
    const scripts = (JSON.parse(readFileSync("package.json", "utf8")) as { scripts: Record<string, string> }).scripts;
    const copied = args(final, "COPY").map((copy) => copy.split(/\s+/).at(-1)!.replace(/^\.\//, ""));
    const inImage = (file: string) => copied.some((target) => file === target || file.startsWith(`${target}/`));
    const files = ["start", "messages"].flatMap((name) => [...scripts[name]!.matchAll(/\bnode (\S+)/g)].map((match) => match[1]!));
    expect(files).toEqual(["scripts/ensure-build.mjs", "build/server/index.mjs", "scripts/ensure-build.mjs", "build/server/messages.mjs"]);
    for (const file of files) expect(inImage(file), file).toBe(true);
    for (const file of files.filter((file) => file.startsWith("scripts/"))) {
      const local = [...readFileSync(file, "utf8").matchAll(/\bfrom "(\.[^"]+)"/g)].map((match) => join("scripts", match[1]!));
      for (const imported of local) expect(inImage(imported), `${file} imports ${imported}`).toBe(true);
    }
  });

  it("documents a docker run the image starts with: the operations guide's example passes the server's production checks", () => {
    const guide = readFileSync("docs/operations.md", "utf8");
    const section = guide.slice(guide.indexOf("## The container"));
    const commands = /```sh\n([\s\S]*?)```/.exec(section)![1]!.replace(/\\\n\s*/g, " ");
    const build = commands.split("\n").find((line) => line.startsWith("docker build"))!;
    const run = commands.split("\n").find((line) => line.startsWith("docker run"))!;
    const buildArgs = Object.fromEntries([...build.matchAll(/--build-arg (\w+)=(\S+)/g)].map((match) => [match[1]!, match[2]!]));
    // The image's ENV (SITE_URL from its build argument), then each -e of the example ("…" stands for a secret, as openssl rand makes one).
    const imageEnv = Object.fromEntries(
      args(final, "ENV").join(" ").split(/\s+/).map((pair) => pair.split("=") as [string, string]).map(([name, value]) => [name, value.replace(/^\$\{(\w+)\}$/, (_, arg: string) => buildArgs[arg] ?? "")]),
    );
    const runEnv = Object.fromEntries([...run.matchAll(/-e (\w+)=(\S+)/g)].map((match) => [match[1]!, match[2]!.replace("…", "Zq4vN8tR2wK6yH0mB3xC7jL1pF5sD9gA")]));
    expect(Object.keys(runEnv)).toEqual(expect.arrayContaining(["RECAPTCHA_SECRET_KEY", "SMTP_URL", "LEADS_NOTIFY_TO", "TRUST_PROXY"]));
    const config = loadConfig({ ...imageEnv, ...runEnv });
    expect(config.leadsFrom).toBe("no-reply@www.example.com");
    expect(config.TRUST_PROXY.enabled).toBe(true);
  });
});
