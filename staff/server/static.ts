import { readFile } from "node:fs/promises";
import { extname, join, normalize } from "node:path";
import type { Context } from "hono";

const types: Record<string, string> = { ".js": "text/javascript; charset=utf-8", ".css": "text/css; charset=utf-8", ".map": "application/json" };

/** The workspace's hashed assets (build/staff/assets): immutable, like the site's. Nothing else on disk is reachable. */
export async function serveStaffAsset(c: Context, dir: string): Promise<Response> {
  const name = c.req.path.slice("/assets/".length);
  if (!/^[\w.-]+$/.test(name) || !types[extname(name)]) return c.text("Not found", 404);
  try {
    const body = await readFile(normalize(join(dir, "assets", name)));
    c.header("Content-Type", types[extname(name)]!);
    c.header("Cache-Control", "public, max-age=31536000, immutable");
    return c.body(new Uint8Array(body));
  } catch {
    return c.text("Not found", 404);
  }
}
