import type { Config } from "@keystatic/core";
import { Keystatic } from "@keystatic/core/ui";
import { createElement } from "react";
import { createRoot } from "react-dom/client";
import config from "./keystatic.config";

// The editor is Keystatic's own app, served by `npm run cms` only; nothing here is part of the site's build.
createRoot(document.getElementById("root")!).render(createElement(Keystatic, { config: config as unknown as Config }));
