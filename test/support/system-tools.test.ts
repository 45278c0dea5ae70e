// @vitest-environment node
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { installPlan, onPath, wantedTools } from "./system-tools.mjs";

const debianRoot = { isRoot: true, isDebian: true, hasAptGet: true };

describe("what npm test does about a missing system program", () => {
  it("does nothing when nothing is missing", () => {
    expect(installPlan([], { isRoot: false, isDebian: false, hasAptGet: false })).toEqual({ action: "none" });
  });

  it("installs Debian's packages as root on Debian, promtool without prometheus's recommended node exporter", () => {
    expect(installPlan(["promtool", "postgres"], debianRoot)).toEqual({
      action: "install",
      commands: [
        "apt-get -o DPkg::Lock::Timeout=600 update -qq",
        "DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=600 install -y -qq --no-install-recommends prometheus",
        "DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=600 install -y -qq postgresql",
      ],
    });
  });

  it("installs the other engines' packages: Firefox ESR, WebKitGTK's driver, and Xvfb with xauth for it", () => {
    expect(installPlan(["firefox", "webkit", "xvfb"], debianRoot)).toEqual({
      action: "install",
      commands: [
        "apt-get -o DPkg::Lock::Timeout=600 update -qq",
        "DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=600 install -y -qq firefox-esr",
        "DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=600 install -y -qq webkit2gtk-driver",
        "DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=600 install -y -qq xvfb xauth",
      ],
    });
    const asUser = installPlan(["firefox", "webkit", "xvfb"], { ...debianRoot, isRoot: false });
    expect((asUser as { message: string }).message).toMatch(
      /firefox: .*firefox-esr .*FIREFOX_PATH.*\n {2}webkit: .*webkit2gtk-driver .*MINIBROWSER_PATH.*\n {2}xvfb: .*xvfb xauth/,
    );
  });

  it("otherwise fails naming the package and the alternative for each missing program", () => {
    const asUser = installPlan(["promtool"], { ...debianRoot, isRoot: false });
    expect(asUser).toEqual({
      action: "fail",
      message:
        "npm test needs programs that are missing, and installing needs root:\n" +
        "  promtool: install Debian's prometheus package (sudo apt-get install prometheus), or put promtool from a Prometheus release (prometheus.io/download) on PATH.",
    });
    const elsewhere = installPlan(["chromium", "postgres"], { isRoot: true, isDebian: false, hasAptGet: false });
    expect(elsewhere).toMatchObject({ action: "fail", message: expect.stringContaining("this is not a Debian system with apt-get") });
    expect((elsewhere as { message: string }).message).toMatch(/chromium: .*CHROMIUM_PATH.*\n {2}postgres: .*postgresql .*POSTGRES_BIN/);
  });

  it("leaves PostgreSQL out for the browser tests only when E2E_ENGINES does: the unit tests always run on both engines", () => {
    const sqliteOnly = { E2E_ENGINES: "sqlite" };
    expect(wantedTools(["--e2e", "chromium", "postgres"], sqliteOnly)).toEqual(["chromium"]);
    expect(wantedTools(["--e2e", "chromium", "postgres"], {})).toEqual(["chromium", "postgres"]);
    expect(wantedTools(["postgres"], sqliteOnly)).toEqual(["postgres"]);
  });

  it("finds a program on PATH only where it is executable", () => {
    const dir = mkdtempSync(join(tmpdir(), "tools-"));
    try {
      writeFileSync(join(dir, "promtool"), "#!/bin/sh\n");
      expect(onPath("promtool", `/nonexistent:${dir}`)).toBeUndefined();
      chmodSync(join(dir, "promtool"), 0o755);
      expect(onPath("promtool", `/nonexistent:${dir}`)).toBe(join(dir, "promtool"));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
