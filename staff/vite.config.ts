import { fileURLToPath } from "node:url";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

/*
 * The staff workspace's own bundle (issue 37): its stylesheet and its one script, built into build/staff and served
 * only on the workspace's origin. Nothing here is imported by the site, so the site's pages do not grow by a byte.
 */
export default defineConfig({
  root: fileURLToPath(new URL(".", import.meta.url)),
  envDir: false,
  cacheDir: fileURLToPath(new URL("../node_modules/.vite-staff", import.meta.url)),
  publicDir: false,
  build: {
    outDir: fileURLToPath(new URL("../build/staff", import.meta.url)),
    emptyOutDir: true,
    manifest: true,
    rolldownOptions: { input: fileURLToPath(new URL("./app/client.ts", import.meta.url)) },
  },
  plugins: [tailwindcss()],
  resolve: { tsconfigPaths: true },
});
