// First, before any schema is built or parsed.
import "./zod-without-eval";
import { collection, config, singleton } from "@keystatic/core";
import type { z } from "zod";
import { homeSchema, industrySchema, resourceSchema, serviceSchema, slugSchema } from "../app/content/schema";
import { fieldFor, fieldsOf, titleField } from "./fields";

/*
 * The editor's view of app/content: the three collections and the home singleton, with the same fields in both
 * storages. Local mode (`npm run cms`): paths relative to the content folder (CONTENT_DIR, app/content by
 * default); the editor writes files on this machine and git does the rest. GitHub mode (the live editor,
 * cms/server/editor.ts): paths in the repository, each save a commit on a branch, published by a pull request.
 */

/** Where the files live. The live editor's page names its repository (cms/server/page.ts); `npm run cms` has none. */
export type EditorStorage = { kind: "local" } | { kind: "github"; repo: `${string}/${string}`; branchPrefix?: string };

/** The dev site (`npm run dev`) that the preview links open, in local mode only. */
const siteUrl = import.meta.env?.VITE_DEV_SITE_URL ?? "http://localhost:5173";

/** A page's fields: its title (which also names its file) then the rest, in the schema's order. */
function pageSchema(schema: z.ZodObject) {
  const shape = schema.shape as Record<string, z.ZodType>;
  const rest = Object.entries(shape).filter(([key]) => key !== "slug" && key !== "title");
  return { title: titleField(shape.title!, slugSchema), ...Object.fromEntries(rest.map(([key, field]) => [key, fieldFor(field, key)])) };
}

/** The editor's configuration for a storage: the fields never depend on it. */
export function editorConfig(storage: EditorStorage) {
  // The preview opens the dev site of the editor's own machine: only local mode has one.
  const preview = (path: string) => (storage.kind === "local" ? `${siteUrl}${path}` : undefined);
  const pages = (label: string, folder: "services" | "industries" | "resources", schema: z.ZodObject) =>
    collection({
      label,
      path: `${folder}/*`,
      format: { data: "json" },
      slugField: "title",
      schema: pageSchema(schema),
      previewUrl: preview(`/${folder}/{slug}`),
    });
  return config({
    // Paths are relative to the content folder: on disk (CONTENT_DIR) or in the repository (app/content).
    storage: storage.kind === "github" ? { ...storage, pathPrefix: "app/content" } : storage,
    ui: { brand: { name: "Site content" } },
    collections: {
      services: pages("Services", "services", serviceSchema),
      industries: pages("Industries", "industries", industrySchema),
      resources: pages("Resources", "resources", resourceSchema),
    },
    singletons: {
      home: singleton({ label: "Home page", path: "home", format: { data: "json" }, schema: fieldsOf(homeSchema), previewUrl: preview("/") }),
    },
  });
}

export default editorConfig({ kind: "local" });
