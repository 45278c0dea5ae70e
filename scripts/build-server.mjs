// Second half of `npm run build`: bundles the Node server and precompresses the static site.
import { build } from "esbuild";
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { basename, join } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { inlineStylesheets } from "./inline-styles.mjs";

const entryPoints = ["server/index.ts", "server/cli/messages.ts"].filter((entry) => existsSync(entry));
// `npm run insights` (server/cli/insights.ts) as build/server/insights.mjs, beside `npm run messages`.
// `npm run staff` (staff/server/cli.ts, the workspace's people and audit log) as build/server/staff.mjs.
const namedEntryPoints = [
  { in: "server/cli/insights.ts", out: "insights" },
  { in: "staff/server/cli.ts", out: "staff" },
];

// What both server bundles share: ES modules for Node 20, beside each other in build/server.
const serverBundle = {
  outdir: "build/server",
  outExtension: { ".js": ".mjs" },
  bundle: true,
  platform: "node",
  target: "node20",
  format: "esm",
  sourcemap: true,
  logLevel: "warning",
};

await build({ ...serverBundle, entryPoints: [...entryPoints.map((entry) => ({ in: entry, out: basename(entry, ".ts") })), ...namedEntryPoints], packages: "external", alias: { "~": "./app" }, jsx: "automatic" });

// The live editor's server: Keystatic's route handler is bundled in (it is a devDependency, never a runtime
// dependency of the site); only the site's own runtime dependencies stay external. Nothing in server/ imports it.
const runtime = Object.keys(JSON.parse(readFileSync("package.json", "utf8")).dependencies);
await build({ ...serverBundle, entryPoints: { editor: "cms/server/editor.ts" }, external: runtime, minify: true });

function* walk(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(path);
    else yield path;
  }
}

// React Router puts a <link rel="modulepreload"> for every chunk of the page at the top of <head>. On a slow
// phone connection those ~120 KB then compete with the HTML and CSS and delay the first paint by ~0.9 s
// (Lighthouse, mobile preset: LCP 2.1 s with them, 1.4-1.7 s without; see docs/decisions.md). The module
// script at the end of <body> imports the same chunks, so they still load, just after the page is painted.
// The stylesheet goes into each page (scripts/inline-styles.mjs): no round trip before the first paint.
let stripped = 0;
let styled = 0;
const readSiteFile = (/** @type {string} */ sitePath) => readFileSync(join("build/client", sitePath), "utf8");
for (const path of walk("build/client")) {
  if (!path.endsWith(".html")) continue;
  const html = readFileSync(path, "utf8");
  const withoutPreloads = html.replace(/<link rel="modulepreload" href="[^"]*"\/>/g, "");
  const { html: lean, inlined } = inlineStylesheets(withoutPreloads, readSiteFile);
  if (withoutPreloads !== html) stripped += 1;
  if (inlined.length) styled += 1;
  if (lean !== html) writeFileSync(path, lean);
}

const compressible = /\.(html|js|css|data|svg|json|webmanifest|xml|txt)$/;
let files = 0;
for (const path of walk("build/client")) {
  if (!compressible.test(path) || statSync(path).size < 512) continue;
  const body = readFileSync(path);
  writeFileSync(`${path}.br`, brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
  writeFileSync(`${path}.gz`, gzipSync(body, { level: 9 }));
  files += 1;
}
console.log(`server bundled (${entryPoints.join(", ")}, cms/server/editor.ts); modulepreload links removed from ${stripped} pages; stylesheet inlined in ${styled}; ${files} static files precompressed`);
