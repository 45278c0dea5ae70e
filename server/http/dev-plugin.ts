import type { Plugin } from "vite";
import type { createDevApi as CreateDevApi } from "./dev-api";

/**
 * In `npm run dev`, answers /api/contact from the same Vite server, loading the API module
 * through Vite so it reloads on change. Production runs the same module from server/index.ts.
 */
export function contactApiInDev(): Plugin {
  return {
    name: "contact-api-in-dev",
    apply: "serve",
    configureServer(server) {
      server.middlewares.use("/api/", async (req, res, next) => {
        try {
          const { getRequestListener } = await import("@hono/node-server");
          const { createDevApi } = (await server.ssrLoadModule("/server/dev-api.ts")) as { createDevApi: typeof CreateDevApi };
          req.url = `/api${req.url ?? ""}`;
          await getRequestListener((await createDevApi()).fetch)(req, res);
        } catch (error) {
          next(error);
        }
      });
    },
  };
}
