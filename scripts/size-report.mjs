// `npm run size`: the first-load JS, CSS and HTML of every prerendered route, in bytes gzip, checked against
// budgets.json. Run after `npm run build`; exits 1 when a budget is exceeded, 2 when it cannot measure.
//
//   node scripts/size-report.mjs [--dir build/client] [--budgets budgets.json] [--json out.json] [--quiet]
//
// First-load JS of a page = the files it names in <link rel="modulepreload">, <script type="module" src>,
// classic <script src> and the imports of its inline module scripts, plus whatever those files import
// statically (normally already preloaded; lazily import()ed chunks are not counted). CSS = <link rel="stylesheet">.
// Every file is gzipped here with zlib level 9, so the figures do not depend on the precompressed .gz/.br twins.
import { existsSync, readdirSync, readFileSync, mkdirSync, writeFileSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import { parseArgs } from "node:util";
import { gzipSync } from "node:zlib";
import {
  checkBudgets,
  extractAssetRefs,
  formatBytes,
  formatMisses,
  formatTable,
  importSpecifiers,
  isRouteFile,
  resolveSitePath,
  routeOfFile,
  unknownBudgetRoutes,
  validateBudgets,
} from "./size-report-lib.mjs";

const root = resolve(dirname(new URL(import.meta.url).pathname), "..");
const { values: options } = parseArgs({
  options: {
    dir: { type: "string", default: join(root, "build/client") },
    budgets: { type: "string", default: join(root, "budgets.json") },
    json: { type: "string" },
    quiet: { type: "boolean", default: false },
    help: { type: "boolean", short: "h", default: false },
  },
});
if (options.help) {
  console.log("usage: node scripts/size-report.mjs [--dir build/client] [--budgets budgets.json] [--json out.json] [--quiet]");
  process.exit(0);
}

/** @param {string} message @returns {never} */
function fail(message) {
  console.error(`size-report: ${message}`);
  process.exit(2);
}

const siteDir = resolve(options.dir);
if (!existsSync(join(siteDir, "index.html"))) fail(`no prerendered site in ${relative(process.cwd(), siteDir) || "."}: run \`npm run build\` first`);

const budgets = (() => {
  try {
    return validateBudgets(JSON.parse(readFileSync(options.budgets, "utf8")));
  } catch (error) {
    return fail(`cannot use ${relative(process.cwd(), options.budgets)}: ${error instanceof Error ? error.message : error}`);
  }
})();

/** @param {string} dir @returns {Generator<string>} paths relative to siteDir with "/" separators */
function* walk(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(path);
    else if (entry.isFile()) yield relative(siteDir, path).split(sep).join("/");
  }
}

/** @type {Map<string, number>} */
const gzipCache = new Map();
/** @param {string} sitePath */
function gzipSize(sitePath) {
  let size = gzipCache.get(sitePath);
  if (size === undefined) {
    size = gzipSync(readFileSync(join(siteDir, sitePath)), { level: 9 }).length;
    gzipCache.set(sitePath, size);
  }
  return size;
}

/** @type {string[]} */
const problems = [];
/** Static imports of a built chunk, as site paths that exist. @type {Map<string, string[]>} */
const chunkImports = new Map();
/** @param {string} sitePath */
function staticImportsOf(sitePath) {
  let imports = chunkImports.get(sitePath);
  if (!imports) {
    const code = readFileSync(join(siteDir, sitePath), "utf8");
    imports = importSpecifiers(code)
      .map((specifier) => resolveSitePath(specifier, `/${sitePath}`))
      .filter((path) => path !== null && /\.m?js$/.test(path) && existsSync(join(siteDir, path)))
      .map(String);
    chunkImports.set(sitePath, imports);
  }
  return imports;
}

/** @type {(import("./size-report-lib.mjs").RouteSize & { notPreloaded: string[] })[]} */
const rows = [];
const files = [...walk(siteDir)].filter(isRouteFile).sort();
for (const file of files) {
  const route = routeOfFile(file);
  const html = readFileSync(join(siteDir, file), "utf8");
  const refs = extractAssetRefs(html);
  const base = route === "/" ? "/" : `${route}/`;
  const local = (/** @type {string[]} */ urls) =>
    urls.flatMap((url) => {
      const path = resolveSitePath(url, base);
      if (path === null) return []; // another origin: not part of this site's budget
      if (!existsSync(join(siteDir, path))) {
        problems.push(`${route}: references ${url}, which is not in the build`);
        return [];
      }
      return [path];
    });
  const direct = local(refs.js);
  const js = new Set(direct);
  for (const path of js) for (const imported of staticImportsOf(path)) js.add(imported); // Set iteration sees additions
  const css = local(refs.css);
  const sum = (/** @type {Iterable<string>} */ paths) => [...paths].reduce((total, path) => total + gzipSize(path), 0);
  rows.push({
    route,
    jsGzip: sum(js),
    cssGzip: sum(css),
    htmlGzip: gzipSize(file),
    jsFiles: [...js],
    cssFiles: css,
    notPreloaded: [...js].filter((path) => !direct.includes(path)),
  });
}
rows.sort((a, b) => (a.route === "/" ? -1 : b.route === "/" ? 1 : a.route.localeCompare(b.route)));

if (!rows.length) fail(`no routes found under ${siteDir}`);
const misses = checkBudgets(rows, budgets);
const staleRoutes = unknownBudgetRoutes(rows, budgets);

if (!options.quiet || misses.length) {
  console.log(`First-load bytes per route (gzip -9 of the built files; budgets from ${relative(process.cwd(), options.budgets)}):\n`);
  console.log(formatTable(rows, budgets));
  console.log(`\nCSS budget ${formatBytes(budgets.cssGzip)} B, HTML budget ${formatBytes(budgets.htmlGzip)} B per route; ${rows.length} routes.`);
}
const waterfall = rows.filter((row) => row.notPreloaded.length);
if (waterfall.length && !options.quiet) {
  const chunks = [...new Set(waterfall.flatMap((row) => row.notPreloaded))];
  console.log(
    `note: ${waterfall.length} route(s) reach ${chunks.length} chunk(s) only through static imports, without a modulepreload ` +
      `(counted above; fetched as a request waterfall): ${chunks.slice(0, 6).join(", ")}${chunks.length > 6 ? ", ..." : ""}`,
  );
}
for (const route of staleRoutes) console.log(`warning: budgets.json has a first-load JS budget for ${route}, which is not a built route`);
for (const problem of problems) console.error(`error: ${problem}`);

if (options.json) {
  mkdirSync(dirname(resolve(options.json)), { recursive: true });
  writeFileSync(options.json, `${JSON.stringify({ budgets, routes: rows, misses, problems }, null, 2)}\n`);
}

if (problems.length) process.exit(2);
if (misses.length) {
  console.error(`\nsize budget exceeded (${misses.length}):\n${formatMisses(misses)}`);
  console.error("Cut the bytes, or raise the budget in budgets.json in the same commit and say why.");
  process.exit(1);
}
console.log(`size budgets hold for all ${rows.length} routes.`);
