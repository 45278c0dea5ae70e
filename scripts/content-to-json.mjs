// One-off: moves the copy from the TypeScript modules app/content/{services,industries,resources,home}.ts into
// one JSON file per record (the file name is the slug) plus the page order, without changing a word.
// Kept so the move can be reviewed and repeated; run it with `node scripts/content-to-json.mjs` on a tree that
// still has the .ts modules. Keys keep the order of the schema, which is also the order of the old modules.
import { build } from "esbuild";
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

const dir = "app/content";
const kinds = ["services", "industries", "resources"];
if (!existsSync(join(dir, "services.ts"))) throw new Error("app/content/services.ts is gone: the copy has already been moved");

// The modules are TypeScript: bundle them (with the schema, for its key order) and import the result.
// (An entry file rather than esbuild's stdin option: Tailwind scans scripts/ for class names, and that
// option's name is one, so the stylesheet would change.)
const work = mkdtempSync(join(tmpdir(), "content-to-json-"));
const from = (module) => JSON.stringify(resolve(dir, module));
writeFileSync(
  join(work, "entry.ts"),
  `export { services } from ${from("services.ts")};
export { industries } from ${from("industries.ts")};
export { resources } from ${from("resources.ts")};
export { home } from ${from("home.ts")};
export { serviceSchema, industrySchema, resourceSchema, homeSchema } from ${from("schema.ts")};`,
);
await build({ entryPoints: [join(work, "entry.ts")], outfile: join(work, "entry.mjs"), bundle: true, format: "esm", platform: "node", logLevel: "warning" });
const content = await import(join(work, "entry.mjs"));
rmSync(work, { recursive: true });

const json = (value) => `${JSON.stringify(value, null, 2)}\n`;

// The JSON must keep the modules' key order (so diffs stay small) and that order must be the schema's
// (the editor writes keys in schema order): check both instead of trusting them.
function checkKeyOrder(value, schema, where) {
  const def = schema?._zod?.def;
  if (!def) return;
  if (def.type === "pipe") return checkKeyOrder(value, def.in, where);
  if (def.type === "array" && Array.isArray(value)) return value.forEach((item, i) => checkKeyOrder(item, def.element, `${where}.${i}`));
  if (def.type !== "object" || value === null || typeof value !== "object") return;
  const expected = Object.keys(def.shape).filter((key) => key in value);
  const actual = Object.keys(value);
  if (actual.join() !== expected.join()) throw new Error(`${where}: keys ${actual.join()} are not in schema order ${expected.join()}`);
  for (const key of actual) checkKeyOrder(value[key], def.shape[key], `${where}.${key}`);
}

const schemas = { services: content.serviceSchema, industries: content.industrySchema, resources: content.resourceSchema };
const order = {};
for (const kind of kinds) {
  mkdirSync(join(dir, kind), { recursive: true });
  order[kind] = [];
  for (const { slug, ...record } of content[kind]) {
    checkKeyOrder({ slug, ...record }, schemas[kind], `${kind}/${slug}`);
    writeFileSync(join(dir, kind, `${slug}.json`), json(record));
    order[kind].push(slug);
  }
}
checkKeyOrder(content.home, content.homeSchema, "home");
writeFileSync(join(dir, "home.json"), json(content.home));
writeFileSync(join(dir, "order.json"), json(order));
console.log(`wrote ${kinds.map((k) => `${order[k].length} ${k}`).join(", ")}, home.json and order.json; delete the .ts modules next`);
