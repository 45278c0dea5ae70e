import data from "./home.json";
import { homeSchema } from "./schema";

/**
 * The home page's copy for code that is bundled and runs without the source tree (the server's e-mails):
 * esbuild and Vite bundle the JSON into it, parsed by the same schema. Loaders read the files through
 * ./catalog.server at build time instead, so the copy stays out of the browser's JavaScript.
 */
export const home = homeSchema.parse(data);
