import { cpSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { startVite } from "./servers";

const root = resolve(import.meta.dirname, "../..");

/** A copy of the content files in a temporary folder: the editor's tests never write to the work tree. */
export function copyContent() {
  const dir = mkdtempSync(join(tmpdir(), "content-"));
  for (const entry of ["services", "industries", "resources", "home.json", "order.json"]) cpSync(join(root, "app/content", entry), join(dir, entry), { recursive: true });
  return dir;
}

/** `npm run cms` (Keystatic's editor) on a free loopback port, in its own process group. */
export function startEditor(env: Record<string, string>) {
  return startVite("editor", ["node_modules/vite/bin/vite.js", "--config", "cms/vite.config.ts"], { CMS_PORT: "0", ...env });
}
