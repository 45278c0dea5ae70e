// @vitest-environment node
import { execFileSync, spawnSync } from "node:child_process";
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { load } from "js-yaml";
import { describe, expect, it } from "vitest";

/*
 * The CI workflow's guard on the live editor's branches (.github/workflows/test.yml): it runs before the
 * branch's own tests, only for pull requests from a branch with the editor's prefix, and its script, run here
 * on a real git merge commit as GitHub checks one out, fails for any change outside the content files.
 */
type Step = { name?: string; uses?: string; if?: string; run?: string; shell?: string; with?: Record<string, unknown> };
const root = resolve(import.meta.dirname, "..");
const workflow = load(readFileSync(join(root, ".github/workflows/test.yml"), "utf8")) as { env: Record<string, string>; jobs: { test: { steps: Step[] } } };
const steps = workflow.jobs.test.steps;
const guard = steps.find((step) => step.name === "An editor's branch changes only the content files")!;

/** A repository whose HEAD is the merge commit of a pull request that changes `files`, as actions/checkout leaves it. */
function pullRequest(files: Record<string, string | null>, tweak?: (dir: string, git: (...args: string[]) => Buffer) => void) {
  const dir = mkdtempSync(join(tmpdir(), "ci-guard-"));
  const git = (...args: string[]) => execFileSync("git", ["-C", dir, "-c", "user.name=CI", "-c", "user.email=ci@example.invalid", ...args], { stdio: "pipe" });
  const write = (path: string, text: string) => {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  };
  git("init", "--quiet", "--initial-branch=main");
  for (const path of ["app/content/home.json", "app/content/services/ux-design.json", "app/content/schema.ts", "package.json", ".ci/run"]) write(path, "{}\n");
  git("add", "-A");
  git("commit", "--quiet", "-m", "base");
  git("checkout", "--quiet", "-b", "content/change");
  for (const [path, text] of Object.entries(files)) {
    if (text === null) rmSync(join(dir, path));
    else write(path, text);
  }
  git("add", "-A");
  tweak?.(dir, git);
  git("commit", "--quiet", "-m", "the editor's save");
  git("checkout", "--quiet", "--force", "main");
  git("merge", "--quiet", "--no-ff", "-m", "merge", "content/change");
  return dir;
}

function runGuard(dir: string) {
  // `git config --global` of the step writes to a HOME of its own here, not the developer's.
  const home = mkdtempSync(join(tmpdir(), "ci-home-"));
  const result = spawnSync("bash", ["-e", "-c", guard.run!], { cwd: dir, env: { PATH: process.env.PATH, HOME: home, EDITOR_BRANCH_PREFIX: workflow.env.EDITOR_BRANCH_PREFIX }, encoding: "utf8" });
  rmSync(home, { recursive: true, force: true });
  rmSync(dir, { recursive: true, force: true });
  return { status: result.status, output: result.stdout + result.stderr };
}

describe("the CI workflow's guard on the live editor's branches", () => {
  it("runs for pull requests from the editor's branches, before the branch's own tests, on the merge commit and its base", () => {
    expect(workflow.env.EDITOR_BRANCH_PREFIX).toBe("content/");
    expect(guard.if).toBe("github.event_name == 'pull_request' && startsWith(github.head_ref, env.EDITOR_BRANCH_PREFIX)");
    expect(steps.indexOf(guard)).toBeLessThan(steps.findIndex((step) => step.run === ".ci/run"));
    expect(steps[0]).toMatchObject({ uses: "actions/checkout@v4", with: { "fetch-depth": 2 } });
  });

  it("passes a change to the content files the editor writes", { timeout: 20_000 }, () => {
    expect(runGuard(pullRequest({ "app/content/services/ux-design.json": '{"tagline":"x"}\n', "app/content/home.json": "[]\n" }))).toMatchObject({ status: 0 });
  });

  // Six small git repositories, each a dozen git commands: slow on a busy machine, hence the budget.
  it("fails a change to anything else: tests, schema, scripts, CI, a new script beside the content, the list of pages", { timeout: 60_000 }, () => {
    for (const files of <Record<string, string | null>[]>[{ "app/content/schema.ts": "export {};\n" }, { "package.json": '{"scripts":{"test":"true"}}\n' }, { ".ci/run": "exit 0\n" }, { "app/content/services/evil.test.ts": "\n" }, { "app/content/order.json": "{}\n" }, { "app/content/services/ux-design.json": null, "README.md": "\n" }]) {
      const result = runGuard(pullRequest(files));
      expect(result.status, JSON.stringify(files)).toBe(1);
      expect(result.output).toContain("may change only app/content/home.json");
      for (const path of Object.keys(files).filter((path) => !/^app\/content\/services\/ux(-design)?\.json$/.test(path))) expect(result.output).toContain(path);
    }
  });

  it("fails a content file that is not a plain file: a symbolic link, an executable, a submodule", { timeout: 60_000 }, () => {
    const tweaks: [string, (dir: string, git: (...args: string[]) => Buffer) => void][] = [
      ["120000 app/content/services/ux-design.json", (dir, git) => {
        rmSync(join(dir, "app/content/services/ux-design.json"));
        symlinkSync("../../../package.json", join(dir, "app/content/services/ux-design.json"));
        git("add", "-A");
      }],
      ["100755 app/content/home.json", (dir, git) => {
        chmodSync(join(dir, "app/content/home.json"), 0o755);
        return git("add", "-A");
      }],
      ["160000 app/content/services/sub.json", (_dir, git) => git("update-index", "--add", "--cacheinfo", `160000,${"1".repeat(40)},app/content/services/sub.json`)],
    ];
    for (const [found, tweak] of tweaks) {
      const result = runGuard(pullRequest({}, tweak));
      expect(result.status, found).toBe(1);
      expect(result.output, found).toContain("only plain files");
      expect(result.output, found).toContain(found);
    }
  });

  it("warns while CODEOWNERS still names the placeholder owner (GitHub ignores an unknown owner)", () => {
    const step = steps.find((each) => each.name === "CODEOWNERS names the real reviewers")!;
    expect(step.if).toBeUndefined();
    for (const [owners, warned] of [["* @example-org/developers\n", true], ["* @acme/web-team\n", false]] as const) {
      const dir = mkdtempSync(join(tmpdir(), "ci-owners-"));
      mkdirSync(join(dir, ".github"));
      writeFileSync(join(dir, ".github/CODEOWNERS"), owners);
      const result = spawnSync("bash", ["-e", "-c", step.run!], { cwd: dir, encoding: "utf8" });
      rmSync(dir, { recursive: true, force: true });
      expect(result.status, owners).toBe(0);
      expect(result.stdout.includes("::warning file=.github/CODEOWNERS::"), owners).toBe(warned);
    }
  });
});
