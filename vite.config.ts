import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { contactApiInDev } from "./server/dev-plugin.ts";

export default defineConfig({
  plugins: [tailwindcss(), reactRouter(), contactApiInDev()],
  resolve: { tsconfigPaths: true },
  ssr: {
    // The package has no "exports" map; bundling it avoids a CJS default-import mismatch while prerendering.
    noExternal: ["react-google-recaptcha", "react-async-script"],
  },
});
