// The system programs `npm test` needs beside node_modules, and what to do when one is missing: install it with
// Debian's package when we can (root, Debian, apt-get), else say exactly what to install. The decision is a plain
// function (installPlan) so it is tested without touching the machine; scripts/ensure-tools.mjs carries it out.
import { accessSync, constants, existsSync } from "node:fs";
import { delimiter, join } from "node:path";
import { postgresBinDir } from "../e2e/support/postgres.mjs";
import { chromiumPath } from "./chromium.mjs";

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

/**
 * What to do about the missing tools (names from `tools`): nothing, run these apt-get commands, or fail with
 * this message (one line per tool, each naming the package and the alternative).
 */
export function installPlan(missing, { isRoot, isDebian, hasAptGet }) {
  if (missing.length === 0) return { action: "none" };
  if (isRoot && isDebian && hasAptGet) {
    return {
      action: "install",
      commands: [
        "apt-get update -qq",
        ...missing.map((name) => ["DEBIAN_FRONTEND=noninteractive apt-get install -y -qq", ...(tools[name].aptOptions ?? []), tools[name].package].join(" ")),
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
