import "./zod-without-eval";
import type { Config } from "@keystatic/core";
import { Keystatic } from "@keystatic/core/ui";
import { createElement } from "react";
import { createRoot } from "react-dom/client";
import { editorConfig, type EditorStorage } from "./keystatic.config";
import { hideDuplicatedCookie } from "./single-cookie";

/*
 * The editor is Keystatic's own app: served by `npm run cms` (local files) or by the live editor's server
 * (build/server/editor.mjs, a GitHub repository); nothing here is part of the site's build. The live editor's
 * page names its repository in a JSON block (data, never run), so one build serves any repository.
 */
const named = document.getElementById("editor-storage")?.textContent;
const storage: EditorStorage = named ? (JSON.parse(named) as EditorStorage) : { kind: "local" };
if (storage.kind === "github") hideDuplicatedCookie("keystatic-gh-access-token");
createRoot(document.getElementById("root")!).render(createElement(Keystatic, { config: editorConfig(storage) as unknown as Config }));
