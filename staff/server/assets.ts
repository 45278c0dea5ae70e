import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";

/*
 * The workspace's own bundle (staff/vite.config.ts → build/staff): one stylesheet and one module script, named by
 * their hashes in Vite's manifest. Nothing of it is in the public site's build, and nothing of the site's in it.
 */

export type StaffAssets = { styles: string[]; script: string | null };

export const NO_ASSETS: StaffAssets = { styles: [], script: null };

/** Reads build/staff/.vite/manifest.json; without a build (unit tests of the routes), pages come unstyled. */
export function readStaffAssets(dir: string): StaffAssets {
  const manifestPath = join(dir, ".vite", "manifest.json");
  if (!existsSync(manifestPath)) return NO_ASSETS;
  const manifest = JSON.parse(readFileSync(manifestPath, "utf8")) as Record<string, { file: string; css?: string[]; isEntry?: boolean }>;
  const entry = Object.values(manifest).find((chunk) => chunk.isEntry);
  if (!entry) return NO_ASSETS;
  return { styles: (entry.css ?? []).map((file) => `/${file}`), script: `/${entry.file}` };
}
