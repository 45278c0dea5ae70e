import { collection, config, singleton } from "@keystatic/core";
import type { z } from "zod";
import { homeSchema, industrySchema, resourceSchema, serviceSchema, slugSchema } from "../app/content/schema";
import { fieldFor, fieldsOf, titleField } from "./fields";

/*
 * The editor's view of app/content: the three collections and the home singleton, with paths relative to the
 * content folder (CONTENT_DIR, app/content by default). Local mode: the editor writes files on this machine
 * and git does the rest (review, history, deploy).
 */

/** The dev site (`npm run dev`) that the preview links open. */
const siteUrl = import.meta.env.VITE_DEV_SITE_URL ?? "http://localhost:5173";

/** A page's fields: its title (which also names its file) then the rest, in the schema's order. */
function pageSchema(schema: z.ZodObject) {
  const shape = schema.shape as Record<string, z.ZodType>;
  const rest = Object.entries(shape).filter(([key]) => key !== "slug" && key !== "title");
  return { title: titleField(shape.title!, slugSchema), ...Object.fromEntries(rest.map(([key, field]) => [key, fieldFor(field, key)])) };
}

const pages = (label: string, folder: "services" | "industries" | "resources", schema: z.ZodObject) =>
  collection({
    label,
    path: `${folder}/*`,
    format: { data: "json" },
    slugField: "title",
    schema: pageSchema(schema),
    previewUrl: `${siteUrl}/${folder}/{slug}`,
  });

export default config({
  storage: { kind: "local" },
  ui: { brand: { name: "Site content" } },
  collections: {
    services: pages("Services", "services", serviceSchema),
    industries: pages("Industries", "industries", industrySchema),
    resources: pages("Resources", "resources", resourceSchema),
  },
  singletons: {
    home: singleton({ label: "Home page", path: "home", format: { data: "json" }, schema: fieldsOf(homeSchema), previewUrl: `${siteUrl}/` }),
  },
});
