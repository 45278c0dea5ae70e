// Second half of `npm run build`: bundles the Node server and precompresses the static site.
import { build } from "esbuild";
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const entryPoints = ["server/index.ts", "server/messages.ts"].filter((entry) => existsSync(entry));

await build({
  entryPoints,
  outdir: "build/server",
  outExtension: { ".js": ".mjs" },
  bundle: true,
  platform: "node",
  target: "node20",
  format: "esm",
  packages: "external",
  alias: { "~": "./app" },
  sourcemap: true,
  logLevel: "warning",
});

const compressible = /\.(html|js|css|data|svg|json|webmanifest|xml|txt)$/;
let files = 0;
function* walk(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(path);
    else yield path;
  }
}
for (const path of walk("build/client")) {
  if (!compressible.test(path) || statSync(path).size < 512) continue;
  const body = readFileSync(path);
  writeFileSync(`${path}.br`, brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
  writeFileSync(`${path}.gz`, gzipSync(body, { level: 9 }));
  files += 1;
}
console.log(`server bundled (${entryPoints.join(", ")}); ${files} static files precompressed`);
