// The system programs `npm test` needs beside node_modules, and what to do when one is missing: install it with
// Debian's package when we can (root, Debian, apt-get), else say exactly what to install. The decision is a plain
// function (installPlan) so it is tested without touching the machine; scripts/ensure-tools.mjs carries it out.
import { accessSync, constants, existsSync } from "node:fs";
import { delimiter, join } from "node:path";
import { postgresBinDir } from "./postgres.mjs";
import { chromiumPath } from "../../scripts/chromium.mjs";

// The two other engines of the browser tests (test/support/engines.ts reads the same variables).
const firefoxPath = process.env.FIREFOX_PATH || "/usr/bin/firefox-esr";
const miniBrowserPath = process.env.MINIBROWSER_PATH || "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser";

/** The first executable `name` on PATH, or undefined. */
export function onPath(name, path = process.env.PATH ?? "") {
  for (const dir of path.split(delimiter).filter(Boolean)) {
    try {
      accessSync(join(dir, name), constants.X_OK);
      return join(dir, name);
    } catch {
      // not in this folder
    }
  }
  return undefined;
}

/**
 * Each tool: the Debian package that provides it, how to find it, and the other way to provide it.
 * `aptOptions`: prometheus only recommends its node exporter (another service); promtool needs neither.
 */
export const tools = {
  chromium: {
    package: "chromium",
    find: () => (existsSync(chromiumPath) ? chromiumPath : undefined),
    otherwise: "or set CHROMIUM_PATH to a Chromium or Chrome binary",
  },
  postgres: {
    package: "postgresql",
    find: () => {
      const bin = postgresBinDir();
      return bin && existsSync(join(bin, "initdb")) ? bin : undefined;
    },
    otherwise: "or set POSTGRES_BIN to a folder holding PostgreSQL's initdb and postgres",
  },
  // Firefox ESR, driven through WebDriver BiDi by puppeteer-core (npm run test:engines).
  firefox: {
    package: "firefox-esr",
    find: () => (existsSync(firefoxPath) ? firefoxPath : undefined),
    otherwise: "or set FIREFOX_PATH to a Firefox ESR binary",
  },
  // WebKitGTK's WebDriver and the MiniBrowser it drives (the package depends on the engine itself).
  webkit: {
    package: "webkit2gtk-driver",
    find: () => (onPath("WebKitWebDriver") && existsSync(miniBrowserPath) ? miniBrowserPath : undefined),
    otherwise: "or put WebKitWebDriver on PATH and set MINIBROWSER_PATH to WebKitGTK's MiniBrowser",
  },
  // WebKitGTK needs an X display: xvfb-run gives it a virtual one (xvfb-run itself needs xauth).
  xvfb: {
    package: "xvfb xauth",
    find: () => (onPath("xvfb-run") && onPath("xauth") ? onPath("xvfb-run") : undefined),
    otherwise: "or put xvfb-run and xauth on PATH",
  },
  promtool: {
    package: "prometheus",
    find: () => onPath("promtool"),
    otherwise: "or put promtool from a Prometheus release (prometheus.io/download) on PATH",
    aptOptions: ["--no-install-recommends"],
  },
};

/**
 * The tools a step asks for (`args`: names, and `--e2e` for the browser tests): PostgreSQL is left out only for the
 * browser tests when E2E_ENGINES leaves it out; the unit tests always run on both engines.
 */
export function wantedTools(args, env = process.env) {
  const e2e = args.includes("--e2e");
  const names = args.filter((arg) => arg !== "--e2e");
  const skipPostgres = e2e && !(env.E2E_ENGINES ?? "sqlite,postgres").includes("postgres");
  return names.filter((name) => !(name === "postgres" && skipPostgres));
}

/** What this machine allows. */
export function machine() {
  return { isRoot: process.getuid?.() === 0, isDebian: existsSync("/etc/debian_version"), hasAptGet: onPath("apt-get") !== undefined };
}

/** How long apt-get waits for the dpkg lock before it gives up, in seconds. */
export const aptLockWait = "-o DPkg::Lock::Timeout=600";

/**
 * What to do about the missing tools (names from `tools`): nothing, run these apt-get commands, or fail with
 * this message (one line per tool, each naming the package and the alternative).
 */
export function installPlan(missing, { isRoot, isDebian, hasAptGet }) {
  if (missing.length === 0) return { action: "none" };
  if (isRoot && isDebian && hasAptGet) {
    return {
      action: "install",
      // Another install (unattended upgrades, a second test run) may hold the package manager's lock: wait for it.
      commands: [
        `apt-get ${aptLockWait} update -qq`,
        ...missing.map((name) =>
          ["DEBIAN_FRONTEND=noninteractive apt-get", aptLockWait, "install -y -qq", ...(tools[name].aptOptions ?? []), tools[name].package].join(" "),
        ),
      ],
    };
  }
  const why = !isDebian || !hasAptGet ? "this is not a Debian system with apt-get" : "installing needs root";
  return {
    action: "fail",
    message: [
      `npm test needs programs that are missing, and ${why}:`,
      ...missing.map((name) => `  ${name}: install Debian's ${tools[name].package} package (sudo apt-get install ${tools[name].package}), ${tools[name].otherwise}.`),
    ].join("\n"),
  };
}
