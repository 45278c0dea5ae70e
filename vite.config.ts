import { fileURLToPath } from "node:url";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin } from "vite";
import { contentFiles } from "./scripts/vite-plugin-content.ts";
import { popoverPolyfill } from "./scripts/vite-plugin-popover-polyfill.ts";
import { techLogos } from "./scripts/vite-plugin-tech-logos.ts";
import { uiIcons } from "./scripts/vite-plugin-ui-icons.ts";
import { visitCount } from "./scripts/vite-plugin-visit-count.ts";
import { contactApiInDev } from "./server/http/dev-plugin.ts";

// react-router's package exports resolve to its development build in every mode, so production bundles ship
// its dev-only warnings (remix-run/react-router#14102). The browser bundle takes the production build instead;
// the prerender (server) build keeps the package's own resolution, shared with @react-router/node.
const reactRouterProduction = (entry: string) => fileURLToPath(new URL(`./node_modules/react-router/dist/production/${entry}`, import.meta.url));

// Every page loads React, React DOM and React Router, and the same handful of small app modules: two chunks
// instead of about ten, which gzip better (about 1.5 KB less per page) and arrive without a request waterfall.
const clientChunks = {
  groups: [
    { name: "framework", test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/ },
    // Not the visit's source (lib/visit-source.ts): the visit recorder and the contact form fetch it after hydration.
    { name: "shared", test: /app[\\/](config|lib(?![\\/]visit-source)|components[\\/](ui|ui-icon|section-link|brand-mark|decorative-image|enhancement))/, minShareCount: 2 },
  ],
};

// A printed link shows its full address (app.css, @media print), and CSS cannot resolve a path: the stylesheet
// gets the site's address from the build, as app/lib/seo.ts reads it for canonical links.
const printOrigin = (): Plugin => ({
  name: "print-origin",
  enforce: "pre",
  transform(code, id) {
    if (!/[\\/]app[\\/]app\.css(\?|$)/.test(id)) return;
    return code.replace(/SITE_ORIGIN/g, (process.env.SITE_URL ?? "http://localhost:3000").replace(/\/+$/, "").replace(/["\\]/g, ""));
  },
});

export default defineConfig(({ command, isSsrBuild }) => ({
  plugins: [printOrigin(), tailwindcss(), reactRouter(), techLogos(), uiIcons(), popoverPolyfill(), visitCount(), contentFiles(), contactApiInDev()],
  build: isSsrBuild ? {} : { rolldownOptions: { output: { advancedChunks: clientChunks } } },
  resolve: {
    tsconfigPaths: true,
    alias:
      command === "build" && !isSsrBuild
        ? [
            { find: /^react-router$/, replacement: reactRouterProduction("index.mjs") },
            { find: /^react-router\/dom$/, replacement: reactRouterProduction("dom-export.mjs") },
          ]
        : [],
  },
  // Pre-bundled when the dev server starts: discovered later (lazy imports, route modules), each would make
  // Vite reload the page on first use, e.g. in the middle of filling in the contact form.
  optimizeDeps: { include: ["sonner", "react-google-recaptcha", "zod", "zod/mini"] },
  // Visit counting (app/lib/visit-count.ts): ANALYTICS=off at build time leaves no counting code in the pages.
  define: { "import.meta.env.VITE_ANALYTICS": JSON.stringify(process.env.ANALYTICS === "off" ? "off" : "on") },
  ssr: {
    // The package has no "exports" map; bundling it avoids a CJS default-import mismatch while prerendering.
    noExternal: ["react-google-recaptcha", "react-async-script"],
  },
}));
