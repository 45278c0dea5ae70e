// Pure helpers of scripts/size-report.mjs (no file system, no process): parsing the asset references out of a
// prerendered page, following a chunk's static imports, and checking figures against budgets.json.
// Plain JS with JSDoc types so `node scripts/size-report.mjs` runs without a build step; unit-tested by
// scripts/size-report.test.ts.

/**
 * @typedef {{ js: string[], css: string[] }} AssetRefs
 *   URLs as written in the page, in document order, without duplicates.
 * @typedef {{ route: string, jsGzip: number, cssGzip: number, htmlGzip: number, jsFiles?: string[], cssFiles?: string[] }} RouteSize
 * @typedef {{ firstLoadJsGzip: Record<string, number> & { default: number }, cssGzip: number, htmlGzip: number }} Budgets
 * @typedef {{ route: string, metric: "firstLoadJsGzip" | "cssGzip" | "htmlGzip", actual: number, budget: number }} BudgetMiss
 */

/** Script types whose body is data, not code: never scanned for imports. */
const DATA_SCRIPT = /^(application\/(ld\+)?json|importmap|speculationrules|text\/template)$/i;

/**
 * Attributes of one start tag, names lower-cased; valueless attributes get "".
 * @param {string} tag the text between `<name` and `>`
 * @returns {Record<string, string>}
 */
export function parseAttributes(tag) {
  /** @type {Record<string, string>} */
  const attributes = {};
  const pattern = /([^\s"'<>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;
  for (const match of tag.matchAll(pattern)) {
    const name = /** @type {string} */ (match[1]).toLowerCase();
    if (name in attributes) continue; // HTML keeps the first of duplicated attributes
    attributes[name] = decodeEntities(match[2] ?? match[3] ?? match[4] ?? "");
  }
  return attributes;
}

/** @param {string} value */
function decodeEntities(value) {
  return value
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}

/** @param {string | undefined} rel @param {string} token */
function relHas(rel, token) {
  return (rel ?? "").toLowerCase().split(/\s+/).includes(token);
}

/**
 * Module specifiers imported by a piece of JavaScript: static `import ... from "x"`, bare `import "x"`,
 * `export ... from "x"` and, when `dynamic` is set, `import("x")` with a string literal.
 * Meant for minified bundler output and small inline scripts, not as a full JS parser: only specifiers that
 * look like URLs or paths of JS files (`/`, `./`, `../`, `http(s)://`) are returned, so words like "import"
 * inside strings rarely produce false hits, and the caller ignores specifiers that are not files anyway.
 * @param {string} code
 * @param {{ dynamic?: boolean }} [options]
 * @returns {string[]} in order of appearance, without duplicates
 */
export function importSpecifiers(code, { dynamic = false } = {}) {
  const found = new Set();
  const looksLikePath = (/** @type {string} */ s) => /^(\.{0,2}\/|https?:\/\/)/.test(s);
  // `import{a as b}from"./x.js"`, `import * as r from "/x.js"`, `import x,{y} from'./x.js'`, `export*from"./x.js"`
  const staticPattern =
    /(?:^|[^\w$.])(?:import|export)\s*(?:[\w$]+\s*,?\s*)?(?:\*\s*(?:as\s+[\w$]+\s*)?|\{[^{}]*\}\s*)?(?:from\s*)?(["'])([^"'\n]+)\1/g;
  for (const match of code.matchAll(staticPattern)) {
    const specifier = /** @type {string} */ (match[2]);
    if (looksLikePath(specifier)) found.add(specifier);
  }
  if (dynamic) {
    for (const match of code.matchAll(/(?:^|[^\w$.])import\s*\(\s*(["'`])([^"'`\n]+)\1\s*\)/g)) {
      const specifier = /** @type {string} */ (match[2]);
      if (looksLikePath(specifier)) found.add(specifier);
    }
  }
  return [...found];
}

/**
 * What a page loads before it is interactive: JS from `<link rel="modulepreload" href>`,
 * `<script type="module" src>` and the imports (static and dynamic) of inline module scripts — React Router's
 * hydration script imports the route modules and `import()`s entry.client — plus classic `<script src>`;
 * CSS from `<link rel="stylesheet" href>`. Only the first-load set: nothing from `<link rel="prefetch">`.
 * @param {string} html
 * @returns {AssetRefs}
 */
export function extractAssetRefs(html) {
  const js = new Set();
  const css = new Set();
  const withoutComments = html.replace(/<!--[\s\S]*?-->/g, "");
  const tags = /<(link|script)\b([^>]*)>|<\/script\s*>/gi;
  /** @type {RegExpExecArray | null} */
  let match;
  while ((match = tags.exec(withoutComments))) {
    if (!match[1]) continue;
    const attributes = parseAttributes(match[2] ?? "");
    if (match[1].toLowerCase() === "link") {
      if (!attributes.href) continue;
      if (relHas(attributes.rel, "modulepreload")) js.add(attributes.href);
      else if (relHas(attributes.rel, "stylesheet") && !relHas(attributes.rel, "alternate")) css.add(attributes.href);
      continue;
    }
    // <script>: find its end so the body is not scanned as markup (it may contain "<link" in a string).
    const end = withoutComments.indexOf("</script", tags.lastIndex);
    const body = withoutComments.slice(tags.lastIndex, end === -1 ? undefined : end);
    if (end !== -1) tags.lastIndex = end;
    const type = (attributes.type ?? "").trim();
    if (DATA_SCRIPT.test(type)) continue;
    if (attributes.src) {
      js.add(attributes.src);
    } else if (type.toLowerCase() === "module") {
      for (const specifier of importSpecifiers(body, { dynamic: true })) js.add(specifier);
    }
  }
  return { js: [...js], css: [...css] };
}

/**
 * Resolves a URL found in a page to a path inside the built site, or null when it is not on this site
 * (another origin, data:, blob:). Query strings and fragments are dropped.
 * @param {string} ref the URL as written (e.g. "/assets/a.js", "../assets/a.js", "https://cdn.example/x.js")
 * @param {string} base the URL path it is relative to: a route ("/services/x/") or a file ("/assets/b.js")
 * @returns {string | null} a path relative to the site root without leading slash, e.g. "assets/a.js"
 */
export function resolveSitePath(ref, base) {
  const origin = "http://site.invalid";
  let url;
  try {
    url = new URL(ref, new URL(base, origin));
  } catch {
    return null;
  }
  if (url.origin !== origin) return null;
  return decodeURIComponent(url.pathname).replace(/^\/+/, "");
}

/**
 * The route a prerendered file serves: "index.html" → "/", "services/x/index.html" → "/services/x".
 * @param {string} file path relative to the site root, with "/" separators
 */
export function routeOfFile(file) {
  const dir = file.replace(/(^|\/)index\.html$/, "");
  return `/${dir}`.replace(/\/+$/, "") || "/";
}

/** Whether a prerendered file is a real route (not the 404 page or the SPA fallback). @param {string} file */
export function isRouteFile(file) {
  return /(^|\/)index\.html$/.test(file) && !/^404\//.test(file) && !file.includes("__spa-fallback");
}

/**
 * Checks a budgets.json value and returns it typed; throws a readable error when it is malformed.
 * @param {unknown} value
 * @returns {Budgets}
 */
export function validateBudgets(value) {
  const problems = [];
  const isBytes = (/** @type {unknown} */ n) => typeof n === "number" && Number.isInteger(n) && n > 0;
  const v = /** @type {any} */ (value);
  if (!v || typeof v !== "object") throw new Error("budgets: expected an object");
  if (!v.firstLoadJsGzip || typeof v.firstLoadJsGzip !== "object") problems.push("firstLoadJsGzip: expected an object of route → bytes");
  else {
    if (!isBytes(v.firstLoadJsGzip.default)) problems.push("firstLoadJsGzip.default: expected a positive integer (bytes)");
    for (const [route, bytes] of Object.entries(v.firstLoadJsGzip)) {
      if (route !== "default" && !route.startsWith("/")) problems.push(`firstLoadJsGzip["${route}"]: routes start with "/"`);
      if (!isBytes(bytes)) problems.push(`firstLoadJsGzip["${route}"]: expected a positive integer (bytes)`);
    }
  }
  for (const key of ["cssGzip", "htmlGzip"]) if (!isBytes(v[key])) problems.push(`${key}: expected a positive integer (bytes)`);
  if (problems.length) throw new Error(`budgets.json is malformed:\n  ${problems.join("\n  ")}`);
  return v;
}

/**
 * The first-load JS budget of a route: its own entry, else "default".
 * @param {Budgets} budgets @param {string} route
 */
export function jsBudgetFor(budgets, route) {
  const own = Object.hasOwn(budgets.firstLoadJsGzip, route) ? budgets.firstLoadJsGzip[route] : undefined;
  return own ?? budgets.firstLoadJsGzip.default;
}

/**
 * Every figure over its budget (a figure equal to its budget passes).
 * @param {RouteSize[]} rows
 * @param {Budgets} budgets
 * @returns {BudgetMiss[]}
 */
export function checkBudgets(rows, budgets) {
  /** @type {BudgetMiss[]} */
  const misses = [];
  for (const row of rows) {
    const checks = /** @type {const} */ ([
      ["firstLoadJsGzip", row.jsGzip, jsBudgetFor(budgets, row.route)],
      ["cssGzip", row.cssGzip, budgets.cssGzip],
      ["htmlGzip", row.htmlGzip, budgets.htmlGzip],
    ]);
    for (const [metric, actual, budget] of checks) if (actual > budget) misses.push({ route: row.route, metric, actual, budget });
  }
  return misses;
}

/**
 * Budget routes that match no built route (a renamed page would otherwise silently fall back to "default").
 * @param {RouteSize[]} rows @param {Budgets} budgets
 */
export function unknownBudgetRoutes(rows, budgets) {
  const routes = new Set(rows.map((row) => row.route));
  return Object.keys(budgets.firstLoadJsGzip).filter((route) => route !== "default" && !routes.has(route));
}

/** "12,345" — bytes with thousands separators, independent of the locale. @param {number} bytes */
export function formatBytes(bytes) {
  return String(Math.round(bytes)).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}

/**
 * A plain-text table: route, JS gz, CSS gz, HTML gz and the JS budget, numbers right-aligned;
 * rows over a budget are marked with "✗".
 * @param {RouteSize[]} rows
 * @param {Budgets} [budgets]
 */
export function formatTable(rows, budgets) {
  const misses = budgets ? checkBudgets(rows, budgets) : [];
  const missed = (/** @type {string} */ route, /** @type {string} */ metric) =>
    misses.some((miss) => miss.route === route && miss.metric === metric) ? " ✗" : "";
  const header = ["route", "JS gz", "CSS gz", "HTML gz", ...(budgets ? ["JS budget"] : [])];
  const body = rows.map((row) => [
    row.route,
    formatBytes(row.jsGzip) + missed(row.route, "firstLoadJsGzip"),
    formatBytes(row.cssGzip) + missed(row.route, "cssGzip"),
    formatBytes(row.htmlGzip) + missed(row.route, "htmlGzip"),
    ...(budgets ? [formatBytes(jsBudgetFor(budgets, row.route))] : []),
  ]);
  const widths = header.map((title, i) => Math.max(title.length, ...body.map((cells) => (cells[i] ?? "").length)));
  const line = (/** @type {string[]} */ cells) =>
    cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0))).join("  ").trimEnd();
  return [line(header), line(widths.map((w) => "-".repeat(w))), ...body.map(line)].join("\n");
}

/**
 * One line per miss, e.g. `/ first-load JS 120,001 B gzip > budget 120,000 B (+1 B)`.
 * @param {BudgetMiss[]} misses
 */
export function formatMisses(misses) {
  const names = { firstLoadJsGzip: "first-load JS", cssGzip: "CSS", htmlGzip: "HTML" };
  return misses
    .map((m) => `${m.route} ${names[m.metric]} ${formatBytes(m.actual)} B gzip > budget ${formatBytes(m.budget)} B (+${formatBytes(m.actual - m.budget)} B)`)
    .join("\n");
}
