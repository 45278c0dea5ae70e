import { Buffer } from "node:buffer";
import type { IncomingMessage } from "node:http";
import { fileURLToPath } from "node:url";
import { makeGenericAPIRouteHandler } from "@keystatic/core/api/generic";
import { defineConfig, type Plugin, type ViteDevServer } from "vite";
import { contentDir } from "../app/content/files.server.ts";
import type { gateRequest as GateRequest, keystaticRequestUrl as KeystaticRequestUrl } from "./gate.ts";

/*
 * `npm run cms`: Keystatic's editor at http://127.0.0.1:5174/keystatic, on loopback only (its save endpoint
 * has no authentication), writing the JSON files in CONTENT_DIR (app/content by default). A separate Vite
 * app: nothing here is imported by the site, so none of it reaches the site's build or the server bundle.
 */

const port = Number(process.env.CMS_PORT ?? 5174);
const host = "127.0.0.1";

// Keystatic's UI links Google Fonts' Inter stylesheet (Thinkmill/keystatic#1452): the editor would make an
// outside request on every load. Dropped here, so the editor uses the system font and stays on this machine.
const googleFonts = /\/\*#__PURE__\*\/jsx\("link", \{\s*href: "https:\/\/fonts\.googleapis\.com\/[^"]*",\s*rel: "stylesheet"\s*\}\),?/g;
const stripGoogleFonts = (code: string, id: string) => {
  if (!/@keystatic[\\/]core[\\/]dist[\\/].*\.js$/.test(id) || !code.includes("fonts.googleapis.com")) return undefined;
  const stripped = code.replace(googleFonts, "");
  if (stripped.includes("fonts.googleapis.com")) throw new Error(`cms/vite.config.ts: could not remove the Google Fonts link from ${id}`);
  return stripped;
};

async function readBody(req: IncomingMessage) {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Keystatic's local-mode API (tree, blob, update) at /api/keystatic, with the schema as the gate on saves. */
function keystaticApi(): Plugin {
  return {
    name: "keystatic-local-api",
    configureServer(server: ViteDevServer) {
      server.middlewares.use("/api/keystatic", async (req, res) => {
        try {
          // Another site open in the same browser must not be able to write here (Vite checks the Host header).
          const origin = req.headers.origin;
          if (origin && origin !== `http://${req.headers.host}`) {
            res.writeHead(403).end("Forbidden");
            return;
          }
          const { default: config } = await server.ssrLoadModule("/keystatic.config.ts");
          const { gateRequest, keystaticRequestUrl } = (await server.ssrLoadModule("/gate.ts")) as { gateRequest: typeof GateRequest; keystaticRequestUrl: typeof KeystaticRequestUrl };
          const body = req.method === "POST" ? await readBody(req) : undefined;
          const refused = gateRequest(req.method ?? "GET", req.url ?? "/", body);
          if (refused) {
            res.writeHead(refused.status, { "content-type": "text/plain; charset=utf-8" }).end(refused.text);
            return;
          }
          const handler = makeGenericAPIRouteHandler({ config, localBaseDirectory: contentDir() });
          // The very address the gate checked (never built from the Host header).
          const request = new Request(keystaticRequestUrl(req.url ?? "/"), {
            method: req.method,
            headers: Object.entries(req.headers).flatMap(([k, v]) => (typeof v === "string" ? [[k, v] as [string, string]] : [])),
            body,
          });
          const response = await handler(request);
          const raw = response.headers ?? {};
          const headers = Array.isArray(raw) || raw instanceof Headers ? Object.fromEntries(raw) : raw;
          res.writeHead(response.status ?? 200, headers).end(response.body);
        } catch (error) {
          server.config.logger.error(`keystatic api: ${(error as Error).stack}`);
          if (!res.headersSent) res.writeHead(500).end("Editor API error");
        }
      });
      // The editor lives at /keystatic; the root only sends people there.
      server.middlewares.use((req, res, next) => {
        if (req.url === "/") res.writeHead(302, { location: "/keystatic" }).end();
        else next();
      });
    },
  };
}

// In the browser, the technology logos' slugs alone (about 16 KB gzip), not the simple-icons package with every drawing.
const techIconSlugsModule = fileURLToPath(new URL("./tech-icon-slugs.ts", import.meta.url));
function techIconSlugsForTheBrowser(): Plugin {
  return {
    name: "tech-icon-slugs",
    async load(id, options) {
      if (options?.ssr || id !== techIconSlugsModule) return undefined;
      const { techIconSlugs } = await import("./tech-icon-slugs.ts");
      return `export const techIconSlugs = new Set(${JSON.stringify([...techIconSlugs])});`;
    },
  };
}

export default defineConfig({
  root: fileURLToPath(new URL(".", import.meta.url)),
  appType: "spa",
  envDir: false,
  // Its own dependency cache: the dev site's Vite uses node_modules/.vite, and both may start at once (tests, editors).
  cacheDir: fileURLToPath(new URL("../node_modules/.vite-cms", import.meta.url)),
  define: { "import.meta.env.VITE_DEV_SITE_URL": JSON.stringify(process.env.DEV_SITE_URL ?? "http://localhost:5173") },
  server: { host, port, strictPort: true },
  // `npm run build`: the live editor's page (served by build/server/editor.mjs), apart from the site's build/client.
  build: {
    outDir: fileURLToPath(new URL("../build/editor", import.meta.url)),
    emptyOutDir: true,
    chunkSizeWarningLimit: 5000,
    rolldownOptions: {
      // Keystatic's "use client" markers mean nothing in a client-only app.
      onwarn: (warning, warn) => (warning.code === "MODULE_LEVEL_DIRECTIVE" ? undefined : warn(warning)),
    },
  },
  preview: { host },
  plugins: [keystaticApi(), techIconSlugsForTheBrowser(), { name: "strip-google-fonts", enforce: "pre", transform: stripGoogleFonts }],
  optimizeDeps: {
    include: ["@keystatic/core", "@keystatic/core/ui"],
    rolldownOptions: { plugins: [{ name: "strip-google-fonts", transform: stripGoogleFonts }] },
  },
  resolve: { tsconfigPaths: true },
});
