import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { techLogos } from "./scripts/vite-plugin-tech-logos.ts";
import { contactApiInDev } from "./server/dev-plugin.ts";

export default defineConfig({
  plugins: [tailwindcss(), reactRouter(), techLogos(), contactApiInDev()],
  resolve: { tsconfigPaths: true },
  // Pre-bundled when the dev server starts: discovered later (lazy imports, route modules), each would make
  // Vite reload the page on first use, e.g. in the middle of filling in the contact form.
  optimizeDeps: { include: ["sonner", "react-google-recaptcha", "lucide-react", "zod", "zod/mini"] },
  ssr: {
    // The package has no "exports" map; bundling it avoids a CJS default-import mismatch while prerendering.
    noExternal: ["react-google-recaptcha", "react-async-script"],
  },
});
